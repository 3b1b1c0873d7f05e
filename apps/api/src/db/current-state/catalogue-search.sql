-- The search vocabulary's functions and trigger (decision 025), as they are now: applied after the
-- migrations on every migrate (database.ts `applyCurrentState`), so a change is made here, once, not
-- restated in a new migration. Only CREATE OR REPLACE: what this file stops defining is dropped by a
-- migration. The tables and indexes they serve are migrations' (0056).

-- The distinct words of a text as the application reads them (core search-words.ts: letters and
-- digits, lower-cased, 1 to 40 characters).
CREATE OR REPLACE FUNCTION "search_words_of"(content text) RETURNS SETOF text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT w FROM regexp_split_to_table(lower(content), '[^[:alnum:]]+') AS w WHERE w <> '' AND length(w) <= 40
$$;
--> statement-breakpoint
-- A word's English stem, as the search document holds it (a stop word: the word itself).
CREATE OR REPLACE FUNCTION "search_stem_of"(word text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce((ts_lexize('english_stem', word))[1], word)
$$;
--> statement-breakpoint
-- Each listed or unlisted item that is not deleted counts once for each of its distinct words.
CREATE OR REPLACE FUNCTION "search_vocabulary_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE OR REPLACE TRIGGER "items_search_vocabulary" AFTER INSERT OR DELETE OR UPDATE OF "name", "description", "deleted_at" ON "items"
FOR EACH ROW EXECUTE FUNCTION "search_vocabulary_sync"();
