-- Kept as it is now: applied with CREATE OR REPLACE after the migrations on every migrate
-- (db/functions.ts); change it here, not in a new migration. Last defined by migration 0011_payment_states_withdrawals.
CREATE OR REPLACE TRIGGER "withdrawals_status_forward" BEFORE UPDATE OF "status" ON "withdrawals" FOR EACH ROW EXECUTE FUNCTION withdrawal_status_moves_forward();
