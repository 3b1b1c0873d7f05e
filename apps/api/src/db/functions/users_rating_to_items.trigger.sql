-- Kept as it is now: applied with CREATE OR REPLACE after the migrations on every migrate
-- (db/functions.ts); change it here, not in a new migration. Last defined by migration 0041_items_card_owner.
CREATE OR REPLACE TRIGGER "users_rating_to_items" AFTER UPDATE OF "rating", "name", "picture", "total_ratings" ON "users"
FOR EACH ROW WHEN (OLD.rating IS DISTINCT FROM NEW.rating OR OLD.name IS DISTINCT FROM NEW.name
                   OR OLD.picture IS DISTINCT FROM NEW.picture OR OLD.total_ratings IS DISTINCT FROM NEW.total_ratings)
EXECUTE FUNCTION "users_spread_rating"();
