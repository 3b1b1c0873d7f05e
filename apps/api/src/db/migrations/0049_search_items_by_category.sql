-- search_items in category order. Two or more words across all categories intersect the words' lists
-- in the GIN index of token_ids and then read each match's row (decision 020): about 900 matches
-- read about 830 of the table's 3,200 pages on 100,000 items, one each, since rows lay in the order
-- items were listed. The words people search together mostly name things of one category ('cordless
-- drill', 'spirit level'), so with the rows of a category together the same matches lie on 335-365
-- pages: 1.9 -> 1.15 ms for the intersection. The table is rewritten in that order here, and the
-- rebuild writes it so. Its pages keep a tenth free (fillfactor 90) so that a row rewritten when its
-- item changes (a booking, a price, a rating; no indexed column) stays on its page as a HOT update.
-- Items listed later land wherever there is room, so the order holds for the rows there are now and
-- decays with new listings until the table is rewritten again (VACUUM FULL keeps the order).
ALTER TABLE "search_items" SET (fillfactor = 90);
--> statement-breakpoint
CREATE TEMPORARY TABLE "search_items_in_order" AS SELECT * FROM "search_items" ORDER BY "category_id", "created_at" DESC;
--> statement-breakpoint
TRUNCATE "search_items";
--> statement-breakpoint
INSERT INTO "search_items" SELECT * FROM "search_items_in_order";
--> statement-breakpoint
DROP TABLE "search_items_in_order";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "search_postings_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_postings;
  DELETE FROM search_items;
  INSERT INTO search_tokens (token)
  SELECT DISTINCT w FROM items i, unnest(search_tokens_of(i.search_text)) AS w
  WHERE i.deleted_at IS NULL AND i.available AND NOT EXISTS (SELECT 1 FROM search_tokens t WHERE t.token = w)
  ORDER BY w
  ON CONFLICT (token) DO NOTHING;
  INSERT INTO search_postings (token_id, item_id, created_at, category_id, owner_id, daily_rate_pence, owner_rating, booked, has_photo,
                               public_latitude, public_longitude)
  SELECT t.id, i.id, i.created_at, i.category_id, i.owner_id, i.daily_rate_pence, i.owner_rating, i.booked, i.has_photo,
         i.public_latitude, i.public_longitude
  FROM items i CROSS JOIN LATERAL unnest(search_tokens_of(i.search_text)) AS w JOIN search_tokens t ON t.token = w
  WHERE i.deleted_at IS NULL AND i.available;
  INSERT INTO search_items (item_id, created_at, category_id, owner_id, daily_rate_pence, owner_rating, booked, has_photo,
                            public_latitude, public_longitude, token_ids)
  SELECT i.id, i.created_at, i.category_id, i.owner_id, i.daily_rate_pence, i.owner_rating, i.booked, i.has_photo,
         i.public_latitude, i.public_longitude, search_token_ids(i.search_text)
  FROM items i WHERE i.deleted_at IS NULL AND i.available
  ORDER BY i.category_id, i.created_at DESC;
END $$;
--> statement-breakpoint
ANALYZE "search_items";
