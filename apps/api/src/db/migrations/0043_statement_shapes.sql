-- The statements the prepared-read connections have run (decision 018), each text named by its hash;
-- values are parameters, so no text holds a user's value. A process starting plans the most recently
-- seen on its connections before it answers (db/statement-shapes.ts): after a restart the first browse
-- of a shape no longer waits 2-24 ms for its plan.
CREATE TABLE "statement_shapes" (
	"name" text PRIMARY KEY NOT NULL,
	"text" text NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "statement_shapes_seen_idx" ON "statement_shapes" USING btree ("seen_at");
