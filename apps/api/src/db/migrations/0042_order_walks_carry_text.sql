-- A walk in price or rating order over items with a search word ('electric', lowest price first)
-- checks the word on each entry it passes. The price and rating indexes (0035) did not carry the
-- text, so each entry fetched its table row: a common word past the count's bound read 4,500 rows
-- for a second page by rating (3 ms of a 4 ms browse). Carrying the text, as the newest-first browse
-- indexes do (0017), the walk is an index-only scan.
DROP INDEX IF EXISTS "items_price_idx";
--> statement-breakpoint
CREATE INDEX "items_price_idx" ON "items" USING btree ("daily_rate_pence", "created_at" DESC NULLS LAST, "id" DESC NULLS LAST)
INCLUDE ("category_id", "owner_id", "owner_rating", "booked", "public_latitude", "public_longitude", "search_text") WHERE "deleted_at" IS NULL AND "available";
--> statement-breakpoint
DROP INDEX IF EXISTS "items_rating_idx";
--> statement-breakpoint
CREATE INDEX "items_rating_idx" ON "items" USING btree ("owner_rating" DESC NULLS LAST, "created_at" DESC NULLS LAST, "id" DESC NULLS LAST)
INCLUDE ("category_id", "owner_id", "daily_rate_pence", "booked", "public_latitude", "public_longitude", "search_text") WHERE "deleted_at" IS NULL AND "available";
