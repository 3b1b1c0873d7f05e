-- Kept as it is now: applied with CREATE OR REPLACE after the migrations on every migrate
-- (db/functions.ts); change it here, not in a new migration. Last defined by migration 0025_deposits_and_claims.
CREATE OR REPLACE TRIGGER "deposit_holds_settled_once" BEFORE UPDATE OR DELETE ON "deposit_holds" FOR EACH ROW EXECUTE FUNCTION deposit_hold_settled_once();
