-- Kept as it is now: applied with CREATE OR REPLACE after the migrations on every migrate
-- (db/functions.ts); change it here, not in a new migration. Last defined by migration 0040_items_card_photo.
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
