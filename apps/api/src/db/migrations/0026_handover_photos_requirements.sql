-- Trust when a tool leaves home: handover photos and notes, and what an owner asks of renters.
-- 1. An owner's requirements of renters, per item: a verified phone, and a number of rentals
-- completed as a renter (0 to 50).
ALTER TABLE "items" ADD COLUMN "require_verified_phone" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "min_completed_rentals" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_min_completed_rentals_in_range" CHECK ("min_completed_rentals" >= 0 AND "min_completed_rentals" <= 50);
--> statement-breakpoint
-- 2. Each side of a rental's handover (the owner's at pick-up, the renter's at return): its note.
CREATE TABLE "handover_notes" (
	"rental_id" uuid NOT NULL REFERENCES "rentals"("id"),
	"side" text NOT NULL,
	"note" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "handover_notes_pk" PRIMARY KEY ("rental_id", "side"),
	CONSTRAINT "handover_notes_side_known" CHECK ("side" IN ('pickup', 'return')),
	CONSTRAINT "handover_notes_length" CHECK (char_length("note") <= 500)
);
--> statement-breakpoint
-- 3. Its photos, time-stamped by the server, at most six a side (the service counts under the rental's lock).
CREATE TABLE "handover_photos" (
	"id" uuid PRIMARY KEY NOT NULL,
	"rental_id" uuid NOT NULL REFERENCES "rentals"("id"),
	"side" text NOT NULL,
	"added_by" text NOT NULL REFERENCES "users"("id"),
	"large_key" text NOT NULL,
	"thumb_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	CONSTRAINT "handover_photos_side_known" CHECK ("side" IN ('pickup', 'return'))
);
--> statement-breakpoint
CREATE INDEX "handover_photos_rental_idx" ON "handover_photos" USING btree ("rental_id", "side", "taken_at");
