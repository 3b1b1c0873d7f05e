-- Kept as it is now: applied with CREATE OR REPLACE after the migrations on every migrate
-- (db/functions.ts); change it here, not in a new migration. Last defined by migration 0052_booked_soon.
CREATE OR REPLACE FUNCTION "items_booked_meets"(item uuid, range daterange) RETURNS boolean LANGUAGE plpgsql STABLE PARALLEL SAFE COST 1 AS $$
BEGIN
  RETURN EXISTS (SELECT 1 FROM items WHERE id = item AND booked && range);
END $$;
