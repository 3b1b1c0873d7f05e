-- Kept as it is now: applied with CREATE OR REPLACE after the migrations on every migrate
-- (db/functions.ts); change it here, not in a new migration.
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
