-- Kept as it is now: applied with CREATE OR REPLACE after the migrations on every migrate
-- (db/functions.ts); change it here, not in a new migration. Last defined by migration 0030_browse_unbookable_days.
CREATE OR REPLACE TRIGGER "blocked_days_booked_after_delete" AFTER DELETE ON "calendar_blocked_days" REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION "blocked_days_booked_delete"();
