CREATE TABLE "ledger_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"payment_id" uuid REFERENCES "payments"("id"),
	"rental_id" uuid REFERENCES "rentals"("id"),
	"reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "ledger_transactions_payment_idx" ON "ledger_transactions" USING btree ("payment_id");
--> statement-breakpoint
CREATE INDEX "ledger_transactions_rental_idx" ON "ledger_transactions" USING btree ("rental_id");
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "transaction_id" uuid REFERENCES "ledger_transactions"("id");
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "account" text;
--> statement-breakpoint
INSERT INTO "ledger_transactions" ("kind", "payment_id", "created_at")
	SELECT 'checkout', "payment_id", min("created_at") FROM "ledger_entries" WHERE "payment_id" IS NOT NULL GROUP BY "payment_id";
--> statement-breakpoint
UPDATE "ledger_entries" e SET
	"transaction_id" = (SELECT t."id" FROM "ledger_transactions" t WHERE t."payment_id" = e."payment_id" AND t."kind" = 'checkout'),
	"account" = CASE e."kind" WHEN 'rental_payment' THEN 'card' WHEN 'owner_earnings' THEN 'pending' ELSE 'fees' END;
--> statement-breakpoint
INSERT INTO "ledger_transactions" ("kind", "payment_id", "rental_id")
	SELECT 'rental_completed', "payment_id", "rental_id" FROM "ledger_entries" WHERE "kind" = 'owner_earnings' AND "status" = 'available';
--> statement-breakpoint
INSERT INTO "ledger_entries" ("transaction_id", "user_id", "account", "kind", "status", "amount_pence", "payment_id", "rental_id")
	SELECT t."id", e."user_id", x."account", 'earnings_released', 'settled', x."sign" * e."amount_pence", e."payment_id", e."rental_id"
	FROM "ledger_entries" e
	JOIN "ledger_transactions" t ON t."rental_id" = e."rental_id" AND t."kind" = 'rental_completed'
	CROSS JOIN (VALUES ('pending', -1), ('available', 1)) AS x("account", "sign")
	WHERE e."kind" = 'owner_earnings' AND e."status" = 'available';
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP COLUMN "status";
--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "transaction_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "account" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_known" CHECK ("account" IN ('card', 'available', 'pending', 'payout_pending', 'paid_out', 'fees'));
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_fees_have_no_user" CHECK (("account" = 'fees') = ("user_id" IS NULL));
--> statement-breakpoint
CREATE INDEX "ledger_entries_transaction_idx" ON "ledger_entries" USING btree ("transaction_id");
--> statement-breakpoint
CREATE INDEX "ledger_entries_user_account_idx" ON "ledger_entries" USING btree ("user_id", "account");
--> statement-breakpoint
CREATE FUNCTION ledger_transaction_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
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
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_entries_balanced" AFTER INSERT ON "ledger_entries" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_transaction_balanced();
--> statement-breakpoint
CREATE FUNCTION ledger_entries_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'ledger entries are never changed or deleted; post a correcting transaction' USING ERRCODE = '23514';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_no_change" BEFORE UPDATE OR DELETE ON "ledger_entries" FOR EACH ROW EXECUTE FUNCTION ledger_entries_immutable();
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"key" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "jobs_status_known" CHECK ("status" IN ('queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_key_idx" ON "jobs" USING btree ("key");
--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE "status" IN ('queued', 'running');
