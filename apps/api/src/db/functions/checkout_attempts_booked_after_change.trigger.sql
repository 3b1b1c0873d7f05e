-- Kept as it is now: applied with CREATE OR REPLACE after the migrations on every migrate
-- (db/functions.ts); change it here, not in a new migration.
CREATE OR REPLACE TRIGGER "checkout_attempts_booked_after_change" AFTER INSERT OR UPDATE OR DELETE ON "checkout_attempts"
FOR EACH ROW EXECUTE FUNCTION "checkout_attempts_booked_change"();
