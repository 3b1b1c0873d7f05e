-- The browse indexes also carry the search text, so a search the postings do not answer (a common
-- word such as 'and', a word under three characters or with punctuation) is checked from the index
-- as well: the walk newest first reads no table rows. Measured on 100,000 items: 'and' across all
-- categories with a price and a rating, counted up to the bound, 7.2 ms reading the rows against
-- 2.2 ms from the index. The text is about 110 bytes an item; it changes only with a name or a
-- description, which already rewrites these entries.
DROP INDEX IF EXISTS "items_browse_newest_idx";
--> statement-breakpoint
CREATE INDEX "items_browse_newest_idx" ON "items" USING btree ("created_at" DESC NULLS LAST, "id" DESC NULLS LAST)
INCLUDE ("category_id", "owner_id", "daily_rate_pence", "owner_rating", "booked", "search_text") WHERE "deleted_at" IS NULL AND "available";
--> statement-breakpoint
DROP INDEX IF EXISTS "items_browse_category_idx";
--> statement-breakpoint
CREATE INDEX "items_browse_category_idx" ON "items" USING btree ("category_id", "created_at" DESC NULLS LAST, "id" DESC NULLS LAST)
INCLUDE ("owner_id", "daily_rate_pence", "owner_rating", "booked", "search_text") WHERE "deleted_at" IS NULL AND "available";
