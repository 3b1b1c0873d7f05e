-- No two unreturned, uncancelled rentals of one item may share a calendar day. The database is the
-- guard (also against races between concurrent checkouts); application checks only give nicer errors.
ALTER TABLE "rentals" ADD CONSTRAINT "rentals_no_overlap"
  EXCLUDE USING gist ("item_id" WITH =, daterange("start_date", "end_date", '[]') WITH &&)
  WHERE (NOT "returned" AND "cancelled_at" IS NULL);
