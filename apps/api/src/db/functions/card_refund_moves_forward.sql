-- Kept as it is now: applied with CREATE OR REPLACE after the migrations on every migrate
-- (db/functions.ts); change it here, not in a new migration. Keeps a card refund's status forward
-- (pending -> succeeded | failed), for the card_refunds table of migration 0059_card_refunds.
CREATE OR REPLACE FUNCTION card_refund_moves_forward() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW.status = OLD.status THEN
		RETURN NEW;
	END IF;
	IF (OLD.status, NEW.status) IN (('pending', 'succeeded'), ('pending', 'failed')) THEN
		RETURN NEW;
	END IF;
	RAISE EXCEPTION 'card refund % cannot move from % to %', OLD.id, OLD.status, NEW.status USING ERRCODE = '23514';
END
$$;
