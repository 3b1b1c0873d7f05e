-- Kept as it is now: applied with CREATE OR REPLACE after the migrations on every migrate
-- (db/functions.ts); change it here, not in a new migration. Last defined by migration 0024_money_guards.
CREATE OR REPLACE FUNCTION ledger_never_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'the ledger is never truncated' USING ERRCODE = '23514';
END
$$;
