-- Calendar sync: an owner's other calendars (iCalendar over HTTP), for one item or all their items
-- (item_id null), fetched by the job queue every 15 minutes. The validators of the last good answer
-- make the next request conditional; the last error is shown to the owner. busy_ranges keeps the last
-- good answer's busy days, so that an item added later is covered after a 304 too.
CREATE TABLE "calendar_sources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"item_id" uuid REFERENCES "items"("id") ON DELETE CASCADE,
	"url" text NOT NULL,
	"etag" text,
	"last_modified" text,
	"last_fetched_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_error" text,
	"busy_ranges" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_sources_url_length" CHECK (char_length("url") <= 2000)
);
--> statement-breakpoint
CREATE INDEX "calendar_sources_owner_idx" ON "calendar_sources" ("owner_id");
--> statement-breakpoint
CREATE INDEX "calendar_sources_item_idx" ON "calendar_sources" ("item_id");
--> statement-breakpoint
-- The busy days a source's last good answer gave, per item it covers (inclusive London dates). A
-- fetch replaces a source's rows in one transaction that holds the items' rows locked, the lock a
-- booking takes: a booking and an import of the same item run one after the other, and the booking
-- checks these rows after taking it (docs/ARCHITECTURE.md, 'No double bookings').
CREATE TABLE "calendar_blocked_days" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source_id" uuid NOT NULL REFERENCES "calendar_sources"("id") ON DELETE CASCADE,
	"item_id" uuid NOT NULL REFERENCES "items"("id") ON DELETE CASCADE,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	CONSTRAINT "calendar_blocked_days_dates" CHECK ("end_date" >= "start_date")
);
--> statement-breakpoint
CREATE INDEX "calendar_blocked_days_item_idx" ON "calendar_blocked_days" ("item_id", "end_date", "start_date");
--> statement-breakpoint
CREATE INDEX "calendar_blocked_days_source_idx" ON "calendar_blocked_days" ("source_id");
