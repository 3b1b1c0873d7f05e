-- Kept as it is now: applied with CREATE OR REPLACE after the migrations on every migrate
-- (db/functions.ts); change it here, not in a new migration. Last defined by migration 0030_browse_unbookable_days.
CREATE OR REPLACE FUNCTION "items_booked_on_buffer_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.booked := items_booked_days(NEW.id, NEW.buffer_days);
  RETURN NEW;
END $$;
