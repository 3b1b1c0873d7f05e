-- "Tell me if these dates free up": a member waiting for an item's dates (London calendar dates,
-- inclusive), told once when the whole range is free. One waiting watch per member, item and dates;
-- the item index finds the waiting watches a freed range may concern.
CREATE TABLE "date_watches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"item_id" uuid NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "date_watches_dates" CHECK ("end_date" >= "start_date")
);
--> statement-breakpoint
ALTER TABLE "date_watches" ADD CONSTRAINT "date_watches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "date_watches" ADD CONSTRAINT "date_watches_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "items"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "date_watches_waiting_key" ON "date_watches" USING btree ("user_id","item_id","start_date","end_date") WHERE "notified_at" is null and "cancelled_at" is null;
--> statement-breakpoint
CREATE INDEX "date_watches_item_waiting_idx" ON "date_watches" USING btree ("item_id","start_date") WHERE "notified_at" is null and "cancelled_at" is null;
--> statement-breakpoint
CREATE INDEX "date_watches_user_idx" ON "date_watches" USING btree ("user_id","start_date");
