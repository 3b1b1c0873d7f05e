-- Kept as it is now: applied with CREATE OR REPLACE after the migrations on every migrate
-- (db/functions.ts); change it here, not in a new migration. Last defined by migration 0009_category_item_counts.
CREATE OR REPLACE FUNCTION "rentals_booked_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM items_refresh_booked(ARRAY(SELECT item_id FROM new_rows UNION SELECT item_id FROM old_rows));
  RETURN NULL;
END $$;
