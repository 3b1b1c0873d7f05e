-- Kept as it is now: applied with CREATE OR REPLACE after the migrations on every migrate
-- (db/functions.ts); change it here, not in a new migration. Last defined by migration 0052_booked_soon.
CREATE OR REPLACE FUNCTION "items_booked_soon"(booked datemultirange) RETURNS datemultirange LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN count(*) <= 32 THEN booked ELSE range_agg(r) FILTER (WHERE n <= 32) END
  FROM unnest(booked) WITH ORDINALITY AS u(r, n)
$$;
