-- Word searches within one category (most searches) read only that category's postings. Through
-- search_postings_newest_idx they read every posting of the word's tokens and dropped the other
-- categories' one by one: 'saw' in Garden read about three times what it kept. What either index
-- gives is sorted afterwards anyway, since a word's tokens are an array computed at run time, so
-- searches across all categories may read this one too. The unique index stays for the triggers
-- and the check of a second word.
CREATE INDEX "search_postings_category_idx" ON "search_postings" USING btree ("token_id", "category_id", "created_at" DESC, "item_id" DESC)
INCLUDE ("owner_id", "daily_rate_pence", "owner_rating", "booked");
