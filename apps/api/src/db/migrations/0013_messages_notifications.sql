ALTER TABLE "notifications" ADD COLUMN "event_key" text;
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "tab" text DEFAULT 'items' NOT NULL;
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "group_key" text DEFAULT 'account' NOT NULL;
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_tab_known" CHECK ("tab" in ('items', 'rentals'));
--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_event_idx" ON "notifications" USING btree ("user_id", "event_key") WHERE "event_key" is not null;
--> statement-breakpoint
CREATE INDEX "notifications_user_group_idx" ON "notifications" USING btree ("user_id", "tab", "group_key", "created_at");
--> statement-breakpoint
CREATE TABLE "message_threads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL REFERENCES "items"("id") ON DELETE cascade,
	"owner_id" text NOT NULL REFERENCES "users"("id"),
	"renter_id" text NOT NULL REFERENCES "users"("id"),
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_threads_two_people" CHECK ("owner_id" <> "renter_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "message_threads_item_renter_idx" ON "message_threads" USING btree ("item_id", "renter_id");
--> statement-breakpoint
CREATE INDEX "message_threads_owner_idx" ON "message_threads" USING btree ("owner_id", "item_id", "last_message_at");
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY NOT NULL,
	"thread_id" uuid NOT NULL REFERENCES "message_threads"("id") ON DELETE cascade,
	"sender_id" text NOT NULL REFERENCES "users"("id"),
	"body" text NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_body_length" CHECK (char_length("body") between 1 and 500 and btrim("body") <> '')
);
--> statement-breakpoint
CREATE UNIQUE INDEX "messages_thread_seq_idx" ON "messages" USING btree ("thread_id", "seq");
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_id" text PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"email" boolean DEFAULT true NOT NULL,
	"push" boolean DEFAULT true NOT NULL,
	"sms" boolean DEFAULT true NOT NULL,
	"new_requests" boolean DEFAULT true NOT NULL,
	"status_updates" boolean DEFAULT true NOT NULL,
	"return_reminders" boolean DEFAULT true NOT NULL,
	"marketing" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
