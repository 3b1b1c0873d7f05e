-- Refunds of a cancelled rental back to the card it was paid with: one row per captured card
-- authorisation, pending until the processor answers, then succeeded or failed (a failed one goes to
-- the renter's Toolshed balance instead). The trigger keeping the status forward is in db/functions/.
CREATE TABLE "card_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rental_id" uuid NOT NULL,
	"renter_id" text NOT NULL,
	"provider" text NOT NULL,
	"authorization_id" text NOT NULL,
	"amount_pence" integer NOT NULL,
	"brand" text,
	"last4" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_refund_id" text,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "card_refunds_amount_positive" CHECK ("card_refunds"."amount_pence" > 0),
	CONSTRAINT "card_refunds_status_known" CHECK ("card_refunds"."status" in ('pending', 'succeeded', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "card_refunds" ADD CONSTRAINT "card_refunds_rental_id_rentals_id_fk" FOREIGN KEY ("rental_id") REFERENCES "rentals"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "card_refunds" ADD CONSTRAINT "card_refunds_renter_id_users_id_fk" FOREIGN KEY ("renter_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "card_refunds_rental_authorization_idx" ON "card_refunds" USING btree ("rental_id","authorization_id");
--> statement-breakpoint
CREATE INDEX "card_refunds_renter_idx" ON "card_refunds" USING btree ("renter_id");
