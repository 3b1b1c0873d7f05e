-- Kept as it is now: applied with CREATE OR REPLACE after the migrations on every migrate
-- (db/functions.ts); change it here, not in a new migration. Last defined by migration 0025_deposits_and_claims;
-- scheduled deposits and renewals since 0079_scheduled_deposits.
CREATE OR REPLACE FUNCTION deposit_hold_settled_once() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' THEN
		RAISE EXCEPTION 'deposit hold % is never deleted', OLD.id USING ERRCODE = '23514';
	END IF;
	IF OLD.status NOT IN ('scheduled', 'held') THEN
		RAISE EXCEPTION 'deposit hold % was already %: a hold is settled once', OLD.id, OLD.status USING ERRCODE = '23514';
	END IF;
	IF NEW.amount_pence <> OLD.amount_pence OR NEW.rental_id <> OLD.rental_id OR NEW.renter_id <> OLD.renter_id OR NEW.owner_id <> OLD.owner_id THEN
		RAISE EXCEPTION 'deposit hold %: its amount, rental and parties never change', OLD.id USING ERRCODE = '23514';
	END IF;
	-- A scheduled deposit becomes held (its first authorisation) or ends with its rental; a held one
	-- is settled, lapses, or stays held with its authorisation replaced by a renewal.
	IF (OLD.status = 'scheduled' AND NEW.status NOT IN ('scheduled', 'held', 'cancelled'))
		OR (OLD.status = 'held' AND NEW.status NOT IN ('held', 'released', 'captured', 'lapsed')) THEN
		RAISE EXCEPTION 'deposit hold % cannot go from % to %', OLD.id, OLD.status, NEW.status USING ERRCODE = '23514';
	END IF;
	IF OLD.status = 'held' AND NEW.status <> 'held' AND NEW.authorization_id IS DISTINCT FROM OLD.authorization_id THEN
		RAISE EXCEPTION 'deposit hold %: its authorisation is settled as it was held', OLD.id USING ERRCODE = '23514';
	END IF;
	RETURN NEW;
END
$$;
