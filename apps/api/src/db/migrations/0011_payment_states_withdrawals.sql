ALTER TABLE "payments" ADD COLUMN "status" text DEFAULT 'captured' NOT NULL;
--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "status" SET DEFAULT 'authorised';
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_status_known" CHECK ("status" IN ('authorised', 'capture_pending', 'captured', 'voided', 'refunded'));
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "capture_failed_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
CREATE FUNCTION payment_status_moves_forward() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW.status = OLD.status THEN
		RETURN NEW;
	END IF;
	IF (OLD.status, NEW.status) IN (
		('authorised', 'captured'), ('authorised', 'capture_pending'), ('authorised', 'voided'),
		('capture_pending', 'captured'), ('capture_pending', 'voided'),
		('captured', 'refunded')
	) THEN
		RETURN NEW;
	END IF;
	RAISE EXCEPTION 'payment % cannot move from % to %', OLD.id, OLD.status, NEW.status USING ERRCODE = '23514';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "payments_status_forward" BEFORE UPDATE OF "status" ON "payments" FOR EACH ROW EXECUTE FUNCTION payment_status_moves_forward();
--> statement-breakpoint
ALTER TABLE "checkout_attempts" ADD COLUMN "authorization_id" text;
--> statement-breakpoint
ALTER TABLE "checkout_attempts" ADD COLUMN "claim" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
CREATE INDEX "checkout_attempts_processing_idx" ON "checkout_attempts" USING btree ("updated_at") WHERE "status" = 'processing';
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL REFERENCES "users"("id"),
	"idempotency_key" text NOT NULL,
	"amount_pence" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"provider" text NOT NULL,
	"destination" text NOT NULL,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "withdrawals_amount_positive" CHECK ("amount_pence" > 0),
	CONSTRAINT "withdrawals_status_known" CHECK ("status" IN ('pending', 'paid', 'failed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_user_key_idx" ON "withdrawals" USING btree ("user_id", "idempotency_key");
--> statement-breakpoint
CREATE INDEX "withdrawals_user_created_idx" ON "withdrawals" USING btree ("user_id", "created_at" DESC);
--> statement-breakpoint
CREATE FUNCTION withdrawal_status_moves_forward() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW.status = OLD.status OR (OLD.status = 'pending' AND NEW.status IN ('paid', 'failed')) THEN
		RETURN NEW;
	END IF;
	RAISE EXCEPTION 'withdrawal % cannot move from % to %', OLD.id, OLD.status, NEW.status USING ERRCODE = '23514';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "withdrawals_status_forward" BEFORE UPDATE OF "status" ON "withdrawals" FOR EACH ROW EXECUTE FUNCTION withdrawal_status_moves_forward();
