-- The operator's desk (issue 45). Operators are the accounts named in OPERATOR_EMAILS; on top of their
-- sign-in they confirm a 6-digit code emailed to them, kept here hashed and bound to the session it
-- was sent for (10 minutes, 5 tries). Every operator action is a row of operator_actions, which no one
-- can change or delete (a trigger refuses it). A suspended member (users.suspended_at) cannot sign in.
ALTER TABLE "users" ADD COLUMN "suspended_at" timestamp with time zone;
--> statement-breakpoint
CREATE TABLE "operator_codes" (
	"session_id" text PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "operator_codes_attempts_range" CHECK ("operator_codes"."attempts" >= 0 AND "operator_codes"."attempts" <= 5)
);
--> statement-breakpoint
ALTER TABLE "operator_codes" ADD CONSTRAINT "operator_codes_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "sessions"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "operator_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"operator_id" text NOT NULL,
	"action" text NOT NULL,
	"subject_kind" text NOT NULL,
	"subject_id" text NOT NULL,
	"reason" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "operator_actions_action_known" CHECK ("operator_actions"."action" in ('dismiss_report', 'hide_listing', 'restore_listing', 'warn_member', 'suspend_member', 'reinstate_member', 'rule_claim')),
	CONSTRAINT "operator_actions_subject_kind_known" CHECK ("operator_actions"."subject_kind" in ('report', 'item', 'member', 'claim')),
	CONSTRAINT "operator_actions_reason_given" CHECK (char_length("operator_actions"."reason") between 1 and 1000)
);
--> statement-breakpoint
ALTER TABLE "operator_actions" ADD CONSTRAINT "operator_actions_operator_id_users_id_fk" FOREIGN KEY ("operator_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "operator_actions_created_idx" ON "operator_actions" USING btree ("created_at");
--> statement-breakpoint
CREATE FUNCTION operator_actions_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'the operators'' audit log is append-only: its rows are never changed or deleted' USING ERRCODE = '23514';
END $$;
--> statement-breakpoint
CREATE TRIGGER "operator_actions_no_change" BEFORE UPDATE OR DELETE ON "operator_actions" FOR EACH ROW EXECUTE FUNCTION operator_actions_append_only();
--> statement-breakpoint
CREATE TRIGGER "operator_actions_no_truncate" BEFORE TRUNCATE ON "operator_actions" FOR EACH STATEMENT EXECUTE FUNCTION operator_actions_append_only();
