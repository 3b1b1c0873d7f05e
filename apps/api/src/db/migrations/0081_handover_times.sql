-- Handover times (issue 45, decision 038). An owner's hours per weekday (0 Sunday to 6 Saturday), in
-- minutes after midnight London time, one or more ranges a day; an owner with no rows has the default
-- (08:00 to 20:00 every day). Each rental keeps the pick-up time on its first day and the return time
-- on its last (minutes, London wall clock; null: booked before times were chosen). A proposal of a new
-- time waits, one per rental and side, until the other party accepts it.
CREATE TABLE "owner_handover_hours" (
	"owner_id" text NOT NULL REFERENCES "users"("id"),
	"weekday" integer NOT NULL,
	"opens_minutes" integer NOT NULL,
	"closes_minutes" integer NOT NULL,
	CONSTRAINT "owner_handover_hours_pk" PRIMARY KEY ("owner_id", "weekday", "opens_minutes"),
	CONSTRAINT "owner_handover_hours_weekday" CHECK ("weekday" BETWEEN 0 AND 6),
	CONSTRAINT "owner_handover_hours_range" CHECK (
		"opens_minutes" >= 0 AND "closes_minutes" <= 1440 AND "opens_minutes" < "closes_minutes"
		AND "opens_minutes" % 30 = 0 AND "closes_minutes" % 30 = 0
	)
);
--> statement-breakpoint
ALTER TABLE "rentals" ADD COLUMN "pickup_minutes" integer;
--> statement-breakpoint
ALTER TABLE "rentals" ADD COLUMN "return_minutes" integer;
--> statement-breakpoint
ALTER TABLE "rentals" ADD CONSTRAINT "rentals_handover_minutes" CHECK (
	("pickup_minutes" IS NULL OR ("pickup_minutes" >= 0 AND "pickup_minutes" < 1440 AND "pickup_minutes" % 30 = 0))
	AND ("return_minutes" IS NULL OR ("return_minutes" >= 0 AND "return_minutes" < 1440 AND "return_minutes" % 30 = 0))
);
--> statement-breakpoint
CREATE TABLE "rental_handover_proposals" (
	"rental_id" uuid NOT NULL REFERENCES "rentals"("id"),
	"side" text NOT NULL,
	"minutes" integer NOT NULL,
	"proposed_by" text NOT NULL,
	"proposed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rental_handover_proposals_pk" PRIMARY KEY ("rental_id", "side"),
	CONSTRAINT "rental_handover_proposals_side" CHECK ("side" IN ('pickup', 'return')),
	CONSTRAINT "rental_handover_proposals_by" CHECK ("proposed_by" IN ('owner', 'renter')),
	CONSTRAINT "rental_handover_proposals_minutes" CHECK ("minutes" >= 0 AND "minutes" < 1440 AND "minutes" % 30 = 0)
);
