-- Kept as it is now: applied with CREATE OR REPLACE after the migrations on every migrate
-- (db/functions.ts); change it here, not in a new migration. Last defined by migration 0040_items_card_photo.
CREATE OR REPLACE FUNCTION "item_images_has_photo_after_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE items SET has_photo = false, photo_large_key = NULL, photo_thumb_key = NULL
  WHERE has_photo OR photo_large_key IS NOT NULL OR photo_thumb_key IS NOT NULL;
  RETURN NULL;
END $$;
