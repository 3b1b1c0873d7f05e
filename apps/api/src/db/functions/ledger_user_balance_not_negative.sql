-- Kept as it is now: applied with CREATE OR REPLACE after the migrations on every migrate
-- (db/functions.ts); change it here, not in a new migration. Last defined by migration 0024_money_guards.
CREATE OR REPLACE FUNCTION ledger_user_balance_not_negative() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	total bigint;
BEGIN
	SELECT coalesce(sum(amount_pence), 0) INTO total FROM ledger_entries WHERE user_id = NEW.user_id AND account = NEW.account;
	IF total < 0 THEN
		RAISE EXCEPTION 'the % balance of user % would be % pence: a balance never goes below zero', NEW.account, NEW.user_id, total USING ERRCODE = '23514';
	END IF;
	RETURN NULL;
END
$$;
