-- Kept as it is now: applied with CREATE OR REPLACE after the migrations on every migrate
-- (db/functions.ts); change it here, not in a new migration. Last defined by migration 0030_browse_unbookable_days.
CREATE OR REPLACE FUNCTION "blocked_days_booked_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM items_refresh_booked(ARRAY(SELECT id FROM items WHERE booked <> '{}'::datemultirange));
  RETURN NULL;
END $$;
