-- When a browse in another order than newest first has fewer matches than the count's bound, its
-- page is sorted from the matches found again with the keys of the order: the price, the owner's
-- rating and the photo flag (relevance's first tier is a rated owner with a photo). Every newest-first
-- browse index carries them (0034); the price and rating indexes, which a count with a maximum price
-- or a rating may walk, did not carry the flag, so each match fetched its table row for it. They carry
-- it now, and the matches are found again index-only.
DROP INDEX IF EXISTS "items_price_idx";
--> statement-breakpoint
CREATE INDEX "items_price_idx" ON "items" USING btree ("daily_rate_pence", "created_at" DESC NULLS LAST, "id" DESC NULLS LAST)
INCLUDE ("category_id", "owner_id", "owner_rating", "has_photo", "booked", "public_latitude", "public_longitude", "search_text") WHERE "deleted_at" IS NULL AND "available";
--> statement-breakpoint
DROP INDEX IF EXISTS "items_rating_idx";
--> statement-breakpoint
CREATE INDEX "items_rating_idx" ON "items" USING btree ("owner_rating" DESC NULLS LAST, "created_at" DESC NULLS LAST, "id" DESC NULLS LAST)
INCLUDE ("category_id", "owner_id", "daily_rate_pence", "has_photo", "booked", "public_latitude", "public_longitude", "search_text") WHERE "deleted_at" IS NULL AND "available";
