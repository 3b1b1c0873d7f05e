-- Kept as it is now: applied with CREATE OR REPLACE after the migrations on every migrate
-- (db/functions.ts); change it here, not in a new migration. Last defined by migration 0034_browse_tiers_from_indexes.
CREATE OR REPLACE TRIGGER "item_images_has_photo_after_truncate" AFTER TRUNCATE ON "item_images"
FOR EACH STATEMENT EXECUTE FUNCTION item_images_has_photo_after_truncate();
