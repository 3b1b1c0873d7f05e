-- Another card for a deposit (issue 46) whose bank asks for 3-D Secure: the renter answers the same
-- bank's page as at checkout (decision 034), and the deposit is held once the bank approves. Each
-- challenge keeps the processor's authentication, what the page shows (amount, brand, last four
-- digits), and where it got to: awaiting the bank, held, or failed (the reason is kept on the hold).
CREATE TABLE "deposit_card_challenges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"hold_id" uuid NOT NULL,
	"renter_id" text NOT NULL,
	"authentication_id" text NOT NULL,
	"amount_pence" integer NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"status" text DEFAULT 'awaiting' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	CONSTRAINT "deposit_card_challenges_status_check" CHECK ("deposit_card_challenges"."status" in ('awaiting', 'held', 'failed'))
);--> statement-breakpoint
ALTER TABLE "deposit_card_challenges" ADD CONSTRAINT "deposit_card_challenges_hold_id_deposit_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "deposit_holds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_card_challenges" ADD CONSTRAINT "deposit_card_challenges_renter_id_users_id_fk" FOREIGN KEY ("renter_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deposit_card_challenges_hold_idx" ON "deposit_card_challenges" USING btree ("hold_id");
