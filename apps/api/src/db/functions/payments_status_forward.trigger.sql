-- Kept as it is now: applied with CREATE OR REPLACE after the migrations on every migrate
-- (db/functions.ts); change it here, not in a new migration. Last defined by migration 0011_payment_states_withdrawals.
CREATE OR REPLACE TRIGGER "payments_status_forward" BEFORE UPDATE OF "status" ON "payments" FOR EACH ROW EXECUTE FUNCTION payment_status_moves_forward();
