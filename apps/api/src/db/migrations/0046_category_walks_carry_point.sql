-- Nearest first within one category, when the matches are fewer than the count's bound, sorts them
-- by their distance from the browse's origin: found again along the category's listing index (or its
-- browse index, with words), each match's public point was read from its table row, one lookup each
-- (700 matches under a low price with a high rating: about 3 ms). The category-first indexes carry the
-- point now, as the price, rating and spatial indexes do, and the matches are sorted index-only.
DROP INDEX IF EXISTS "items_listing_idx";
--> statement-breakpoint
CREATE INDEX "items_listing_idx" ON "items" USING btree ("category_id", "created_at" DESC NULLS LAST, "id" DESC NULLS LAST)
INCLUDE ("owner_id", "daily_rate_pence", "owner_rating", "booked", "has_photo", "public_latitude", "public_longitude") WHERE "deleted_at" IS NULL AND "available";
--> statement-breakpoint
DROP INDEX IF EXISTS "items_browse_category_idx";
--> statement-breakpoint
CREATE INDEX "items_browse_category_idx" ON "items" USING btree ("category_id", "created_at" DESC NULLS LAST, "id" DESC NULLS LAST)
INCLUDE ("owner_id", "daily_rate_pence", "owner_rating", "booked", "has_photo", "public_latitude", "public_longitude", "search_text") WHERE "deleted_at" IS NULL AND "available";
