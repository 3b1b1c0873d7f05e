-- Kept as it is now: applied with CREATE OR REPLACE after the migrations on every migrate
-- (db/functions.ts); change it here, not in a new migration. Last defined by migration 0024_money_guards.
CREATE OR REPLACE FUNCTION withdrawal_terms_fixed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW.amount_pence <> OLD.amount_pence OR NEW.destination <> OLD.destination OR NEW.user_id <> OLD.user_id THEN
		RAISE EXCEPTION 'withdrawal %: its amount, destination and owner never change', OLD.id USING ERRCODE = '23514';
	END IF;
	RETURN NEW;
END
$$;
