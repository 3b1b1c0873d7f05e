CREATE TABLE "checkout_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"renter_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" text NOT NULL,
	"payment_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"amount_pence" integer NOT NULL,
	"payment_id" uuid,
	"rental_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"renter_id" text NOT NULL,
	"subtotal_pence" integer NOT NULL,
	"service_fee_pence" integer NOT NULL,
	"amount_pence" integer NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"provider" text NOT NULL,
	"provider_reference" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount_is_sum" CHECK ("payments"."amount_pence" = "payments"."subtotal_pence" + "payments"."service_fee_pence")
);
--> statement-breakpoint
ALTER TABLE "rentals" ADD COLUMN "daily_rate_pence" integer;--> statement-breakpoint
ALTER TABLE "rentals" ADD COLUMN "payment_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "address_line" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "address_city" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "address_postcode" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "vacation_until" date;--> statement-breakpoint
ALTER TABLE "checkout_attempts" ADD CONSTRAINT "checkout_attempts_renter_id_users_id_fk" FOREIGN KEY ("renter_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_attempts" ADD CONSTRAINT "checkout_attempts_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_renter_id_users_id_fk" FOREIGN KEY ("renter_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_attempts_key_idx" ON "checkout_attempts" USING btree ("renter_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "ledger_user_idx" ON "ledger_entries" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ledger_rental_idx" ON "ledger_entries" USING btree ("rental_id");--> statement-breakpoint
CREATE INDEX "payments_renter_idx" ON "payments" USING btree ("renter_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "rentals" ADD CONSTRAINT "rentals_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rentals_payment_idx" ON "rentals" USING btree ("payment_id");