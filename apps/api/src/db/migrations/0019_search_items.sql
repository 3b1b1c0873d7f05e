-- Two or more search words across all categories (decision 020). Through the postings, the items of
-- the rarest word were read and the other word's postings hashed to find which of them contain it
-- too: 'ring light' read and hashed about 27,000 postings for 2,200 matches. Here each listed item is
-- one row carrying the ids of its tokens, with an inverted (GIN) index: the items containing every
-- word are the intersection of the words' lists in that index, and only those rows are read. The row
-- carries the same filter columns as the postings. Kept in the same transaction as each change to
-- an item, by the functions the postings' triggers already call.
CREATE TABLE "search_items" (
	"item_id" uuid PRIMARY KEY,
	"created_at" timestamp with time zone NOT NULL,
	"category_id" text NOT NULL,
	"owner_id" text NOT NULL,
	"daily_rate_pence" integer NOT NULL,
	"owner_rating" double precision,
	"booked" datemultirange NOT NULL,
	"token_ids" integer[] NOT NULL
) WITH (fillfactor = 90, parallel_workers = 0);
--> statement-breakpoint
-- The token ids of an item's text, in id order.
CREATE FUNCTION "search_token_ids"(content text) RETURNS integer[] LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(t.id ORDER BY t.id), '{}') FROM search_tokens t WHERE t.token = ANY(search_tokens_of(content))
$$;
--> statement-breakpoint
INSERT INTO "search_items" ("item_id", "created_at", "category_id", "owner_id", "daily_rate_pence", "owner_rating", "booked", "token_ids")
SELECT i.id, i.created_at, i.category_id, i.owner_id, i.daily_rate_pence, i.owner_rating, i.booked, search_token_ids(i.search_text)
FROM items i WHERE i.deleted_at IS NULL AND i.available;
--> statement-breakpoint
-- Without the pending list of fast updates, a search never scans unsorted recent entries; an item's
-- insert writes its few tokens' entries at once instead.
CREATE INDEX "search_items_tokens_idx" ON "search_items" USING gin ("token_ids") WITH (fastupdate = off);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "search_postings_add"(item items) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  words text[] := search_tokens_of(item.search_text);
BEGIN
  INSERT INTO search_tokens (token)
  SELECT w FROM unnest(words) AS w WHERE NOT EXISTS (SELECT 1 FROM search_tokens t WHERE t.token = w) ORDER BY w
  ON CONFLICT (token) DO NOTHING;
  INSERT INTO search_postings (token_id, item_id, created_at, category_id, owner_id, daily_rate_pence, owner_rating, booked)
  SELECT t.id, item.id, item.created_at, item.category_id, item.owner_id, item.daily_rate_pence, item.owner_rating, item.booked
  FROM search_tokens t WHERE t.token = ANY(words);
  INSERT INTO search_items (item_id, created_at, category_id, owner_id, daily_rate_pence, owner_rating, booked, token_ids)
  VALUES (item.id, item.created_at, item.category_id, item.owner_id, item.daily_rate_pence, item.owner_rating, item.booked,
          search_token_ids(item.search_text));
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "search_postings_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.search_text = NEW.search_text AND OLD.created_at = NEW.created_at
     AND OLD.deleted_at IS NULL AND OLD.available AND NEW.deleted_at IS NULL AND NEW.available THEN
    -- Same words, still listed: only the filter columns change.
    UPDATE search_postings p SET category_id = NEW.category_id, owner_id = NEW.owner_id, daily_rate_pence = NEW.daily_rate_pence,
           owner_rating = NEW.owner_rating, booked = NEW.booked
    FROM search_tokens t
    WHERE t.token = ANY(search_tokens_of(NEW.search_text)) AND p.token_id = t.id AND p.created_at = NEW.created_at AND p.item_id = NEW.id;
    UPDATE search_items s SET category_id = NEW.category_id, owner_id = NEW.owner_id, daily_rate_pence = NEW.daily_rate_pence,
           owner_rating = NEW.owner_rating, booked = NEW.booked
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
CREATE OR REPLACE FUNCTION "search_postings_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_postings;
  DELETE FROM search_items;
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
  INSERT INTO search_postings (token_id, item_id, created_at, category_id, owner_id, daily_rate_pence, owner_rating, booked)
  SELECT t.id, i.id, i.created_at, i.category_id, i.owner_id, i.daily_rate_pence, i.owner_rating, i.booked
  FROM items i CROSS JOIN LATERAL unnest(search_tokens_of(i.search_text)) AS w JOIN search_tokens t ON t.token = w
  WHERE i.deleted_at IS NULL AND i.available;
  INSERT INTO search_items (item_id, created_at, category_id, owner_id, daily_rate_pence, owner_rating, booked, token_ids)
  SELECT i.id, i.created_at, i.category_id, i.owner_id, i.daily_rate_pence, i.owner_rating, i.booked, search_token_ids(i.search_text)
  FROM items i WHERE i.deleted_at IS NULL AND i.available;
END $$;
--> statement-breakpoint
ANALYZE "search_items";
