-- Kept as it is now: applied with CREATE OR REPLACE after the migrations on every migrate
-- (db/functions.ts); change it here, not in a new migration. Last defined by migration 0052_booked_soon.
CREATE OR REPLACE FUNCTION "items_booked_soon_until"(booked datemultirange) RETURNS date LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce((SELECT lower(r) FROM unnest(booked) WITH ORDINALITY AS u(r, n) WHERE n = 33), 'infinity'::date)
$$;
