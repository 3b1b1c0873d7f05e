-- Deposits, holds, claims and late fees: a deposit is held on the renter's card, never charged
-- unless a claim on it is settled.
-- 1. An item's refundable deposit: £0 (none) to £1,000.
ALTER TABLE "items" ADD COLUMN "deposit_pence" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_deposit_in_range" CHECK ("deposit_pence" >= 0 AND "deposit_pence" <= 100000);
--> statement-breakpoint
-- 2. The ledger's deposit_held account: a renter's deposit authorised on their card.
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_account_known";
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_known" CHECK ("account" IN ('card', 'available', 'pending', 'payout_pending', 'paid_out', 'fees', 'deposit_held'));
--> statement-breakpoint
-- A deposit held never goes below zero either: it is released or captured once, for what is held.
DROP TRIGGER "ledger_user_balances_not_negative" ON "ledger_entries";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_user_balances_not_negative" AFTER INSERT ON "ledger_entries" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
WHEN (NEW.user_id IS NOT NULL AND NEW.account IN ('available', 'pending', 'payout_pending', 'paid_out', 'deposit_held') AND NEW.amount_pence < 0)
EXECUTE FUNCTION ledger_user_balance_not_negative();
--> statement-breakpoint
-- 3. One hold per rental with a deposit: held -> released (captured 0) | captured (1p to the hold).
CREATE TABLE "deposit_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rental_id" uuid NOT NULL REFERENCES "rentals"("id"),
	"renter_id" text NOT NULL REFERENCES "users"("id"),
	"owner_id" text NOT NULL REFERENCES "users"("id"),
	"amount_pence" integer NOT NULL,
	"provider" text NOT NULL,
	"authorization_id" text NOT NULL,
	"status" text DEFAULT 'held' NOT NULL,
	"captured_pence" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "deposit_holds_amount_in_range" CHECK ("amount_pence" > 0 AND "amount_pence" <= 100000),
	CONSTRAINT "deposit_holds_status_known" CHECK ("status" IN ('held', 'released', 'captured')),
	CONSTRAINT "deposit_holds_capture_within_hold" CHECK ("captured_pence" >= 0 AND "captured_pence" <= "amount_pence"),
	-- Spelled with IS NOT NULL: a CHECK passes when its expression is null.
	CONSTRAINT "deposit_holds_settled_once" CHECK (
		("status" = 'held' AND "captured_pence" IS NULL AND "settled_at" IS NULL)
		OR ("status" = 'released' AND "captured_pence" IS NOT NULL AND "captured_pence" = 0 AND "settled_at" IS NOT NULL)
		OR ("status" = 'captured' AND "captured_pence" IS NOT NULL AND "captured_pence" > 0 AND "settled_at" IS NOT NULL)
	)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_holds_rental_idx" ON "deposit_holds" USING btree ("rental_id");
--> statement-breakpoint
CREATE INDEX "deposit_holds_renter_idx" ON "deposit_holds" USING btree ("renter_id") WHERE "status" = 'held';
--> statement-breakpoint
-- A hold is settled once: after that nothing about it changes, so it is never captured twice nor
-- both released and captured; while held, only its settlement may be written.
CREATE FUNCTION deposit_hold_settled_once() RETURNS trigger LANGUAGE plpgsql AS $$
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
--> statement-breakpoint
CREATE TRIGGER "deposit_holds_settled_once" BEFORE UPDATE OR DELETE ON "deposit_holds" FOR EACH ROW EXECUTE FUNCTION deposit_hold_settled_once();
--> statement-breakpoint
-- 4. Claims: a problem reported by one party of a rental, answered by the other.
-- open -> accepted | disputed; disputed -> accepted | escalated (to support); escalated -> accepted.
CREATE TABLE "rental_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rental_id" uuid NOT NULL REFERENCES "rentals"("id"),
	"by_user_id" text NOT NULL REFERENCES "users"("id"),
	"by_role" text NOT NULL,
	"kind" text NOT NULL,
	"amount_pence" integer NOT NULL,
	"note" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"reply" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"disputed_at" timestamp with time zone,
	"escalated_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	CONSTRAINT "rental_claims_role_known" CHECK ("by_role" IN ('owner', 'renter')),
	CONSTRAINT "rental_claims_kind_known" CHECK ("kind" IN ('damaged', 'missing_parts', 'not_returned', 'returned_late', 'not_as_described')),
	CONSTRAINT "rental_claims_status_known" CHECK ("status" IN ('open', 'accepted', 'disputed', 'escalated')),
	CONSTRAINT "rental_claims_amount_positive" CHECK ("amount_pence" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "rental_claims_rental_kind_idx" ON "rental_claims" USING btree ("rental_id", "kind");
--> statement-breakpoint
CREATE FUNCTION rental_claim_moves_forward() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW.amount_pence <> OLD.amount_pence OR NEW.kind <> OLD.kind OR NEW.rental_id <> OLD.rental_id OR NEW.by_user_id <> OLD.by_user_id THEN
		RAISE EXCEPTION 'claim %: its amount, kind, rental and claimant never change', OLD.id USING ERRCODE = '23514';
	END IF;
	IF NEW.status = OLD.status OR (OLD.status, NEW.status) IN (('open', 'accepted'), ('open', 'disputed'), ('disputed', 'accepted'), ('disputed', 'escalated'), ('escalated', 'accepted')) THEN
		RETURN NEW;
	END IF;
	RAISE EXCEPTION 'claim % cannot move from % to %', OLD.id, OLD.status, NEW.status USING ERRCODE = '23514';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "rental_claims_forward" BEFORE UPDATE ON "rental_claims" FOR EACH ROW EXECUTE FUNCTION rental_claim_moves_forward();
--> statement-breakpoint
-- 5. A claim's photos: the claimant's with the report, the other party's with their dispute; stored
-- privately (never at /media) and served to the rental's parties only.
CREATE TABLE "claim_photos" (
	"id" uuid PRIMARY KEY NOT NULL,
	"claim_id" uuid NOT NULL REFERENCES "rental_claims"("id"),
	"added_by" text NOT NULL REFERENCES "users"("id"),
	"large_key" text NOT NULL,
	"thumb_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"taken_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "claim_photos_claim_idx" ON "claim_photos" USING btree ("claim_id","taken_at");
