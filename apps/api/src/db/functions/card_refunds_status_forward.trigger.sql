-- Kept as it is now: applied with CREATE OR REPLACE after the migrations on every migrate
-- (db/functions.ts); change it here, not in a new migration. For card_refunds (migration 0059_card_refunds).
CREATE OR REPLACE TRIGGER "card_refunds_status_forward" BEFORE UPDATE OF "status" ON "card_refunds" FOR EACH ROW EXECUTE FUNCTION card_refund_moves_forward();
