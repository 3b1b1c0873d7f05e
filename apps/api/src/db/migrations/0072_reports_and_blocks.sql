-- Reports and blocks (issue 45). A report keeps what was reported as it was (a JSON snapshot) with the
-- reporter, the reason, their words and its status, for the operator's desk to read; one report per
-- reporter and thing. A listing reported by three different members is hidden from browsing until an
-- operator looks (items.hidden_pending_review); a block is one row per blocker and blocked member.
ALTER TABLE "items" ADD COLUMN "hidden_pending_review" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reporter_id" text NOT NULL,
	"subject_kind" text NOT NULL,
	"subject_id" text NOT NULL,
	"subject_member_id" text NOT NULL,
	"reason" text NOT NULL,
	"details" text,
	"snapshot" jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "reports_subject_kind_known" CHECK ("reports"."subject_kind" in ('item', 'member', 'message')),
	CONSTRAINT "reports_reason_known" CHECK ("reports"."reason" in ('misleading', 'prohibited', 'offensive', 'scam', 'harassment', 'other')),
	CONSTRAINT "reports_status_known" CHECK ("reports"."status" in ('open', 'upheld', 'dismissed')),
	CONSTRAINT "reports_details_length" CHECK (char_length("reports"."details") <= 1000),
	CONSTRAINT "reports_not_yourself" CHECK ("reports"."reporter_id" <> "reports"."subject_member_id")
);
--> statement-breakpoint
CREATE TABLE "member_blocks" (
	"blocker_id" text NOT NULL,
	"blocked_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_blocks_pk" PRIMARY KEY("blocker_id","blocked_id"),
	CONSTRAINT "member_blocks_two_people" CHECK ("member_blocks"."blocker_id" <> "member_blocks"."blocked_id")
);
--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_subject_member_id_users_id_fk" FOREIGN KEY ("subject_member_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "member_blocks" ADD CONSTRAINT "member_blocks_blocker_id_users_id_fk" FOREIGN KEY ("blocker_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "member_blocks" ADD CONSTRAINT "member_blocks_blocked_id_users_id_fk" FOREIGN KEY ("blocked_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "reports_once_per_reporter_idx" ON "reports" USING btree ("reporter_id","subject_kind","subject_id");
--> statement-breakpoint
CREATE INDEX "reports_desk_idx" ON "reports" USING btree ("status","created_at");
--> statement-breakpoint
CREATE INDEX "reports_subject_idx" ON "reports" USING btree ("subject_kind","subject_id");
--> statement-breakpoint
CREATE INDEX "member_blocks_blocked_idx" ON "member_blocks" USING btree ("blocked_id");
--> statement-breakpoint
-- Every index over listed items now also leaves hidden ones out, so browsing's walks stay index-only:
-- each is rebuilt as it is, its predicate widened by the new condition.
DO $$
DECLARE
  ix record;
BEGIN
  -- The indexes of this schema's items table only, read from pg_index by the table's oid: the
  -- pg_indexes view may compute the definition of every index in the database before filtering,
  -- and fails when another schema (a parallel test's) drops one of its own meanwhile.
  FOR ix IN
    SELECT c.relname AS indexname, pg_get_indexdef(c.oid) AS indexdef
    FROM pg_index x JOIN pg_class c ON c.oid = x.indexrelid
    WHERE x.indrelid = 'items'::regclass
  LOOP
    IF ix.indexdef LIKE '%WHERE ((deleted_at IS NULL) AND available%' THEN
      EXECUTE format('DROP INDEX %I', ix.indexname);
      EXECUTE replace(ix.indexdef, '(deleted_at IS NULL) AND available', '(deleted_at IS NULL) AND available AND (NOT hidden_pending_review)');
    END IF;
  END LOOP;
END $$;
