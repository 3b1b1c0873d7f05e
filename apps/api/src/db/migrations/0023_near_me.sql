-- Near me (decision 022). Distances and the radius filter use cube and earthdistance, which PGlite
-- ships as contrib modules and PostgreSQL has in its standard contrib package.
CREATE EXTENSION IF NOT EXISTS cube;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;
--> statement-breakpoint
-- Each item's public point: its geocoded point moved a stable 250-400 m in a random direction.
-- Markers, distances, the radius filter and the nearest-first order all use it, so no answer can
-- place a home more exactly than that; the geocoded point and the street address stay private.
ALTER TABLE "items" ADD COLUMN "public_latitude" double precision;
--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "public_longitude" double precision;
--> statement-breakpoint
-- Drawn at random, once per geocoded point, never derived from the id (which is public) so the
-- offset cannot be undone; kept while the point stays the same, drawn again when it moves.
CREATE FUNCTION items_public_point() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  metres double precision;
  bearing double precision;
BEGIN
  IF NEW.latitude IS NULL OR NEW.longitude IS NULL THEN
    NEW.public_latitude := NULL;
    NEW.public_longitude := NULL;
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.latitude = OLD.latitude AND NEW.longitude = OLD.longitude AND OLD.public_latitude IS NOT NULL THEN
    NEW.public_latitude := OLD.public_latitude;
    NEW.public_longitude := OLD.public_longitude;
    RETURN NEW;
  END IF;
  metres := 250 + random() * 150;
  bearing := random() * 2 * pi();
  -- Metres to degrees on a sphere of the Earth's radius (6,378,168 m, earthdistance's earth()).
  NEW.public_latitude := NEW.latitude + degrees(metres * cos(bearing) / 6378168);
  NEW.public_longitude := NEW.longitude + degrees(metres * sin(bearing) / (6378168 * cos(radians(NEW.latitude))));
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "items_public_point" BEFORE INSERT OR UPDATE OF "latitude", "longitude" ON "items"
FOR EACH ROW EXECUTE FUNCTION items_public_point();
--> statement-breakpoint
-- Items saved before this migration: the same draw, in one statement.
UPDATE "items" i
SET "public_latitude" = i."latitude" + degrees(o.metres * cos(o.bearing) / 6378168),
    "public_longitude" = i."longitude" + degrees(o.metres * sin(o.bearing) / (6378168 * cos(radians(i."latitude"))))
FROM (SELECT "id", 250 + random() * 150 AS metres, random() * 2 * pi() AS bearing FROM "items" WHERE "latitude" IS NOT NULL AND "longitude" IS NOT NULL) o
WHERE o."id" = i."id";
--> statement-breakpoint
-- Listed items by public point: `earth_box(origin, metres) @> ll_to_earth(...)` (the radius, with
-- earth_distance for the exact circle) and `ll_to_earth(...) <-> origin` (nearest first) are both
-- answered from it. Rows without a point are indexed as nulls and come last in a nearest-first scan.
CREATE INDEX "items_near_idx" ON "items" USING gist (ll_to_earth("public_latitude", "public_longitude")) WHERE "deleted_at" IS NULL AND "available";
--> statement-breakpoint
-- Listed items by owner's rating, highest first, newest first among equals, with the other browse
-- filter columns: the 'Highest rated' order walks it as the newest-first browse walks the listing index.
CREATE INDEX "items_rating_idx" ON "items" USING btree ("owner_rating" DESC NULLS LAST, "created_at" DESC NULLS LAST, "id" DESC NULLS LAST)
INCLUDE ("category_id", "owner_id", "daily_rate_pence", "booked") WHERE "deleted_at" IS NULL AND "available";
