-- Kept as it is now: applied with CREATE OR REPLACE after the migrations on every migrate
-- (db/functions.ts); change it here, not in a new migration. Last defined by migration 0009_category_item_counts.
CREATE OR REPLACE TRIGGER "items_count_delete" AFTER DELETE ON "items" REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION "category_item_counts_remove"();
