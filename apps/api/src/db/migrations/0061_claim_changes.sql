-- Claims that change before they are settled: the claimant withdraws one (status 'withdrawn', when)
-- or lowers its amount (when last lowered); after a dispute either side proposes a lower amount
-- (what, by whom, when), settled when the other agrees. The trigger that lets the amount only go down
-- before settlement is in db/functions/rental_claim_moves_forward.sql.
ALTER TABLE "rental_claims" ADD COLUMN "withdrawn_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "rental_claims" ADD COLUMN "lowered_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "rental_claims" ADD COLUMN "proposed_pence" integer;
--> statement-breakpoint
ALTER TABLE "rental_claims" ADD COLUMN "proposed_by_role" text;
--> statement-breakpoint
ALTER TABLE "rental_claims" ADD COLUMN "proposed_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "rental_claims" DROP CONSTRAINT "rental_claims_status_known";
--> statement-breakpoint
ALTER TABLE "rental_claims" ADD CONSTRAINT "rental_claims_status_known" CHECK ("rental_claims"."status" IN ('open', 'accepted', 'disputed', 'escalated', 'withdrawn'));
--> statement-breakpoint
ALTER TABLE "rental_claims" ADD CONSTRAINT "rental_claims_withdrawn_when" CHECK (("rental_claims"."status" = 'withdrawn') = ("rental_claims"."withdrawn_at" IS NOT NULL));
--> statement-breakpoint
ALTER TABLE "rental_claims" ADD CONSTRAINT "rental_claims_proposal_whole" CHECK (("rental_claims"."proposed_pence" IS NULL AND "rental_claims"."proposed_by_role" IS NULL AND "rental_claims"."proposed_at" IS NULL)
		OR ("rental_claims"."proposed_pence" > 0 AND "rental_claims"."proposed_by_role" IN ('owner', 'renter') AND "rental_claims"."proposed_at" IS NOT NULL));
