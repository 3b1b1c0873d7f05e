-- A signed-in user's wheelbarrow, kept on the server so it follows them to another device. One line
-- per item (the wheelbarrow holds an item once); the price is never stored, checkout prices afresh.
CREATE TABLE "wheelbarrow_lines" (
	"user_id" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"item_id" uuid NOT NULL REFERENCES "items"("id") ON DELETE CASCADE,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"position" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wheelbarrow_lines_pk" PRIMARY KEY ("user_id", "item_id"),
	CONSTRAINT "wheelbarrow_lines_dates" CHECK ("end_date" >= "start_date")
);
--> statement-breakpoint
-- Core Web Vitals reported by browsers, summed per London day, metric and page kind: enough for a
-- daily average and the share of good, needs-improvement and poor visits, with no per-visit rows.
CREATE TABLE "vitals_daily" (
	"day" date NOT NULL,
	"metric" text NOT NULL,
	"page" text NOT NULL,
	"samples" integer DEFAULT 0 NOT NULL,
	"total" double precision DEFAULT 0 NOT NULL,
	"good" integer DEFAULT 0 NOT NULL,
	"needs_improvement" integer DEFAULT 0 NOT NULL,
	"poor" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "vitals_daily_pk" PRIMARY KEY ("day", "metric", "page")
);
