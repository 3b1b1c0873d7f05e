-- The simulated card processor's saved payment methods (issue 46), kept in the database so a deposit
-- scheduled at checkout is still authorised off-session after a restart of the process. No card
-- number is kept: the kind says how the test card behaves (any other card is 'approved'), and the
-- brand and last four digits are what is shown. Not removed by housekeeping: a deposit may be held
-- months after its card was saved.
CREATE TABLE "simulated_payment_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "simulated_payment_methods_kind_known" CHECK ("simulated_payment_methods"."kind" in ('approved', 'declined', 'insufficient_funds', 'processing_error', 'challenge', 'challenge_fails', 'frictionless', 'challenge_then_declined')),
	CONSTRAINT "simulated_payment_methods_last4_digits" CHECK ("simulated_payment_methods"."last4" ~ '^[0-9]{4}$')
);
