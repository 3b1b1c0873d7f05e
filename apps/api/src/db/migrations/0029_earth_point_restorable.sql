-- The near-me index (0023) was on earthdistance's ll_to_earth, whose body names cube, earth() and
-- the earth type without their schema. pg_restore builds indexes with an empty search_path, so a
-- restore failed at that index ("type earth does not exist"). earth_point is the same formula with
-- every name qualified: it restores anywhere, and PostgreSQL inlines it (a plain SQL function, not STRICT,
-- immutable, no SET clause) both in the index and in queries, which therefore still match the index.
CREATE FUNCTION earth_point(latitude double precision, longitude double precision) RETURNS public.earth
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT public.cube(public.cube(public.cube(public.earth() * cos(radians($1)) * cos(radians($2))), public.earth() * cos(radians($1)) * sin(radians($2))), public.earth() * sin(radians($1)))::public.earth
$$;
--> statement-breakpoint
DROP INDEX IF EXISTS "items_near_idx";
--> statement-breakpoint
CREATE INDEX "items_near_idx" ON "items" USING gist (earth_point("public_latitude", "public_longitude")) WHERE "deleted_at" IS NULL AND "available";
