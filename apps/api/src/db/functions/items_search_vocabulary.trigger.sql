-- Kept as it is now: applied with CREATE OR REPLACE after the migrations on every migrate
-- (db/functions.ts); change it here, not in a new migration.
CREATE OR REPLACE TRIGGER "items_search_vocabulary" AFTER INSERT OR DELETE OR UPDATE OF "name", "description", "deleted_at" ON "items"
FOR EACH ROW EXECUTE FUNCTION "search_vocabulary_sync"();
