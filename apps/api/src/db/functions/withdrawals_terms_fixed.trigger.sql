-- Kept as it is now: applied with CREATE OR REPLACE after the migrations on every migrate
-- (db/functions.ts); change it here, not in a new migration. Last defined by migration 0024_money_guards.
CREATE OR REPLACE TRIGGER "withdrawals_terms_fixed" BEFORE UPDATE ON "withdrawals" FOR EACH ROW EXECUTE FUNCTION withdrawal_terms_fixed();
