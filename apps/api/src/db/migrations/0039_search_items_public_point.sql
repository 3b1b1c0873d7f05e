-- Words in nearest-first order at any distance: a word's matches (up to the count's bound) were
-- sorted by distance after looking each up in items for its public point, about 1,000 lookups for a
-- common word. The search postings carry the point since 0038; search_items (several words across all
-- categories, decision 020) now carries it too, so every path's matches come with their point and
-- are sorted where they are. Copied by the same functions as the other columns.
ALTER TABLE "search_items" ADD COLUMN "public_latitude" double precision;
--> statement-breakpoint
ALTER TABLE "search_items" ADD COLUMN "public_longitude" double precision;
--> statement-breakpoint
UPDATE "search_items" s SET "public_latitude" = i."public_latitude", "public_longitude" = i."public_longitude"
FROM "items" i WHERE i."id" = s."item_id" AND i."public_latitude" IS NOT NULL;
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
  INSERT INTO search_items (item_id, created_at, category_id, owner_id, daily_rate_pence, owner_rating, booked, has_photo,
                            public_latitude, public_longitude, token_ids)
  VALUES (item.id, item.created_at, item.category_id, item.owner_id, item.daily_rate_pence, item.owner_rating, item.booked, item.has_photo,
          item.public_latitude, item.public_longitude, search_token_ids(item.search_text));
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
           owner_rating = NEW.owner_rating, booked = NEW.booked, has_photo = NEW.has_photo,
           public_latitude = NEW.public_latitude, public_longitude = NEW.public_longitude
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
  INSERT INTO search_items (item_id, created_at, category_id, owner_id, daily_rate_pence, owner_rating, booked, has_photo,
                            public_latitude, public_longitude, token_ids)
  SELECT i.id, i.created_at, i.category_id, i.owner_id, i.daily_rate_pence, i.owner_rating, i.booked, i.has_photo,
         i.public_latitude, i.public_longitude, search_token_ids(i.search_text)
  FROM items i WHERE i.deleted_at IS NULL AND i.available;
END $$;
--> statement-breakpoint
ANALYZE "search_items";
