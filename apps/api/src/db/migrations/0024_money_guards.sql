-- The database guards the money beside the zero-sum rule of 0005 (decision 011).
-- 1. The ledger is never emptied: TRUNCATE skips the row triggers that make entries immutable.
CREATE FUNCTION ledger_never_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'the ledger is never truncated' USING ERRCODE = '23514';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_no_truncate" BEFORE TRUNCATE ON "ledger_entries" FOR EACH STATEMENT EXECUTE FUNCTION ledger_never_truncated();
--> statement-breakpoint
CREATE TRIGGER "ledger_transactions_no_truncate" BEFORE TRUNCATE ON "ledger_transactions" FOR EACH STATEMENT EXECUTE FUNCTION ledger_never_truncated();
--> statement-breakpoint
-- 2. No user's balance goes below zero: what they may withdraw, their pending earnings, their
-- payouts under way and what was paid out to them. Checked at commit, per user and account touched,
-- whatever code posted it (the card account is money from outside, negative by nature; the fees
-- account is the platform's).
CREATE FUNCTION ledger_user_balance_not_negative() RETURNS trigger LANGUAGE plpgsql AS $$
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
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_user_balances_not_negative" AFTER INSERT ON "ledger_entries" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
WHEN (NEW.user_id IS NOT NULL AND NEW.account IN ('available', 'pending', 'payout_pending', 'paid_out') AND NEW.amount_pence < 0)
EXECUTE FUNCTION ledger_user_balance_not_negative();
--> statement-breakpoint
-- 3. A withdrawal's amount and destination never change once asked for (its status only moves
-- forward, 0011), so a paid withdrawal says for ever what was paid and where.
CREATE FUNCTION withdrawal_terms_fixed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW.amount_pence <> OLD.amount_pence OR NEW.destination <> OLD.destination OR NEW.user_id <> OLD.user_id THEN
		RAISE EXCEPTION 'withdrawal %: its amount, destination and owner never change', OLD.id USING ERRCODE = '23514';
	END IF;
	RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "withdrawals_terms_fixed" BEFORE UPDATE ON "withdrawals" FOR EACH ROW EXECUTE FUNCTION withdrawal_terms_fixed();
