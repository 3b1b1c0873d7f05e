-- Kept as it is now: applied with CREATE OR REPLACE after the migrations on every migrate
-- (db/functions.ts); change it here, not in a new migration. Last defined by migration 0041_items_card_owner.
CREATE OR REPLACE FUNCTION "users_spread_rating"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE items SET owner_rating = NEW.rating, owner_name = NEW.name, owner_picture = NEW.picture, owner_total_ratings = NEW.total_ratings
  WHERE owner_id = NEW.id;
  RETURN NULL;
END $$;
