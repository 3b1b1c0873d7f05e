-- A browse card shows the item's first photo. Each page looked it up for each of its 24 cards (an
-- index probe of item_images ordered by position, about a tenth of the database's work for a common
-- browse); the item carries the first photo's keys instead, kept by the same statement-level
-- triggers on item_images that keep has_photo (migration 0034). No browse index carries them: they
-- are read from the item's row, which each card reads anyway.
ALTER TABLE "items" ADD COLUMN "photo_large_key" text;
--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "photo_thumb_key" text;
--> statement-breakpoint
UPDATE "items" i SET "photo_large_key" = f."large_key", "photo_thumb_key" = f."thumb_key"
FROM (SELECT DISTINCT ON ("item_id") "item_id", "large_key", "thumb_key" FROM "item_images" ORDER BY "item_id", "position") f
WHERE f."item_id" = i."id";
--> statement-breakpoint
-- As before (0034), with the first photo's keys beside the flag: the items are locked first, in id
-- order, and their images then read with a fresh snapshot, so two changes to one item's photos at
-- once leave the flag and the keys those of the photos that remain.
CREATE OR REPLACE FUNCTION "items_refresh_has_photo"(targets uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM items WHERE id = ANY(targets) ORDER BY id FOR NO KEY UPDATE;
  UPDATE items i SET has_photo = p.large_key IS NOT NULL, photo_large_key = p.large_key, photo_thumb_key = p.thumb_key
  FROM (SELECT t.id, f.large_key, f.thumb_key FROM unnest(targets) AS t(id)
        LEFT JOIN LATERAL (SELECT g.large_key, g.thumb_key FROM item_images g WHERE g.item_id = t.id ORDER BY g.position LIMIT 1) f ON true) p
  WHERE i.id = p.id
    AND (i.has_photo IS DISTINCT FROM (p.large_key IS NOT NULL)
         OR i.photo_large_key IS DISTINCT FROM p.large_key OR i.photo_thumb_key IS DISTINCT FROM p.thumb_key);
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "item_images_has_photo_after_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE items SET has_photo = false, photo_large_key = NULL, photo_thumb_key = NULL
  WHERE has_photo OR photo_large_key IS NOT NULL OR photo_thumb_key IS NOT NULL;
  RETURN NULL;
END $$;
