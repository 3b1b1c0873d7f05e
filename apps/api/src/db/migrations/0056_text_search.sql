-- Search on PostgreSQL's own text search (decision 025), replacing the hand-kept tokens, postings
-- and search_items of migrations 0015-0051 (decisions 017, 019, 020).
--
-- Each item's document: its name and description read by the English configuration (stems, stop
-- words left out) with weights A (name) and B (description), and read as written by the simple
-- configuration with weights C (name) and D (description). Matching uses every weight; ranking asks
-- which: the words as typed (C/D) before a word form (A/B), the name before the description.
-- Generated from the row, so no trigger keeps it.
ALTER TABLE "items" ADD COLUMN "search_document" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english'::regconfig, "name"), 'A') || setweight(to_tsvector('english'::regconfig, "description"), 'B')
  || setweight(to_tsvector('simple'::regconfig, "name"), 'C') || setweight(to_tsvector('simple'::regconfig, "description"), 'D')
) STORED;
--> statement-breakpoint
CREATE INDEX "items_search_document_idx" ON "items" USING gin ("search_document") WHERE "deleted_at" IS NULL AND "available";
--> statement-breakpoint
-- The catalogue's words as written, with their English stems and how many items (not deleted) use
-- each: what a search's plan asks (is this word known, does it begin a word, which words are a
-- typing slip away). A trigram index finds near spellings, the prefix index words beginning so.
CREATE TABLE "search_vocabulary" (
	"word" text PRIMARY KEY NOT NULL,
	"stem" text NOT NULL,
	"items" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_vocabulary_stem_idx" ON "search_vocabulary" USING btree ("stem");
--> statement-breakpoint
CREATE INDEX "search_vocabulary_prefix_idx" ON "search_vocabulary" USING btree ("word" text_pattern_ops);
--> statement-breakpoint
CREATE INDEX "search_vocabulary_trgm_idx" ON "search_vocabulary" USING gin ("word" gin_trgm_ops);
--> statement-breakpoint
-- The distinct words of a text as the application reads them (core search-words.ts: letters and
-- digits, lower-cased, 1 to 40 characters).
CREATE FUNCTION "search_words_of"(content text) RETURNS SETOF text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT w FROM regexp_split_to_table(lower(content), '[^[:alnum:]]+') AS w WHERE w <> '' AND length(w) <= 40
$$;
--> statement-breakpoint
-- A word's English stem, as the search document holds it (a stop word: the word itself).
CREATE FUNCTION "search_stem_of"(word text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce((ts_lexize('english_stem', word))[1], word)
$$;
--> statement-breakpoint
CREATE FUNCTION "search_vocabulary_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.name = NEW.name AND OLD.description = NEW.description
     AND (OLD.deleted_at IS NULL) = (NEW.deleted_at IS NULL) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.deleted_at IS NULL THEN
    UPDATE search_vocabulary v SET items = v.items - 1
    WHERE v.word IN (SELECT search_words_of(OLD.name || ' ' || OLD.description));
    DELETE FROM search_vocabulary WHERE items <= 0;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.deleted_at IS NULL THEN
    -- In word order, so that two items written at once take the rows' locks in the same order.
    INSERT INTO search_vocabulary (word, stem, items)
    SELECT w, search_stem_of(w), 1 FROM search_words_of(NEW.name || ' ' || NEW.description) AS w ORDER BY w
    ON CONFLICT (word) DO UPDATE SET items = search_vocabulary.items + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "items_search_vocabulary" AFTER INSERT OR DELETE OR UPDATE OF "name", "description", "deleted_at" ON "items"
FOR EACH ROW EXECUTE FUNCTION "search_vocabulary_sync"();
--> statement-breakpoint
INSERT INTO search_vocabulary (word, stem, items)
SELECT w, search_stem_of(w), count(*)::int FROM items i CROSS JOIN LATERAL search_words_of(i.name || ' ' || i.description) AS w
WHERE i.deleted_at IS NULL GROUP BY w;
--> statement-breakpoint
-- The hand-kept search of migrations 0015-0051, retired.
DROP TRIGGER IF EXISTS "items_search_postings_insert_delete" ON "items";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "items_search_postings_update" ON "items";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "items_search_postings_truncate" ON "items";
--> statement-breakpoint
DROP FUNCTION IF EXISTS "search_postings_sync"();
--> statement-breakpoint
DROP FUNCTION IF EXISTS "search_postings_clear"();
--> statement-breakpoint
DROP FUNCTION IF EXISTS "search_postings_rebuild"();
--> statement-breakpoint
DROP FUNCTION IF EXISTS "search_postings_add"(items);
--> statement-breakpoint
DROP TABLE IF EXISTS "search_postings";
--> statement-breakpoint
DROP TABLE IF EXISTS "search_items";
--> statement-breakpoint
DROP TABLE IF EXISTS "search_tokens";
--> statement-breakpoint
DROP FUNCTION IF EXISTS "search_token_ids"(text);
--> statement-breakpoint
DROP FUNCTION IF EXISTS "search_tokens_of"(text);
--> statement-breakpoint
-- The nightly rewrite of search_items in category order (migration 0051) has nothing left to order.
DELETE FROM "jobs" WHERE "name" = 'catalogue.search-items-order';
