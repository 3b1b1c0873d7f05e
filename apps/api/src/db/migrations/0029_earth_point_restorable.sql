-- The near-me index (0023) was on earthdistance's ll_to_earth, whose body names cube, earth() and
-- the earth type without their schema. pg_restore builds indexes with an empty search_path, so a
-- restore failed at that index ("type earth does not exist"). earth_point is the same formula with
-- every name qualified by the schema its extension is installed in (public on a server set up as
-- usual; the first schema of the search path when 0023 installed it): it restores anywhere, and
-- PostgreSQL inlines it (a plain SQL function, not STRICT, immutable, no SET clause) both in the index
-- and in queries, which therefore still match the index.
DO $$
DECLARE
  cube_schema text := (SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'cube');
  earth_schema text := (SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'earthdistance');
BEGIN
  EXECUTE format(
    $sql$CREATE FUNCTION earth_point(latitude double precision, longitude double precision) RETURNS %2$I.earth
      LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
      'SELECT %1$I.cube(%1$I.cube(%1$I.cube(%2$I.earth() * cos(radians($1)) * cos(radians($2))), %2$I.earth() * cos(radians($1)) * sin(radians($2))), %2$I.earth() * sin(radians($1)))::%2$I.earth'$sql$,
    cube_schema, earth_schema);
END
$$;
--> statement-breakpoint
DROP INDEX IF EXISTS "items_near_idx";
--> statement-breakpoint
CREATE INDEX "items_near_idx" ON "items" USING gist (earth_point("public_latitude", "public_longitude")) WHERE "deleted_at" IS NULL AND "available";
