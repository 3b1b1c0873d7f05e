-- Cancellation policies (issue 45, decision 037). Each item has the policy its owner chose; items
-- listed before are Flexible, the closest to the earlier rule (a full refund until the start day). A
-- rental keeps the policy its item had when it was booked, so an owner who changes it later does not
-- change what a renter already agreed to; rentals booked before are Flexible too.
ALTER TABLE "items" ADD COLUMN "cancellation_policy" text DEFAULT 'flexible' NOT NULL;
--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_cancellation_policy_known" CHECK ("cancellation_policy" IN ('flexible', 'moderate', 'strict'));
--> statement-breakpoint
ALTER TABLE "rentals" ADD COLUMN "cancellation_policy" text DEFAULT 'flexible' NOT NULL;
--> statement-breakpoint
ALTER TABLE "rentals" ADD CONSTRAINT "rentals_cancellation_policy_known" CHECK ("cancellation_policy" IN ('flexible', 'moderate', 'strict'));
--> statement-breakpoint
-- The share of what was paid that a cancellation gave back (null before policies, and for requests never
-- charged): a renter's cancellation under 100 was a late one, which their track record counts.
ALTER TABLE "rentals" ADD COLUMN "refund_percent" integer;
--> statement-breakpoint
ALTER TABLE "rentals" ADD CONSTRAINT "rentals_refund_percent_in_range" CHECK ("refund_percent" IS NULL OR ("refund_percent" >= 0 AND "refund_percent" <= 100));
