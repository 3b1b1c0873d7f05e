-- A radius across all categories without search words reads the bands of latitude (near-sql.ts,
-- `withinRadiusByBands`) from an index that leaves out the items' search text: the text made each
-- entry of `items_band_idx` some four times as wide (53 MB against 14 MB on 100,000 items), and a
-- count reads a few thousand entries, so it crossed four times the pages. Counting the bound's
-- 1,001 matches within 5 miles of York rated 3.5 with dates: 2.6 ms through the wide index, 1.3 ms
-- through this one. With words the text is checked on each entry, and `items_band_idx` keeps
-- serving those index-only.
CREATE INDEX "items_band_keys_idx" ON "items" USING btree ((floor("public_latitude" * 50)::integer), "public_longitude")
INCLUDE ("public_latitude", "id", "created_at", "owner_id", "daily_rate_pence", "owner_rating", "booked", "has_photo")
WHERE "deleted_at" IS NULL AND "available";
