-- Kept as it is now: applied with CREATE OR REPLACE after the migrations on every migrate
-- (db/functions.ts); change it here, not in a new migration. Last defined by migration 0030_browse_unbookable_days.
CREATE OR REPLACE TRIGGER "items_booked_buffer_change" BEFORE UPDATE OF "buffer_days" ON "items"
FOR EACH ROW WHEN (OLD.buffer_days IS DISTINCT FROM NEW.buffer_days) EXECUTE FUNCTION "items_booked_on_buffer_change"();
