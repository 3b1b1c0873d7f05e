-- Requests withdrawn by their renter; a request item's pending extension holds its extra days and expires.
-- 1. A renter may withdraw a pending request: like a decline or an expiry it sets cancelled_at (its
--    dates are free at once) and voids its authorisation; request_status says how it ended.
ALTER TABLE "rentals" DROP CONSTRAINT "rentals_request_status_known";
--> statement-breakpoint
ALTER TABLE "rentals" ADD CONSTRAINT "rentals_request_status_known" CHECK ("request_status" IS NULL OR "request_status" IN ('pending', 'accepted', 'declined', 'expired', 'withdrawn'));
--> statement-breakpoint
-- 2. While a request item's extension waits for the owner, the rental row holds the extra days:
--    held_end_date is the end the extension asks for (null when none waits), and the no-overlap
--    constraint runs the row to it (buffer included), so nobody else can book them meanwhile. The
--    same guarantee as bookings, on the same row: no second table of holds, no trigger to race.
--    Accepting moves end_date there; declining, withdrawing or expiring sets it back to null.
ALTER TABLE "rentals" ADD COLUMN "held_end_date" date;
--> statement-breakpoint
ALTER TABLE "rentals" ADD CONSTRAINT "rentals_held_end_after_end" CHECK ("held_end_date" IS NULL OR "held_end_date" > "end_date");
--> statement-breakpoint
ALTER TABLE "rentals" DROP CONSTRAINT "rentals_no_overlap";
--> statement-breakpoint
ALTER TABLE "rentals" ADD CONSTRAINT "rentals_no_overlap"
  EXCLUDE USING gist ("item_id" WITH =, daterange("start_date", coalesce("held_end_date", "end_date") + "buffer_days", '[]') WITH &&)
  WHERE (NOT "returned" AND "cancelled_at" IS NULL);
--> statement-breakpoint
-- 3. An extension records when its hold ends (24 hours after it was asked or the start of its first
--    extra day in London, the earlier) and how a pending one ended: withdrawn by the renter or expired.
ALTER TABLE "rental_extensions" ADD COLUMN "expires_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "rental_extensions" DROP CONSTRAINT "rental_extensions_status_known";
--> statement-breakpoint
ALTER TABLE "rental_extensions" ADD CONSTRAINT "rental_extensions_status_known" CHECK ("status" IN ('paid', 'pending', 'declined', 'expired', 'withdrawn'));
--> statement-breakpoint
UPDATE "rental_extensions" SET "expires_at" = least("created_at" + interval '24 hours', (("from_end_date" + 1)::timestamp AT TIME ZONE 'Europe/London'))
WHERE "status" = 'pending';
--> statement-breakpoint
ALTER TABLE "rental_extensions" ADD CONSTRAINT "rental_extensions_pending_expires" CHECK ("status" <> 'pending' OR "expires_at" IS NOT NULL);
--> statement-breakpoint
-- Extensions already waiting: each holds its days if they are still free (oldest first); one whose
-- days were booked meanwhile is left unheld, and the owner's accept still checks them. Each gets its
-- expiry job, as new ones do (rentals.expire_extension, keyed by the extension).
DO $$
DECLARE x record;
BEGIN
  FOR x IN SELECT e.rental_id, e.to_end_date FROM rental_extensions e JOIN rentals r ON r.id = e.rental_id
           WHERE e.status = 'pending' AND r.cancelled_at IS NULL AND NOT r.returned AND e.to_end_date > r.end_date
           ORDER BY e.created_at LOOP
    BEGIN
      UPDATE rentals SET held_end_date = x.to_end_date WHERE id = x.rental_id;
    EXCEPTION WHEN exclusion_violation THEN NULL;
    END;
  END LOOP;
END $$;
--> statement-breakpoint
INSERT INTO "jobs" ("name", "payload", "key", "run_at")
SELECT 'rentals.expire_extension', jsonb_build_object('extensionId', e.id), 'rentals.expire_extension:' || e.id, e.expires_at
FROM "rental_extensions" e WHERE e.status = 'pending'
ON CONFLICT ("key") DO NOTHING;
--> statement-breakpoint
-- 4. Browsing's items.booked (0030) holds the held days too, widened as the constraint compares them.
CREATE OR REPLACE FUNCTION "items_booked_days"(item uuid, buffer integer) RETURNS datemultirange LANGUAGE sql AS $$
  SELECT coalesce(range_agg(days), '{}'::datemultirange) FROM (
    SELECT daterange(r.start_date - buffer, coalesce(r.held_end_date, r.end_date) + r.buffer_days, '[]') AS days FROM rentals r
    WHERE r.item_id = item AND NOT r.returned AND r.cancelled_at IS NULL
    UNION ALL
    SELECT daterange(b.start_date, b.end_date, '[]') FROM calendar_blocked_days b WHERE b.item_id = item
  ) u
$$;
--> statement-breakpoint
UPDATE "items" i SET "booked" = items_booked_days(i.id, i.buffer_days)
WHERE EXISTS (SELECT 1 FROM rentals r WHERE r.item_id = i.id AND r.held_end_date IS NOT NULL)
  AND i.booked IS DISTINCT FROM items_booked_days(i.id, i.buffer_days);
