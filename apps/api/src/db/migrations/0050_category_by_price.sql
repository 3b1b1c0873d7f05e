-- Counting a category's matches in no order (catalogue/browse-sql.ts, `countedItems`) along an index
-- keyed by category and price: with a maximum price only the category's items under it are read, and
-- the count stops at the bound as before. Counted newest first along the category's listing index,
-- every item of the category was passed until the bound or the end: in DIY & Hand Tools under £5 rated
-- 4.5 with dates, 11,466 entries for 739 matches, then the same again to sort them (7.1 ms); by price,
-- 2,181 entries (1.9 ms). It carries what the counts filter on and the keys the small sets are sorted
-- by, so both are index-only. With no maximum price it reads as many entries as the listing index.
CREATE INDEX "items_category_price_idx" ON "items" USING btree ("category_id", "daily_rate_pence")
INCLUDE ("created_at", "id", "owner_id", "owner_rating", "booked", "has_photo", "public_latitude", "public_longitude")
WHERE "deleted_at" IS NULL AND "available";
