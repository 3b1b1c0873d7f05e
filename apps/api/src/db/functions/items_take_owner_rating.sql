-- Kept as it is now: applied with CREATE OR REPLACE after the migrations on every migrate
-- (db/functions.ts); change it here, not in a new migration. Last defined by migration 0041_items_card_owner.
CREATE OR REPLACE FUNCTION "items_take_owner_rating"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT rating, name, picture, total_ratings INTO NEW.owner_rating, NEW.owner_name, NEW.owner_picture, NEW.owner_total_ratings
  FROM users WHERE id = NEW.owner_id FOR SHARE;
  RETURN NEW;
END $$;
