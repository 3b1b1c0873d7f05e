-- Bank payouts (issue 46, decision 035): owners withdraw to a UK bank account instead of a card.
-- The account is kept as the payout provider's token with its last four digits and sort code, never
-- the full number. Withdrawals gain their method (card, retired; bank), the bank account's sort code
-- and name, the provider's payout reference, and two states: returned (paid, then sent back by the
-- receiving bank) and cancelled (never sent). Card withdrawals still pending are cancelled here and
-- their amount given back to the owner's available balance, once, with a posting of its own.
-- A paid extension whose card cannot be charged for good is reversed: its status 'reversed', when.
CREATE TABLE "bank_accounts" (
	"user_id" text PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"holder_name" text NOT NULL,
	"sort_code" text NOT NULL,
	"last4" text NOT NULL,
	"provider" text NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_accounts_sort_code_digits" CHECK ("sort_code" ~ '^[0-9]{6}$'),
	CONSTRAINT "bank_accounts_last4_digits" CHECK ("last4" ~ '^[0-9]{4}$'),
	CONSTRAINT "bank_accounts_holder_name_length" CHECK (length("holder_name") between 2 and 70)
);
--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "method" text DEFAULT 'card' NOT NULL;
--> statement-breakpoint
ALTER TABLE "withdrawals" ALTER COLUMN "brand" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "sort_code" text;
--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "account_name" text;
--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payout_reference" text;
--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "returned_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "withdrawals" DROP CONSTRAINT "withdrawals_status_known";
--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_status_known" CHECK ("status" in ('pending', 'paid', 'failed', 'returned', 'cancelled'));
--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_method_known" CHECK ("method" in ('card', 'bank'));
--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_destination_described" CHECK (("method" = 'card' and "brand" is not null) or ("method" = 'bank' and "sort_code" is not null and "account_name" is not null));
--> statement-breakpoint
ALTER TABLE "rental_extensions" ADD COLUMN "reversed_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "rental_extensions" DROP CONSTRAINT "rental_extensions_status_known";
--> statement-breakpoint
ALTER TABLE "rental_extensions" ADD CONSTRAINT "rental_extensions_status_known" CHECK ("status" in ('paid', 'pending', 'declined', 'expired', 'withdrawn', 'reversed'));
--> statement-breakpoint
-- The moves of the new states (kept as it is now in db/functions/withdrawal_status_moves_forward.sql),
-- defined here too because the cancellation below needs them before the functions are applied.
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
--> statement-breakpoint
-- Card withdrawals never paid out: cancelled, and the amount moved from payout_pending back to
-- available (kind withdrawal_cancelled, referenced by the withdrawal, as its other postings are).
WITH cancelled AS (
	UPDATE "withdrawals"
	   SET "status" = 'cancelled',
	       "failure_reason" = 'Payouts to cards have stopped: the money is back in your balance. Add a bank account to withdraw it.',
	       "updated_at" = now(),
	       "finished_at" = now()
	 WHERE "method" = 'card' AND "status" = 'pending'
	RETURNING "id", "user_id", "amount_pence"
), posted AS (
	INSERT INTO "ledger_transactions" ("kind", "reference")
	SELECT 'withdrawal_cancelled', "id"::text FROM cancelled
	RETURNING "id", "reference"
)
INSERT INTO "ledger_entries" ("transaction_id", "user_id", "account", "kind", "amount_pence")
SELECT p."id", c."user_id", m."account", 'withdrawal_cancelled', m."amount_pence"
  FROM posted p
  JOIN cancelled c ON c."id"::text = p."reference"
  CROSS JOIN LATERAL (VALUES ('payout_pending', -c."amount_pence"), ('available', c."amount_pence")) AS m("account", "amount_pence");
