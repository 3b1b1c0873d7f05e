-- Kept as it is now: applied with CREATE OR REPLACE after the migrations on every migrate
-- (db/functions.ts); change it here, not in a new migration. Last defined by migration 0034_browse_tiers_from_indexes.
CREATE OR REPLACE TRIGGER "item_images_has_photo_after_update" AFTER UPDATE ON "item_images" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION item_images_has_photo_after_update();
