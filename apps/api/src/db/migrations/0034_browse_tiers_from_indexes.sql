-- The indexes rebuilt below are dropped first, so that filling the new column writes no entries to them.
DROP INDEX IF EXISTS "items_listing_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "items_browse_newest_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "items_browse_category_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "items_newest_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "items_near_idx";
--> statement-breakpoint
-- Relevance's first tier (decision 022) is an item with a photo whose owner is rated. The photo was a
-- probe of item_images for every candidate: prepared with a generic plan, PostgreSQL turned the probe
-- into a hash of every image (a sequential scan of item_images, about 15 ms on 100,000 items) for
-- each browse that sorted its matches by tier. `items.has_photo` carries it on the item, kept by
-- statement-level triggers on item_images, and the browse indexes carry it beside owner_rating, so
-- the tier of a candidate is read from the index entry the walk is on.
ALTER TABLE "items" ADD COLUMN "has_photo" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
UPDATE "items" i SET "has_photo" = true WHERE EXISTS (SELECT 1 FROM "item_images" g WHERE g."item_id" = i."id");
--> statement-breakpoint
-- Sets has_photo of the given items from their images. The items are locked first (in id order, so
-- two changes cannot deadlock), and the images are then read with a fresh snapshot: of two
-- transactions changing one item's photos at once, the second to lock sees the first's commit, so
-- the last photo removed and another added at the same time cannot leave the flag wrong.
CREATE FUNCTION "items_refresh_has_photo"(targets uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM items WHERE id = ANY(targets) ORDER BY id FOR NO KEY UPDATE;
  UPDATE items i SET has_photo = p.has
  FROM (SELECT t.id, EXISTS (SELECT 1 FROM item_images g WHERE g.item_id = t.id) AS has FROM unnest(targets) AS t(id)) p
  WHERE i.id = p.id AND i.has_photo IS DISTINCT FROM p.has;
END $$;
--> statement-breakpoint
CREATE FUNCTION "item_images_has_photo_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM items_refresh_has_photo(array(SELECT DISTINCT item_id FROM new_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "item_images_has_photo_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM items_refresh_has_photo(array(SELECT item_id FROM old_rows UNION SELECT item_id FROM new_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "item_images_has_photo_after_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM items_refresh_has_photo(array(SELECT DISTINCT item_id FROM old_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "item_images_has_photo_after_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE items SET has_photo = false WHERE has_photo;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "item_images_has_photo_after_insert" AFTER INSERT ON "item_images" REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION item_images_has_photo_after_insert();
--> statement-breakpoint
CREATE TRIGGER "item_images_has_photo_after_update" AFTER UPDATE ON "item_images" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION item_images_has_photo_after_update();
--> statement-breakpoint
CREATE TRIGGER "item_images_has_photo_after_delete" AFTER DELETE ON "item_images" REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION item_images_has_photo_after_delete();
--> statement-breakpoint
CREATE TRIGGER "item_images_has_photo_after_truncate" AFTER TRUNCATE ON "item_images"
FOR EACH STATEMENT EXECUTE FUNCTION item_images_has_photo_after_truncate();
--> statement-breakpoint
-- The four newest-first browse indexes (0017, 0020) carry has_photo with the other filter columns.
CREATE INDEX "items_newest_idx" ON "items" USING btree ("created_at" DESC NULLS LAST, "id" DESC NULLS LAST)
INCLUDE ("category_id", "owner_id", "daily_rate_pence", "owner_rating", "booked", "has_photo") WHERE "deleted_at" IS NULL AND "available";
--> statement-breakpoint
CREATE INDEX "items_listing_idx" ON "items" USING btree ("category_id", "created_at" DESC NULLS LAST, "id" DESC NULLS LAST)
INCLUDE ("owner_id", "daily_rate_pence", "owner_rating", "booked", "has_photo") WHERE "deleted_at" IS NULL AND "available";
--> statement-breakpoint
CREATE INDEX "items_browse_newest_idx" ON "items" USING btree ("created_at" DESC NULLS LAST, "id" DESC NULLS LAST)
INCLUDE ("category_id", "owner_id", "daily_rate_pence", "owner_rating", "booked", "has_photo", "search_text") WHERE "deleted_at" IS NULL AND "available";
--> statement-breakpoint
CREATE INDEX "items_browse_category_idx" ON "items" USING btree ("category_id", "created_at" DESC NULLS LAST, "id" DESC NULLS LAST)
INCLUDE ("owner_id", "daily_rate_pence", "owner_rating", "booked", "has_photo", "search_text") WHERE "deleted_at" IS NULL AND "available";
--> statement-breakpoint
-- The GiST index of public points is keyed by category first (btree_gist) and carries the points
-- themselves and every column a browse within a radius reads, so the radius (the cube, then the exact
-- circle from the carried point), the filters, the words and the keys of the orders come from the
-- index alone, and a browse of one category reads only that category's entries. Before, counting a
-- radius around a bench city fetched each of the 6,000-7,000 rows inside the cube around the circle
-- to check the circle and the category (one category within 3 miles of a city centre: 6,801 rows
-- for 396 matches); keyed by category, one category within 5 miles read 947 index entries for 75
-- matches, measured on 100,000 items. The text is the largest column (about 110 bytes an
-- item); without it, every radius with a word would fetch its candidates' rows again. Nearest first
-- across all categories still walks it in distance order.
CREATE INDEX "items_near_idx" ON "items" USING gist ("category_id", earth_point("public_latitude", "public_longitude"))
INCLUDE ("public_latitude", "public_longitude", "id", "created_at", "owner_id", "daily_rate_pence", "owner_rating", "booked", "has_photo", "search_text")
WHERE "deleted_at" IS NULL AND "available";
