-- Strong customer authentication (issue 46): a checkout whose card needs the bank's 3-D Secure
-- challenge waits as 'awaiting_challenge' with the processor's authentication, what it will book
-- (its lines hold their dates from other renters' checkouts until it expires) and when it gives up.
-- A failed attempt keeps why it failed, so a second confirm (another tab) answers the same.
ALTER TABLE "checkout_attempts" ADD COLUMN "authentication_id" text;--> statement-breakpoint
ALTER TABLE "checkout_attempts" ADD COLUMN "pending" jsonb;--> statement-breakpoint
ALTER TABLE "checkout_attempts" ADD COLUMN "challenge_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "checkout_attempts" ADD COLUMN "failure" jsonb;--> statement-breakpoint
CREATE INDEX "checkout_attempts_challenge_idx" ON "checkout_attempts" USING btree ("challenge_expires_at") WHERE "checkout_attempts"."status" = 'awaiting_challenge';
