-- Word search without rechecking thousands of item rows (decision 016). The searchable text of every
-- item is cut into tokens at ASCII whitespace and punctuation. A search word made of none of those
-- characters is a substring of the text exactly when it is a substring of one of its tokens, so the
-- items matching it are the postings of the tokens containing it. The vocabulary of distinct tokens
-- is small (hundreds to tens of thousands) and has a trigram index; the postings carry what the
-- other filters need, in newest-first order, so a search and its count up to the bound are read
-- from one index without visiting items. Only listed items (not deleted, available) have postings.
CREATE TABLE "search_tokens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"token" text NOT NULL UNIQUE
);
--> statement-breakpoint
CREATE INDEX "search_tokens_trgm_idx" ON "search_tokens" USING gin ("token" gin_trgm_ops);
--> statement-breakpoint
CREATE TABLE "search_postings" (
	"token_id" integer NOT NULL,
	"item_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"category_id" text NOT NULL,
	"owner_id" text NOT NULL,
	"daily_rate_pence" integer NOT NULL,
	"owner_rating" double precision,
	"booked" datemultirange NOT NULL
);
--> statement-breakpoint
-- The planner cannot see how many postings a word's tokens have (an array computed at run time) and
-- guesses thousands; a parallel plan's worker then costs more than the whole scan. Never in parallel.
ALTER TABLE "search_postings" SET (parallel_workers = 0);
--> statement-breakpoint
-- The one index: read by token newest first, and found exactly (token, created_at, item) by the
-- triggers below and by the check of a second search word.
CREATE UNIQUE INDEX "search_postings_newest_idx" ON "search_postings" USING btree ("token_id", "created_at" DESC, "item_id" DESC)
INCLUDE ("category_id", "owner_id", "daily_rate_pence", "owner_rating", "booked");
--> statement-breakpoint
-- The tokens of a text. The separators are ASCII whitespace and ASCII punctuation, spelt out rather
-- than a locale's classes, so the application can tell exactly which words the tokens can answer.
CREATE FUNCTION "search_tokens_of"(content text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT t ORDER BY t), '{}')
  FROM regexp_split_to_table(content, '[\t\n\v\f\r !-/:-@\[-`{-~]+') AS t WHERE t <> ''
$$;
--> statement-breakpoint
-- Adds an item's postings (tokens first, in token order so concurrent inserts cannot deadlock; the
-- NOT EXISTS spares the identity sequence a number for every token already known).
CREATE FUNCTION "search_postings_add"(item items) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  words text[] := search_tokens_of(item.search_text);
BEGIN
  INSERT INTO search_tokens (token)
  SELECT w FROM unnest(words) AS w WHERE NOT EXISTS (SELECT 1 FROM search_tokens t WHERE t.token = w) ORDER BY w
  ON CONFLICT (token) DO NOTHING;
  INSERT INTO search_postings (token_id, item_id, created_at, category_id, owner_id, daily_rate_pence, owner_rating, booked)
  SELECT t.id, item.id, item.created_at, item.category_id, item.owner_id, item.daily_rate_pence, item.owner_rating, item.booked
  FROM search_tokens t WHERE t.token = ANY(words);
END $$;
--> statement-breakpoint
CREATE FUNCTION "search_postings_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.search_text = NEW.search_text AND OLD.created_at = NEW.created_at
     AND OLD.deleted_at IS NULL AND OLD.available AND NEW.deleted_at IS NULL AND NEW.available THEN
    -- Same words, still listed: only the filter columns change.
    UPDATE search_postings p SET category_id = NEW.category_id, owner_id = NEW.owner_id, daily_rate_pence = NEW.daily_rate_pence,
           owner_rating = NEW.owner_rating, booked = NEW.booked
    FROM search_tokens t
    WHERE t.token = ANY(search_tokens_of(NEW.search_text)) AND p.token_id = t.id AND p.created_at = NEW.created_at AND p.item_id = NEW.id;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.deleted_at IS NULL AND OLD.available THEN
    DELETE FROM search_postings p USING search_tokens t
    WHERE t.token = ANY(search_tokens_of(OLD.search_text)) AND p.token_id = t.id AND p.created_at = OLD.created_at AND p.item_id = OLD.id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.deleted_at IS NULL AND NEW.available THEN
    PERFORM search_postings_add(NEW);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "search_postings_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_postings;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Fills the postings of every listed item in one pass: after this migration, and after a bulk load
-- made with the triggers below switched off.
CREATE FUNCTION "search_postings_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_postings;
  INSERT INTO search_tokens (token)
  SELECT DISTINCT w FROM items i, unnest(search_tokens_of(i.search_text)) AS w
  WHERE i.deleted_at IS NULL AND i.available AND NOT EXISTS (SELECT 1 FROM search_tokens t WHERE t.token = w)
  ORDER BY w
  ON CONFLICT (token) DO NOTHING;
  INSERT INTO search_postings (token_id, item_id, created_at, category_id, owner_id, daily_rate_pence, owner_rating, booked)
  SELECT t.id, i.id, i.created_at, i.category_id, i.owner_id, i.daily_rate_pence, i.owner_rating, i.booked
  FROM items i CROSS JOIN LATERAL unnest(search_tokens_of(i.search_text)) AS w JOIN search_tokens t ON t.token = w
  WHERE i.deleted_at IS NULL AND i.available;
END $$;
--> statement-breakpoint
SELECT search_postings_rebuild();
--> statement-breakpoint
CREATE TRIGGER "items_search_postings_insert_delete" AFTER INSERT OR DELETE ON "items"
FOR EACH ROW EXECUTE FUNCTION "search_postings_sync"();
--> statement-breakpoint
-- Every column the postings copy; `booked` changes with each booking, `owner_rating` with each
-- rating of the owner (both kept on the item by migration 0009's triggers).
CREATE TRIGGER "items_search_postings_update" AFTER UPDATE ON "items"
FOR EACH ROW WHEN (
  OLD.name IS DISTINCT FROM NEW.name OR OLD.description IS DISTINCT FROM NEW.description
  OR OLD.created_at IS DISTINCT FROM NEW.created_at OR OLD.category_id IS DISTINCT FROM NEW.category_id
  OR OLD.owner_id IS DISTINCT FROM NEW.owner_id OR OLD.daily_rate_pence IS DISTINCT FROM NEW.daily_rate_pence
  OR OLD.owner_rating IS DISTINCT FROM NEW.owner_rating OR OLD.booked IS DISTINCT FROM NEW.booked
  OR OLD.available IS DISTINCT FROM NEW.available OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at
) EXECUTE FUNCTION "search_postings_sync"();
--> statement-breakpoint
CREATE TRIGGER "items_search_postings_truncate" AFTER TRUNCATE ON "items"
FOR EACH STATEMENT EXECUTE FUNCTION "search_postings_clear"();
