-- Kept as it is now: applied with CREATE OR REPLACE after the migrations on every migrate
-- (db/functions.ts); change it here, not in a new migration. Last defined by migration 0023_near_me.
CREATE OR REPLACE TRIGGER "items_public_point" BEFORE INSERT OR UPDATE OF "latitude", "longitude" ON "items"
FOR EACH ROW EXECUTE FUNCTION items_public_point();
