-- Reviews in half stars (0.5 to 5), written by either party of a rental, once each, and hidden
-- (published_at null) until the other side has reviewed or 14 days after the return. Reviews that
-- predate this (the sample catalogue's) are published when written.
ALTER TABLE "reviews" DROP CONSTRAINT "reviews_rating_range";
--> statement-breakpoint
ALTER TABLE "reviews" ALTER COLUMN "rating" SET DATA TYPE numeric(2, 1);
--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_rating_half_stars" CHECK ("rating" BETWEEN 0.5 AND 5 AND "rating" * 2 = trunc("rating" * 2));
--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "reviewer_role" text DEFAULT 'renter' NOT NULL;
--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_reviewer_role_known" CHECK ("reviewer_role" IN ('renter', 'owner'));
--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "published_at" timestamp with time zone DEFAULT now();
--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_comment_length" CHECK (char_length("comment") <= 1000);
--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_rental_reviewer_idx" ON "reviews" ("rental_id", "reviewer_id") WHERE "rental_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "reviews_reviewer_idx" ON "reviews" ("reviewer_id", "created_at" DESC);
--> statement-breakpoint
CREATE INDEX "reviews_hidden_idx" ON "reviews" ("rental_id") WHERE "published_at" IS NULL;
--> statement-breakpoint
-- Who cancelled a rental, why (the owner's reason for declining) and what went back to the renter.
ALTER TABLE "rentals" ADD COLUMN "cancelled_by" text;
--> statement-breakpoint
ALTER TABLE "rentals" ADD COLUMN "cancel_reason" text;
--> statement-breakpoint
ALTER TABLE "rentals" ADD COLUMN "refund_pence" integer;
--> statement-breakpoint
ALTER TABLE "rentals" ADD CONSTRAINT "rentals_cancelled_by_known" CHECK ("cancelled_by" IS NULL OR "cancelled_by" IN ('renter', 'owner', 'system'));
--> statement-breakpoint
ALTER TABLE "rentals" ADD CONSTRAINT "rentals_cancel_consistent" CHECK ("cancelled_by" IS NULL OR "cancelled_at" IS NOT NULL);
