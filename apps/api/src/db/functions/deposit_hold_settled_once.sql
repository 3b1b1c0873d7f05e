-- Kept as it is now: applied with CREATE OR REPLACE after the migrations on every migrate
-- (db/functions.ts); change it here, not in a new migration. Last defined by migration 0025_deposits_and_claims.
CREATE OR REPLACE FUNCTION deposit_hold_settled_once() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' THEN
		RAISE EXCEPTION 'deposit hold % is never deleted', OLD.id USING ERRCODE = '23514';
	END IF;
	IF OLD.status <> 'held' THEN
		RAISE EXCEPTION 'deposit hold % was already %: a hold is settled once', OLD.id, OLD.status USING ERRCODE = '23514';
	END IF;
	IF NEW.amount_pence <> OLD.amount_pence OR NEW.rental_id <> OLD.rental_id OR NEW.renter_id <> OLD.renter_id OR NEW.owner_id <> OLD.owner_id OR NEW.authorization_id <> OLD.authorization_id THEN
		RAISE EXCEPTION 'deposit hold %: its amount, rental, parties and authorisation never change', OLD.id USING ERRCODE = '23514';
	END IF;
	RETURN NEW;
END
$$;
