-- Owners' calendars: instant or request-to-book items, buffer days, a weekly price.
-- 1. An item's terms: how it is booked, the days kept free around each rental (0-3) and an optional
--    price per full week of rental (pence).
ALTER TABLE "items" ADD COLUMN "booking_mode" text DEFAULT 'instant' NOT NULL;
--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_booking_mode_known" CHECK ("booking_mode" IN ('instant', 'request'));
--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "buffer_days" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_buffer_days_in_range" CHECK ("buffer_days" >= 0 AND "buffer_days" <= 3);
--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "weekly_rate_pence" integer;
--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_weekly_rate_non_negative" CHECK ("weekly_rate_pence" >= 0);
--> statement-breakpoint
-- 2. A rental keeps the terms it was booked on: the buffer, the weekly price, and for a request its
--    state, when its hold of the dates ends, and the card authorisation of its own (line and fee share).
ALTER TABLE "rentals" ADD COLUMN "buffer_days" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "rentals" ADD CONSTRAINT "rentals_buffer_days_in_range" CHECK ("buffer_days" >= 0 AND "buffer_days" <= 3);
--> statement-breakpoint
ALTER TABLE "rentals" ADD COLUMN "weekly_rate_pence" integer;
--> statement-breakpoint
ALTER TABLE "rentals" ADD COLUMN "request_status" text;
--> statement-breakpoint
ALTER TABLE "rentals" ADD CONSTRAINT "rentals_request_status_known" CHECK ("request_status" IS NULL OR "request_status" IN ('pending', 'accepted', 'declined', 'expired'));
--> statement-breakpoint
ALTER TABLE "rentals" ADD COLUMN "request_expires_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "rentals" ADD COLUMN "request_authorization_id" text;
--> statement-breakpoint
ALTER TABLE "rentals" ADD COLUMN "request_amount_pence" integer;
--> statement-breakpoint
ALTER TABLE "rentals" ADD CONSTRAINT "rentals_request_complete" CHECK ("request_status" IS NULL OR ("request_expires_at" IS NOT NULL AND "request_authorization_id" IS NOT NULL AND "request_amount_pence" >= 0));
--> statement-breakpoint
CREATE INDEX "rentals_pending_requests_idx" ON "rentals" ("owner_id", "request_expires_at") WHERE "request_status" = 'pending';
--> statement-breakpoint
-- 3. No two open rentals or held requests of an item share a day, nor a day of the buffer after the
--    earlier one: each row's range runs on past its end by the buffer it was booked with, so between
--    two rentals of an item at least that many days stay free. A pending request is an open rental
--    (cancelled_at is set when it is declined or expires), so its dates are held by the same guard.
ALTER TABLE "rentals" DROP CONSTRAINT "rentals_no_overlap";
--> statement-breakpoint
ALTER TABLE "rentals" ADD CONSTRAINT "rentals_no_overlap"
  EXCLUDE USING gist ("item_id" WITH =, daterange("start_date", "end_date" + "buffer_days", '[]') WITH &&)
  WHERE (NOT "returned" AND "cancelled_at" IS NULL);
--> statement-breakpoint
-- 4. Extensions: a rental's end moves later (the no-overlap constraint checks the new range, buffer
--    included) and the difference is paid by card or from the balance. The rental keeps what its
--    extensions added, so its checkout line (total_pence minus extended_line_pence) still shares the
--    checkout fee as it did; each extension is recorded, and a request item's waits for the owner.
ALTER TABLE "rentals" ADD COLUMN "extended_line_pence" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "rentals" ADD COLUMN "extended_fee_pence" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE TABLE "rental_extensions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rental_id" uuid NOT NULL REFERENCES "rentals"("id"),
	"from_end_date" date NOT NULL,
	"to_end_date" date NOT NULL,
	"line_pence" integer NOT NULL,
	"fee_pence" integer NOT NULL,
	"paid_with" text NOT NULL,
	"authorization_id" text,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	CONSTRAINT "rental_extensions_later" CHECK ("to_end_date" > "from_end_date"),
	CONSTRAINT "rental_extensions_paid_with_known" CHECK ("paid_with" IN ('card', 'balance')),
	CONSTRAINT "rental_extensions_status_known" CHECK ("status" IN ('paid', 'pending', 'declined'))
);
--> statement-breakpoint
CREATE INDEX "rental_extensions_rental_idx" ON "rental_extensions" ("rental_id");
--> statement-breakpoint
-- At most one extension waiting for the owner per rental.
CREATE UNIQUE INDEX "rental_extensions_one_pending_idx" ON "rental_extensions" ("rental_id") WHERE "status" = 'pending';
