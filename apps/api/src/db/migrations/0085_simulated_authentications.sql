-- The simulated card processor's 3-D Secure authentications (issue 46), kept in the database so a
-- challenge started before a restart of the process can still be answered and confirmed after it.
-- Only the documented 3-D Secure test cards have authentications: their kind names the card, so no
-- card number is kept. Week-old rows are removed by housekeeping.
CREATE TABLE "simulated_authentications" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"state" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "simulated_authentications_state_known" CHECK ("simulated_authentications"."state" in ('pending', 'authenticated', 'failed')),
	CONSTRAINT "simulated_authentications_kind_known" CHECK ("simulated_authentications"."kind" in ('challenge', 'challenge_fails', 'frictionless', 'challenge_then_declined'))
);
--> statement-breakpoint
CREATE INDEX "simulated_authentications_created_idx" ON "simulated_authentications" USING btree ("created_at");