-- The price index (0021) was keyed by the daily rate alone, so a walk in price order (lowest price
-- first, newest first among equal prices) had to read every item at the first price it reached to
-- sort them by age: 9,100 items at £3 of 100,000, fetched from the table for their creation time,
-- before the first page came out (29 ms for 'lowest price, under £55', 20 ms in one category).
-- Keyed in the browse's whole order, the walk is an index-only scan that stops after the page.
-- It also carries the public point, as the rating index below does, so a browse within a radius in
-- either order can check the circle on the walk (browse-sql.ts) instead of reading and sorting every
-- match inside it.
DROP INDEX IF EXISTS "items_price_idx";
--> statement-breakpoint
CREATE INDEX "items_price_idx" ON "items" USING btree ("daily_rate_pence", "created_at" DESC NULLS LAST, "id" DESC NULLS LAST)
INCLUDE ("category_id", "owner_id", "owner_rating", "booked", "public_latitude", "public_longitude") WHERE "deleted_at" IS NULL AND "available";
--> statement-breakpoint
DROP INDEX IF EXISTS "items_rating_idx";
--> statement-breakpoint
CREATE INDEX "items_rating_idx" ON "items" USING btree ("owner_rating" DESC NULLS LAST, "created_at" DESC NULLS LAST, "id" DESC NULLS LAST)
INCLUDE ("category_id", "owner_id", "daily_rate_pence", "booked", "public_latitude", "public_longitude") WHERE "deleted_at" IS NULL AND "available";
