-- Kept as it is now: applied with CREATE OR REPLACE after the migrations on every migrate
-- (db/functions.ts); change it here, not in a new migration. Last defined by migration 0078_bank_payouts.
CREATE OR REPLACE FUNCTION withdrawal_status_moves_forward() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW.status = OLD.status
		OR (OLD.status = 'pending' AND NEW.status IN ('paid', 'failed', 'cancelled'))
		OR (OLD.status = 'paid' AND NEW.status = 'returned') THEN
		RETURN NEW;
	END IF;
	RAISE EXCEPTION 'withdrawal % cannot move from % to %', OLD.id, OLD.status, NEW.status USING ERRCODE = '23514';
END
$$;
