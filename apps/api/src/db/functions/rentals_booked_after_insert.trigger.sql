-- Kept as it is now: applied with CREATE OR REPLACE after the migrations on every migrate
-- (db/functions.ts); change it here, not in a new migration. Last defined by migration 0009_category_item_counts.
CREATE OR REPLACE TRIGGER "rentals_booked_after_insert" AFTER INSERT ON "rentals" REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "rentals_booked_insert"();
