-- Kept as it is now: applied with CREATE OR REPLACE after the migrations on every migrate
-- (db/functions.ts); change it here, not in a new migration. Last defined by migration 0030_browse_unbookable_days.
CREATE OR REPLACE TRIGGER "blocked_days_booked_after_insert" AFTER INSERT ON "calendar_blocked_days" REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "blocked_days_booked_insert"();
