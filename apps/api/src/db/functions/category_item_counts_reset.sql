-- Kept as it is now: applied with CREATE OR REPLACE after the migrations on every migrate
-- (db/functions.ts); change it here, not in a new migration. Last defined by migration 0009_category_item_counts.
CREATE OR REPLACE FUNCTION "category_item_counts_reset"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE category_item_counts SET listed = 0 WHERE listed <> 0;
  RETURN NULL;
END $$;
