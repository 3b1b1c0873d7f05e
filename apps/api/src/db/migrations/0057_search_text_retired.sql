-- The lower-cased copy of each item's name and description (search_text, migration 0017) served the
-- substring search that decision 025 replaced with the search document; nothing reads it since 0056.
-- Dropping it drops its trigram index and every browse index that carried it (PostgreSQL drops an
-- index with a column it includes): the three made only to carry it beside a twin without it
-- (items_browse_newest_idx, items_browse_category_idx, items_band_idx) stay gone, and the four with no
-- twin are made again as they were without it. It also ends a limit on what can be written: a btree
-- entry holds at most 2,704 bytes, and an item whose name and description passed that (a long
-- description in a script of several bytes a letter) could not be saved.
ALTER TABLE "items" DROP COLUMN IF EXISTS "search_text";
--> statement-breakpoint
DROP INDEX IF EXISTS "items_browse_newest_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "items_browse_category_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "items_band_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "items_search_trgm_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "items_near_all_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "items_price_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "items_rating_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "items_near_idx";
--> statement-breakpoint
CREATE INDEX "items_near_all_idx" ON "items" USING gist (earth_point("public_latitude", "public_longitude"))
INCLUDE ("category_id", "public_latitude", "public_longitude", "id", "created_at", "owner_id", "daily_rate_pence", "owner_rating", "booked_soon", "booked_soon_until", "has_photo")
WHERE "deleted_at" IS NULL AND "available";
--> statement-breakpoint
CREATE INDEX "items_price_idx" ON "items" USING btree ("daily_rate_pence", "created_at" DESC NULLS LAST, "id" DESC NULLS LAST)
INCLUDE ("category_id", "owner_id", "owner_rating", "has_photo", "booked_soon", "booked_soon_until", "public_latitude", "public_longitude") WHERE "deleted_at" IS NULL AND "available";
--> statement-breakpoint
CREATE INDEX "items_rating_idx" ON "items" USING btree ("owner_rating" DESC NULLS LAST, "created_at" DESC NULLS LAST, "id" DESC NULLS LAST)
INCLUDE ("category_id", "owner_id", "daily_rate_pence", "has_photo", "booked_soon", "booked_soon_until", "public_latitude", "public_longitude") WHERE "deleted_at" IS NULL AND "available";
--> statement-breakpoint
CREATE INDEX "items_near_idx" ON "items" USING gist ("category_id", earth_point("public_latitude", "public_longitude"))
INCLUDE ("public_latitude", "public_longitude", "id", "created_at", "owner_id", "daily_rate_pence", "owner_rating", "booked_soon", "booked_soon_until", "has_photo")
WHERE "deleted_at" IS NULL AND "available" AND "category_id" IS NOT NULL;
--> statement-breakpoint
ANALYZE "items";
