-- Saved searches and their alerts (issue 44). A member keeps a browse (words, category, filters and
-- place) under a name; an item newly listed or listed again is matched against every search, and each
-- match is kept once (saved_search_hits) and sent instantly or in the morning's digest.
-- match_query is the search's words as the browse engine matches them (a tsquery over
-- items.search_document); match_keys its lexemes ('ladder', a prefix as 'lad*'), one of which any
-- matching item has: the GIN index finds the few searches an item can answer from its own lexemes.
CREATE TABLE "saved_searches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"name" text NOT NULL,
	"category_id" text REFERENCES "categories"("id"),
	"search" text,
	"max_price_pence" integer,
	"min_rating" real,
	"near" text,
	"place_label" text,
	"latitude" double precision,
	"longitude" double precision,
	"radius_miles" integer,
	"frequency" text DEFAULT 'instant' NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"match_query" tsquery,
	"match_keys" text[],
	"unsubscribe_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_searches_frequency_known" CHECK ("frequency" in ('instant', 'daily')),
	CONSTRAINT "saved_searches_name_length" CHECK (length("name") between 1 and 60),
	CONSTRAINT "saved_searches_words_keyed" CHECK (("match_query" IS NULL) = ("match_keys" IS NULL)),
	CONSTRAINT "saved_searches_place_whole" CHECK (("latitude" IS NULL) = ("longitude" IS NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "saved_searches_token_idx" ON "saved_searches" ("unsubscribe_token");
--> statement-breakpoint
CREATE INDEX "saved_searches_user_idx" ON "saved_searches" ("user_id", "created_at" DESC);
--> statement-breakpoint
CREATE INDEX "saved_searches_keys_idx" ON "saved_searches" USING gin ("match_keys") WHERE NOT "paused";
--> statement-breakpoint
CREATE INDEX "saved_searches_wordless_idx" ON "saved_searches" ("category_id") WHERE "match_keys" IS NULL AND NOT "paused";
--> statement-breakpoint
CREATE TABLE "saved_search_hits" (
	"search_id" uuid NOT NULL REFERENCES "saved_searches"("id") ON DELETE CASCADE,
	"item_id" uuid NOT NULL REFERENCES "items"("id") ON DELETE CASCADE,
	"found_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "saved_search_hits_pk" PRIMARY KEY ("search_id", "item_id")
);
--> statement-breakpoint
CREATE INDEX "saved_search_hits_unsent_idx" ON "saved_search_hits" ("search_id") WHERE "sent_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "saved_search_hits_item_idx" ON "saved_search_hits" ("item_id");
