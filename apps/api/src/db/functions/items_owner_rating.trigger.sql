-- Kept as it is now: applied with CREATE OR REPLACE after the migrations on every migrate
-- (db/functions.ts); change it here, not in a new migration. Last defined by migration 0009_category_item_counts.
CREATE OR REPLACE TRIGGER "items_owner_rating" BEFORE INSERT OR UPDATE OF "owner_id" ON "items"
FOR EACH ROW EXECUTE FUNCTION "items_take_owner_rating"();
