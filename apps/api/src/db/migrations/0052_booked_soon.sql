-- The browse indexes carry a bounded part of the days a booking may not include (decision 026).
--
-- items.booked (migration 0030) holds every busy period of an item, and eleven browse indexes of
-- items carried it, so that 'free on these dates' is read from the index entry. A B-tree entry is
-- at most 2,704 bytes and a period takes about 13: an item with about 200 periods (a calendar with a
-- busy day every Tuesday and Saturday, or 200 imported events) could no longer be written, and every
-- write of it failed, the import of its calendar and each booking of it alike.
--
-- booked_soon is booked itself while it has at most 32 periods, else its first 32 (at most 424 bytes),
-- and booked_soon_until the first day it no longer speaks for: the 33rd period's first day, or
-- 'infinity'. Both are generated from booked on every write of it, so nothing else keeps them. The
-- browse indexes carry them instead of booked: dates that meet booked_soon are taken, dates ending
-- before booked_soon_until that do not are free, and only dates reaching it (an item with more than
-- 32 periods) are checked against booked on the item's row (browse-sql.ts).
--
-- Listed after 0056 in time ('when' in the journal), so that a database already migrated past 0056
-- applies it too; it reads nothing 0056 changed.
CREATE FUNCTION "items_booked_soon"(booked datemultirange) RETURNS datemultirange LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN count(*) <= 32 THEN booked ELSE range_agg(r) FILTER (WHERE n <= 32) END
  FROM unnest(booked) WITH ORDINALITY AS u(r, n)
$$;
--> statement-breakpoint
CREATE FUNCTION "items_booked_soon_until"(booked datemultirange) RETURNS date LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce((SELECT lower(r) FROM unnest(booked) WITH ORDINALITY AS u(r, n) WHERE n = 33), 'infinity'::date)
$$;
--> statement-breakpoint
-- Whether the item's busy days meet `range`, read from its row: browse's exact check of dates that
-- reach an item's booked_soon_until. A function, so that the planner neither turns the check into a
-- hash of every item (the alternative it plans for an EXISTS in a filter) nor counts a lookup for
-- every row it estimates (the check runs for a few items only); PL/pgSQL, whose plan is kept for the
-- session (29 us a call against 65 us as an SQL function, which plans its query at each statement).
CREATE FUNCTION "items_booked_meets"(item uuid, range daterange) RETURNS boolean LANGUAGE plpgsql STABLE PARALLEL SAFE COST 1 AS $$
BEGIN
  RETURN EXISTS (SELECT 1 FROM items WHERE id = item AND booked && range);
END $$;
--> statement-breakpoint
-- The indexes first, so that adding the column (which rewrites the table) does not build them once more.
DROP INDEX "items_browse_newest_idx";
--> statement-breakpoint
DROP INDEX "items_browse_category_idx";
--> statement-breakpoint
DROP INDEX "items_newest_idx";
--> statement-breakpoint
DROP INDEX "items_listing_idx";
--> statement-breakpoint
DROP INDEX "items_price_idx";
--> statement-breakpoint
DROP INDEX "items_rating_idx";
--> statement-breakpoint
DROP INDEX "items_category_price_idx";
--> statement-breakpoint
DROP INDEX "items_band_idx";
--> statement-breakpoint
DROP INDEX "items_band_keys_idx";
--> statement-breakpoint
DROP INDEX "items_near_idx";
--> statement-breakpoint
DROP INDEX "items_near_all_idx";
--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "booked_soon" datemultirange GENERATED ALWAYS AS (items_booked_soon("booked")) STORED NOT NULL,
  ADD COLUMN "booked_soon_until" date GENERATED ALWAYS AS (items_booked_soon_until("booked")) STORED NOT NULL;
