-- The area each open wanted post asks about, as a box around its point as wide as its radius, under
-- a spatial index: a new listing finds the posts whose area holds it by one look into the index
-- (`wanted_area(...) @> the item's point`) instead of computing every open post's box. Measured with
-- 10,000 open posts near the 60 largest towns: the tell-authors match read all 10,000 (p50 47 ms);
-- through the index it reads the few dozen around the item.
-- wanted_area is earthdistance's earth_box (cube_enlarge by the chord of the radius) with every name
-- qualified by its schema, as earth_point (0029) is for ll_to_earth: earth_box names gc_to_sec
-- without one, and pg_restore builds indexes with an empty search path. A plain SQL function,
-- immutable and not STRICT, so PostgreSQL inlines it in the index and in queries alike, which then
-- match the index; wanted-repository.ts writes the same call.
DO $$
DECLARE
  cube_schema text := (SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'cube');
  earth_schema text := (SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'earthdistance');
  point_schema text := (SELECT n.nspname FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
                         WHERE p.proname = 'earth_point' AND n.nspname = current_schema());
BEGIN
  EXECUTE format(
    $sql$CREATE FUNCTION wanted_area(latitude double precision, longitude double precision, radius_miles integer) RETURNS %1$I.cube
      LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
      'SELECT %1$I.cube_enlarge(%3$I.earth_point($1, $2), 2 * %2$I.earth() * sin(($3 * 1609.344)::float8 / (2 * %2$I.earth())), 3)'$sql$,
    cube_schema, earth_schema, point_schema);
END
$$;
--> statement-breakpoint
CREATE INDEX "wanted_posts_area_idx" ON "wanted_posts" USING gist (wanted_area("latitude", "longitude", "radius_miles"))
WHERE "closed_at" IS NULL;
