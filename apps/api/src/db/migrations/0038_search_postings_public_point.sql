-- Words within a radius (decision 022). A word's matches near a place were found by reading every
-- entry of the circle from the GiST index of public points and checking the words' text on each
-- (about 0.65 microseconds an entry: 6,800 entries within 10 miles of Leeds for 195 matches of
-- 'pole', 4.4 ms), or, for a rare word, by looking up each of its postings' items to check the
-- circle (about 5 microseconds each). The search postings now carry the item's public point, so the
-- circle is checked on the word's postings themselves, in the postings index, with no item read:
-- a latitude and longitude box first, then the chord to the origin. Copied from the item by the
-- functions the postings' triggers already call; both postings indexes include them.
DROP INDEX IF EXISTS "search_postings_category_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "search_postings_newest_idx";
--> statement-breakpoint
ALTER TABLE "search_postings" ADD COLUMN "public_latitude" double precision;
--> statement-breakpoint
ALTER TABLE "search_postings" ADD COLUMN "public_longitude" double precision;
--> statement-breakpoint
UPDATE "search_postings" p SET "public_latitude" = i."public_latitude", "public_longitude" = i."public_longitude"
FROM "items" i WHERE i."id" = p."item_id" AND i."public_latitude" IS NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "search_postings_newest_idx" ON "search_postings" USING btree ("token_id", "created_at" DESC, "item_id" DESC)
INCLUDE ("category_id", "owner_id", "daily_rate_pence", "owner_rating", "booked", "has_photo", "public_latitude", "public_longitude");
--> statement-breakpoint
CREATE INDEX "search_postings_category_idx" ON "search_postings" USING btree ("token_id", "category_id", "created_at" DESC, "item_id" DESC)
INCLUDE ("owner_id", "daily_rate_pence", "owner_rating", "booked", "has_photo", "public_latitude", "public_longitude");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "search_postings_add"(item items) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  words text[] := search_tokens_of(item.search_text);
BEGIN
  INSERT INTO search_tokens (token)
  SELECT w FROM unnest(words) AS w WHERE NOT EXISTS (SELECT 1 FROM search_tokens t WHERE t.token = w) ORDER BY w
  ON CONFLICT (token) DO NOTHING;
  INSERT INTO search_postings (token_id, item_id, created_at, category_id, owner_id, daily_rate_pence, owner_rating, booked, has_photo,
                               public_latitude, public_longitude)
  SELECT t.id, item.id, item.created_at, item.category_id, item.owner_id, item.daily_rate_pence, item.owner_rating, item.booked, item.has_photo,
         item.public_latitude, item.public_longitude
  FROM search_tokens t WHERE t.token = ANY(words);
  INSERT INTO search_items (item_id, created_at, category_id, owner_id, daily_rate_pence, owner_rating, booked, has_photo, token_ids)
  VALUES (item.id, item.created_at, item.category_id, item.owner_id, item.daily_rate_pence, item.owner_rating, item.booked, item.has_photo,
          search_token_ids(item.search_text));
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "search_postings_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.search_text = NEW.search_text AND OLD.created_at = NEW.created_at
     AND OLD.deleted_at IS NULL AND OLD.available AND NEW.deleted_at IS NULL AND NEW.available THEN
    -- Same words, still listed: only the filter columns change.
    UPDATE search_postings p SET category_id = NEW.category_id, owner_id = NEW.owner_id, daily_rate_pence = NEW.daily_rate_pence,
           owner_rating = NEW.owner_rating, booked = NEW.booked, has_photo = NEW.has_photo,
           public_latitude = NEW.public_latitude, public_longitude = NEW.public_longitude
    FROM search_tokens t
    WHERE t.token = ANY(search_tokens_of(NEW.search_text)) AND p.token_id = t.id AND p.created_at = NEW.created_at AND p.item_id = NEW.id;
    UPDATE search_items s SET category_id = NEW.category_id, owner_id = NEW.owner_id, daily_rate_pence = NEW.daily_rate_pence,
           owner_rating = NEW.owner_rating, booked = NEW.booked, has_photo = NEW.has_photo
    WHERE s.item_id = NEW.id;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.deleted_at IS NULL AND OLD.available THEN
    DELETE FROM search_postings p USING search_tokens t
    WHERE t.token = ANY(search_tokens_of(OLD.search_text)) AND p.token_id = t.id AND p.created_at = OLD.created_at AND p.item_id = OLD.id;
    DELETE FROM search_items s WHERE s.item_id = OLD.id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.deleted_at IS NULL AND NEW.available THEN
    PERFORM search_postings_add(NEW);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "search_postings_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_postings;
  DELETE FROM search_items;
  INSERT INTO search_tokens (token)
  SELECT DISTINCT w FROM items i, unnest(search_tokens_of(i.search_text)) AS w
  WHERE i.deleted_at IS NULL AND i.available AND NOT EXISTS (SELECT 1 FROM search_tokens t WHERE t.token = w)
  ORDER BY w
  ON CONFLICT (token) DO NOTHING;
  INSERT INTO search_postings (token_id, item_id, created_at, category_id, owner_id, daily_rate_pence, owner_rating, booked, has_photo,
                               public_latitude, public_longitude)
  SELECT t.id, i.id, i.created_at, i.category_id, i.owner_id, i.daily_rate_pence, i.owner_rating, i.booked, i.has_photo,
         i.public_latitude, i.public_longitude
  FROM items i CROSS JOIN LATERAL unnest(search_tokens_of(i.search_text)) AS w JOIN search_tokens t ON t.token = w
  WHERE i.deleted_at IS NULL AND i.available;
  INSERT INTO search_items (item_id, created_at, category_id, owner_id, daily_rate_pence, owner_rating, booked, has_photo, token_ids)
  SELECT i.id, i.created_at, i.category_id, i.owner_id, i.daily_rate_pence, i.owner_rating, i.booked, i.has_photo, search_token_ids(i.search_text)
  FROM items i WHERE i.deleted_at IS NULL AND i.available;
END $$;
--> statement-breakpoint
-- Every column the postings copy, now with the public point (set when the item's address is placed).
DROP TRIGGER "items_search_postings_update" ON "items";
--> statement-breakpoint
CREATE TRIGGER "items_search_postings_update" AFTER UPDATE ON "items"
FOR EACH ROW WHEN (
  OLD.name IS DISTINCT FROM NEW.name OR OLD.description IS DISTINCT FROM NEW.description
  OR OLD.created_at IS DISTINCT FROM NEW.created_at OR OLD.category_id IS DISTINCT FROM NEW.category_id
  OR OLD.owner_id IS DISTINCT FROM NEW.owner_id OR OLD.daily_rate_pence IS DISTINCT FROM NEW.daily_rate_pence
  OR OLD.owner_rating IS DISTINCT FROM NEW.owner_rating OR OLD.booked IS DISTINCT FROM NEW.booked
  OR OLD.has_photo IS DISTINCT FROM NEW.has_photo
  OR OLD.public_latitude IS DISTINCT FROM NEW.public_latitude OR OLD.public_longitude IS DISTINCT FROM NEW.public_longitude
  OR OLD.available IS DISTINCT FROM NEW.available OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at
) EXECUTE FUNCTION "search_postings_sync"();
--> statement-breakpoint
ANALYZE "search_postings";
