-- What of an order's charge the renter's Toolshed balance paid, before the card: the card is
-- authorised for the rest. Existing orders were paid by card alone.
ALTER TABLE "payments" ADD COLUMN "balance_pence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_balance_within_amount" CHECK ("payments"."balance_pence" >= 0 and "payments"."balance_pence" <= "payments"."amount_pence");
