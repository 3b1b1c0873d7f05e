-- Deposits held when they can last (issue 46, decision 036). A deposit whose rental starts more than
-- 24 hours after checkout is recorded 'scheduled': no authorisation yet (authorization_id null), the
-- processor's saved payment method kept instead, authorised off-session 24 hours before the start.
-- A scheduled deposit that is never held ends 'cancelled' (the rental was cancelled first); a held one
-- whose authorisation could not be renewed before it lapsed ends 'lapsed' (nothing can be captured).
-- The hold remembers when its authorisation lapses, and the last off-session decline while it waits.
ALTER TABLE "deposit_holds" ALTER COLUMN "authorization_id" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "deposit_holds" ADD COLUMN "payment_method_id" text;
--> statement-breakpoint
ALTER TABLE "deposit_holds" ADD COLUMN "authorisation_expires_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "deposit_holds" ADD COLUMN "declined_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "deposit_holds" ADD COLUMN "decline_reason" text;
--> statement-breakpoint
ALTER TABLE "deposit_holds" DROP CONSTRAINT "deposit_holds_status_known";
--> statement-breakpoint
ALTER TABLE "deposit_holds" ADD CONSTRAINT "deposit_holds_status_known" CHECK ("status" IN ('scheduled', 'held', 'released', 'captured', 'lapsed', 'cancelled'));
--> statement-breakpoint
ALTER TABLE "deposit_holds" DROP CONSTRAINT "deposit_holds_settled_once";
--> statement-breakpoint
ALTER TABLE "deposit_holds" ADD CONSTRAINT "deposit_holds_settled_once" CHECK (
	("status" = 'scheduled' AND "authorization_id" IS NULL AND "payment_method_id" IS NOT NULL AND "captured_pence" IS NULL AND "settled_at" IS NULL)
	OR ("status" = 'held' AND "authorization_id" IS NOT NULL AND "captured_pence" IS NULL AND "settled_at" IS NULL)
	OR ("status" = 'released' AND "authorization_id" IS NOT NULL AND "captured_pence" IS NOT NULL AND "captured_pence" = 0 AND "settled_at" IS NOT NULL)
	OR ("status" = 'captured' AND "authorization_id" IS NOT NULL AND "captured_pence" IS NOT NULL AND "captured_pence" > 0 AND "settled_at" IS NOT NULL)
	OR ("status" = 'lapsed' AND "authorization_id" IS NOT NULL AND "captured_pence" IS NOT NULL AND "captured_pence" = 0 AND "settled_at" IS NOT NULL)
	OR ("status" = 'cancelled' AND "authorization_id" IS NULL AND "captured_pence" IS NULL AND "settled_at" IS NOT NULL)
);
--> statement-breakpoint
CREATE INDEX "deposit_holds_scheduled_idx" ON "deposit_holds" USING btree ("rental_id") WHERE "status" = 'scheduled';
