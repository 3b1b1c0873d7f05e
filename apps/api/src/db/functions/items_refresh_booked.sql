-- Kept as it is now: applied with CREATE OR REPLACE after the migrations on every migrate
-- (db/functions.ts); change it here, not in a new migration. Last defined by migration 0030_browse_unbookable_days.
CREATE OR REPLACE FUNCTION "items_refresh_booked"(targets uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM items WHERE id = ANY(targets) ORDER BY id FOR NO KEY UPDATE;
  UPDATE items i SET booked = b.booked
  FROM (SELECT t.id, items_booked_days(t.id, t.buffer_days) AS booked FROM items t WHERE t.id = ANY(targets)) b
  WHERE i.id = b.id AND i.booked IS DISTINCT FROM b.booked;
END $$;
