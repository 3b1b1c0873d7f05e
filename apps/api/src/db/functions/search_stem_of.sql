-- Kept as it is now: applied with CREATE OR REPLACE after the migrations on every migrate
-- (db/functions.ts); change it here, not in a new migration.
-- A word's English stem, as the search document holds it (a stop word: the word itself).
CREATE OR REPLACE FUNCTION "search_stem_of"(word text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce((ts_lexize('english_stem', word))[1], word)
$$;
