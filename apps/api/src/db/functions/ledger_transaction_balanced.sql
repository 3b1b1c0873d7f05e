-- Kept as it is now: applied with CREATE OR REPLACE after the migrations on every migrate
-- (db/functions.ts); change it here, not in a new migration. Last defined by migration 0005_ledger_and_jobs.
CREATE OR REPLACE FUNCTION ledger_transaction_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	total bigint;
BEGIN
	SELECT coalesce(sum(amount_pence), 0) INTO total FROM ledger_entries WHERE transaction_id = NEW.transaction_id;
	IF total <> 0 THEN
		RAISE EXCEPTION 'ledger transaction % does not balance: its entries sum to %', NEW.transaction_id, total USING ERRCODE = '23514';
	END IF;
	RETURN NULL;
END
$$;
