-- search_items kept in category order (migration 0049) by a nightly job (catalogue/search-items-order.ts):
-- items listed after a rewrite land at the table's end among other categories, so the order decays
-- with new listings. This index gives CLUSTER the order to rewrite the table in (category, newest
-- first); it is the table's clustering index. Its key changes only when an item's category does, so
-- the rewrites of a row for a booking, a price or a rating stay HOT updates.
CREATE INDEX "search_items_category_idx" ON "search_items" USING btree ("category_id", "created_at" DESC);
--> statement-breakpoint
ALTER TABLE "search_items" CLUSTER ON "search_items_category_idx";
