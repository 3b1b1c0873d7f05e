-- Kept as it is now: applied with CREATE OR REPLACE after the migrations on every migrate
-- (db/functions.ts); change it here, not in a new migration. Last defined by migration 0025_deposits_and_claims;
-- the amount going down before settlement and the withdrawn state since 0061_claim_changes.
CREATE OR REPLACE FUNCTION rental_claim_moves_forward() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- Settled: its outcome stays (the words may still be cleared when a member's account is deleted).
	IF OLD.status IN ('accepted', 'withdrawn') AND (NEW.status, NEW.amount_pence, NEW.accepted_at, NEW.withdrawn_at, NEW.lowered_at, NEW.proposed_pence, NEW.proposed_by_role, NEW.proposed_at)
		IS DISTINCT FROM (OLD.status, OLD.amount_pence, OLD.accepted_at, OLD.withdrawn_at, OLD.lowered_at, OLD.proposed_pence, OLD.proposed_by_role, OLD.proposed_at) THEN
		RAISE EXCEPTION 'claim % is settled (%): its outcome never changes', OLD.id, OLD.status USING ERRCODE = '23514';
	END IF;
	IF NEW.kind <> OLD.kind OR NEW.rental_id <> OLD.rental_id OR NEW.by_user_id <> OLD.by_user_id THEN
		RAISE EXCEPTION 'claim %: its kind, rental and claimant never change', OLD.id USING ERRCODE = '23514';
	END IF;
	IF NEW.amount_pence > OLD.amount_pence THEN
		RAISE EXCEPTION 'claim %: its amount never goes up', OLD.id USING ERRCODE = '23514';
	END IF;
	IF NEW.status = OLD.status OR (OLD.status, NEW.status) IN (('open', 'accepted'), ('open', 'disputed'), ('disputed', 'accepted'), ('disputed', 'escalated'), ('escalated', 'accepted'), ('open', 'withdrawn'), ('disputed', 'withdrawn'), ('escalated', 'withdrawn')) THEN
		RETURN NEW;
	END IF;
	RAISE EXCEPTION 'claim % cannot move from % to %', OLD.id, OLD.status, NEW.status USING ERRCODE = '23514';
END
$$;
