-- Kept as it is now: applied with CREATE OR REPLACE after the migrations on every migrate
-- (db/functions.ts); change it here, not in a new migration. Last defined by migration 0025_deposits_and_claims.
CREATE OR REPLACE FUNCTION rental_claim_moves_forward() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW.amount_pence <> OLD.amount_pence OR NEW.kind <> OLD.kind OR NEW.rental_id <> OLD.rental_id OR NEW.by_user_id <> OLD.by_user_id THEN
		RAISE EXCEPTION 'claim %: its amount, kind, rental and claimant never change', OLD.id USING ERRCODE = '23514';
	END IF;
	IF NEW.status = OLD.status OR (OLD.status, NEW.status) IN (('open', 'accepted'), ('open', 'disputed'), ('disputed', 'accepted'), ('disputed', 'escalated'), ('escalated', 'accepted')) THEN
		RETURN NEW;
	END IF;
	RAISE EXCEPTION 'claim % cannot move from % to %', OLD.id, OLD.status, NEW.status USING ERRCODE = '23514';
END
$$;
