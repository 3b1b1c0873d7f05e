-- Kept as it is now: applied with CREATE OR REPLACE after the migrations on every migrate
-- (db/functions.ts); change it here, not in a new migration. Last defined by migration 0023_near_me.
CREATE OR REPLACE FUNCTION items_public_point() RETURNS trigger LANGUAGE plpgsql AS $$
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
