-- Kept as it is now: applied with CREATE OR REPLACE after the migrations on every migrate
-- (db/functions.ts); change it here, not in a new migration. Last defined by migration 0034_browse_tiers_from_indexes.
CREATE OR REPLACE FUNCTION "item_images_has_photo_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM items_refresh_has_photo(array(SELECT item_id FROM old_rows UNION SELECT item_id FROM new_rows));
  RETURN NULL;
END $$;
