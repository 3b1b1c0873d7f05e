-- Wanted posts (issue 44): a member asks their neighbours for something they could not find. The
-- place is kept as the geocoder found it (label and point) and never sent: answers carry the label
-- and distances only. A post is open until its author closes it or its end date passes (no job: the
-- status is read against London's today). Offers name one of an owner's items, once per post.
CREATE TABLE "wanted_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"title" text NOT NULL,
	"details" text,
	"category_id" text REFERENCES "categories"("id"),
	"place_label" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"radius_miles" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"max_price_pence" integer,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wanted_posts_title_length" CHECK (length("title") between 1 and 80),
	CONSTRAINT "wanted_posts_details_length" CHECK (length("details") <= 1000),
	CONSTRAINT "wanted_posts_dates" CHECK ("end_date" >= "start_date"),
	CONSTRAINT "wanted_posts_radius_known" CHECK ("radius_miles" in (1, 3, 5, 10, 25, 50)),
	CONSTRAINT "wanted_posts_price_positive" CHECK ("max_price_pence" > 0)
);
--> statement-breakpoint
CREATE INDEX "wanted_posts_user_idx" ON "wanted_posts" ("user_id", "created_at" DESC);
--> statement-breakpoint
CREATE INDEX "wanted_posts_open_idx" ON "wanted_posts" ("end_date", "created_at" DESC) WHERE "closed_at" IS NULL;
--> statement-breakpoint
CREATE TABLE "wanted_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL REFERENCES "wanted_posts"("id") ON DELETE CASCADE,
	"item_id" uuid NOT NULL REFERENCES "items"("id") ON DELETE CASCADE,
	"owner_id" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wanted_offers_once" UNIQUE ("post_id", "item_id")
);
--> statement-breakpoint
CREATE INDEX "wanted_offers_item_idx" ON "wanted_offers" ("item_id");
