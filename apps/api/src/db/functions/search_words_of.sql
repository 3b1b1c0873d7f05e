-- Kept as it is now: applied with CREATE OR REPLACE after the migrations on every migrate
-- (db/functions.ts); change it here, not in a new migration.
-- The distinct words of a text as the application reads them (core search-words.ts: letters and
-- digits, lower-cased, 1 to 40 characters).
CREATE OR REPLACE FUNCTION "search_words_of"(content text) RETURNS SETOF text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT w FROM regexp_split_to_table(lower(content), '[^[:alnum:]]+') AS w WHERE w <> '' AND length(w) <= 40
$$;