--> statement-breakpoint
-- Made again in the order they were made before: the planner considers indexes in that order, and
-- on a near-empty table (tests) a tie between two is decided by it.
CREATE INDEX "items_newest_idx" ON "items" USING btree ("created_at" DESC NULLS LAST, "id" DESC NULLS LAST)
INCLUDE ("category_id", "owner_id", "daily_rate_pence", "owner_rating", "booked_soon", "booked_soon_until", "has_photo") WHERE "deleted_at" IS NULL AND "available";
--> statement-breakpoint
CREATE INDEX "items_browse_newest_idx" ON "items" USING btree ("created_at" DESC NULLS LAST, "id" DESC NULLS LAST)
INCLUDE ("category_id", "owner_id", "daily_rate_pence", "owner_rating", "booked_soon", "booked_soon_until", "has_photo", "search_text") WHERE "deleted_at" IS NULL AND "available";
--> statement-breakpoint
CREATE INDEX "items_near_all_idx" ON "items" USING gist (earth_point("public_latitude", "public_longitude"))
INCLUDE ("category_id", "public_latitude", "public_longitude", "id", "created_at", "owner_id", "daily_rate_pence", "owner_rating", "booked_soon", "booked_soon_until", "has_photo", "search_text")
WHERE "deleted_at" IS NULL AND "available";
--> statement-breakpoint
CREATE INDEX "items_price_idx" ON "items" USING btree ("daily_rate_pence", "created_at" DESC NULLS LAST, "id" DESC NULLS LAST)
INCLUDE ("category_id", "owner_id", "owner_rating", "has_photo", "booked_soon", "booked_soon_until", "public_latitude", "public_longitude", "search_text") WHERE "deleted_at" IS NULL AND "available";
--> statement-breakpoint
CREATE INDEX "items_rating_idx" ON "items" USING btree ("owner_rating" DESC NULLS LAST, "created_at" DESC NULLS LAST, "id" DESC NULLS LAST)
INCLUDE ("category_id", "owner_id", "daily_rate_pence", "has_photo", "booked_soon", "booked_soon_until", "public_latitude", "public_longitude", "search_text") WHERE "deleted_at" IS NULL AND "available";
--> statement-breakpoint
CREATE INDEX "items_band_idx" ON "items" USING btree ((floor("public_latitude" * 50)::integer), "public_longitude")
INCLUDE ("category_id", "public_latitude", "id", "created_at", "owner_id", "daily_rate_pence", "owner_rating", "booked_soon", "booked_soon_until", "has_photo", "search_text")
WHERE "deleted_at" IS NULL AND "available";
--> statement-breakpoint
CREATE INDEX "items_listing_idx" ON "items" USING btree ("category_id", "created_at" DESC NULLS LAST, "id" DESC NULLS LAST)
INCLUDE ("owner_id", "daily_rate_pence", "owner_rating", "booked_soon", "booked_soon_until", "has_photo", "public_latitude", "public_longitude") WHERE "deleted_at" IS NULL AND "available";
--> statement-breakpoint
CREATE INDEX "items_browse_category_idx" ON "items" USING btree ("category_id", "created_at" DESC NULLS LAST, "id" DESC NULLS LAST)
INCLUDE ("owner_id", "daily_rate_pence", "owner_rating", "booked_soon", "booked_soon_until", "has_photo", "public_latitude", "public_longitude", "search_text") WHERE "deleted_at" IS NULL AND "available";
--> statement-breakpoint
CREATE INDEX "items_band_keys_idx" ON "items" USING btree ((floor("public_latitude" * 50)::integer), "public_longitude")
INCLUDE ("public_latitude", "id", "created_at", "owner_id", "daily_rate_pence", "owner_rating", "booked_soon", "booked_soon_until", "has_photo")
WHERE "deleted_at" IS NULL AND "available";
--> statement-breakpoint
CREATE INDEX "items_near_idx" ON "items" USING gist ("category_id", earth_point("public_latitude", "public_longitude"))
INCLUDE ("public_latitude", "public_longitude", "id", "created_at", "owner_id", "daily_rate_pence", "owner_rating", "booked_soon", "booked_soon_until", "has_photo", "search_text")
WHERE "deleted_at" IS NULL AND "available" AND "category_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "items_category_price_idx" ON "items" USING btree ("category_id", "daily_rate_pence")
INCLUDE ("created_at", "id", "owner_id", "owner_rating", "booked_soon", "booked_soon_until", "has_photo", "public_latitude", "public_longitude") WHERE "deleted_at" IS NULL AND "available";
--> statement-breakpoint
ANALYZE "items";
