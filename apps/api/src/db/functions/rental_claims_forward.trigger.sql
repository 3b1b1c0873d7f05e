-- Kept as it is now: applied with CREATE OR REPLACE after the migrations on every migrate
-- (db/functions.ts); change it here, not in a new migration. Last defined by migration 0025_deposits_and_claims.
CREATE OR REPLACE TRIGGER "rental_claims_forward" BEFORE UPDATE ON "rental_claims" FOR EACH ROW EXECUTE FUNCTION rental_claim_moves_forward();
