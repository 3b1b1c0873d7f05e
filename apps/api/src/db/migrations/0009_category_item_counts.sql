-- Part 1. Listed items per category, kept by triggers in the same transaction as every change to items, so
-- the sidebar and the unfiltered pages never count rows. Statement-level triggers with transition
-- tables: one upsert per statement (a bulk load is one pass); rows are locked in category order.
CREATE TABLE "category_item_counts" (
	"category_id" text PRIMARY KEY NOT NULL REFERENCES "categories"("id") ON DELETE CASCADE,
	"listed" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "category_item_counts" ("category_id", "listed")
SELECT c.id, count(i.id) FILTER (WHERE i.deleted_at IS NULL AND i.available)::int
FROM "categories" c LEFT JOIN "items" i ON i.category_id = c.id
GROUP BY c.id;
--> statement-breakpoint
CREATE FUNCTION "category_item_counts_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO category_item_counts AS c (category_id, listed)
  SELECT d.category_id, d.delta FROM (
    SELECT category_id, sum(delta)::int AS delta FROM (
      SELECT n.category_id, 1 AS delta FROM new_rows n WHERE n.deleted_at IS NULL AND n.available
    ) x GROUP BY category_id
  ) d WHERE d.delta <> 0 ORDER BY d.category_id
  ON CONFLICT (category_id) DO UPDATE SET listed = c.listed + excluded.listed;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "category_item_counts_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO category_item_counts AS c (category_id, listed)
  SELECT d.category_id, d.delta FROM (
    SELECT category_id, sum(delta)::int AS delta FROM (
      SELECT n.category_id, 1 AS delta FROM new_rows n WHERE n.deleted_at IS NULL AND n.available
      UNION ALL
      SELECT o.category_id, -1 FROM old_rows o WHERE o.deleted_at IS NULL AND o.available
    ) x GROUP BY category_id
  ) d WHERE d.delta <> 0 ORDER BY d.category_id
  ON CONFLICT (category_id) DO UPDATE SET listed = c.listed + excluded.listed;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "category_item_counts_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO category_item_counts AS c (category_id, listed)
  SELECT d.category_id, d.delta FROM (
    SELECT category_id, -count(*)::int AS delta FROM old_rows o WHERE o.deleted_at IS NULL AND o.available GROUP BY category_id
  ) d ORDER BY d.category_id
  ON CONFLICT (category_id) DO UPDATE SET listed = c.listed + excluded.listed;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "category_item_counts_reset"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE category_item_counts SET listed = 0 WHERE listed <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "items_count_insert" AFTER INSERT ON "items" REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "category_item_counts_add"();
--> statement-breakpoint
CREATE TRIGGER "items_count_update" AFTER UPDATE ON "items" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "category_item_counts_change"();
--> statement-breakpoint
CREATE TRIGGER "items_count_delete" AFTER DELETE ON "items" REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION "category_item_counts_remove"();
--> statement-breakpoint
CREATE TRIGGER "items_count_truncate" AFTER TRUNCATE ON "items"
FOR EACH STATEMENT EXECUTE FUNCTION "category_item_counts_reset"();
--> statement-breakpoint
-- Part 2. What browse filters on, on the item row itself, so a filtered count walks one covering
-- index instead of joining users and probing rentals for every candidate: the owner's rating and
-- the days the item is booked (active rentals, inclusive ranges). Both are kept by triggers.
ALTER TABLE "items" ADD COLUMN "owner_rating" double precision;
--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "booked" datemultirange DEFAULT '{}' NOT NULL;
--> statement-breakpoint
UPDATE "items" i SET "owner_rating" = u.rating FROM "users" u WHERE u.id = i.owner_id AND u.rating IS NOT NULL;
--> statement-breakpoint
UPDATE "items" i SET "booked" = b.booked
FROM (
  SELECT item_id, range_agg(daterange(start_date, end_date, '[]')) AS booked
  FROM "rentals" WHERE NOT returned AND cancelled_at IS NULL GROUP BY item_id
) b
WHERE b.item_id = i.id;
--> statement-breakpoint
-- A new item (or one given to another owner) takes its owner's rating. FOR SHARE waits for a
-- rating change in flight, so the value read is the committed one.
CREATE FUNCTION "items_take_owner_rating"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT rating INTO NEW.owner_rating FROM users WHERE id = NEW.owner_id FOR SHARE;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "items_owner_rating" BEFORE INSERT OR UPDATE OF "owner_id" ON "items"
FOR EACH ROW EXECUTE FUNCTION "items_take_owner_rating"();
--> statement-breakpoint
CREATE FUNCTION "users_spread_rating"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE items SET owner_rating = NEW.rating WHERE owner_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_rating_to_items" AFTER UPDATE OF "rating" ON "users"
FOR EACH ROW WHEN (OLD.rating IS DISTINCT FROM NEW.rating) EXECUTE FUNCTION "users_spread_rating"();
--> statement-breakpoint
-- Recomputes `booked` of the given items from their active rentals. The rows are locked first (in
-- id order), then read by a later statement with a fresh snapshot: two transactions booking one
-- item at once both end up in it. FOR NO KEY UPDATE, not FOR UPDATE: each booking already holds a
-- key-share lock on the item (its foreign key), which FOR UPDATE would wait on, both ways.
CREATE FUNCTION "items_refresh_booked"(targets uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM items WHERE id = ANY(targets) ORDER BY id FOR NO KEY UPDATE;
  UPDATE items i SET booked = b.booked
  FROM (
    SELECT t.id, coalesce((
      SELECT range_agg(daterange(r.start_date, r.end_date, '[]')) FROM rentals r
      WHERE r.item_id = t.id AND NOT r.returned AND r.cancelled_at IS NULL
    ), '{}'::datemultirange) AS booked
    FROM unnest(targets) AS t(id)
  ) b
  WHERE i.id = b.id AND i.booked IS DISTINCT FROM b.booked;
END $$;
--> statement-breakpoint
CREATE FUNCTION "rentals_booked_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM items_refresh_booked(ARRAY(SELECT DISTINCT item_id FROM new_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "rentals_booked_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM items_refresh_booked(ARRAY(SELECT item_id FROM new_rows UNION SELECT item_id FROM old_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "rentals_booked_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM items_refresh_booked(ARRAY(SELECT DISTINCT item_id FROM old_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "rentals_booked_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE items SET booked = '{}' WHERE booked <> '{}';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "rentals_booked_after_insert" AFTER INSERT ON "rentals" REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "rentals_booked_insert"();
--> statement-breakpoint
CREATE TRIGGER "rentals_booked_after_update" AFTER UPDATE ON "rentals" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "rentals_booked_update"();
--> statement-breakpoint
CREATE TRIGGER "rentals_booked_after_delete" AFTER DELETE ON "rentals" REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION "rentals_booked_delete"();
--> statement-breakpoint
CREATE TRIGGER "rentals_booked_after_truncate" AFTER TRUNCATE ON "rentals"
FOR EACH STATEMENT EXECUTE FUNCTION "rentals_booked_truncate"();
--> statement-breakpoint
-- Covering indexes for browsing newest first: every non-text filter is answered from the index
-- (an index-only scan), so counting up to the bound reads no table rows.
CREATE INDEX "items_browse_newest_idx" ON "items" USING btree ("created_at" DESC NULLS LAST, "id" DESC NULLS LAST)
INCLUDE ("category_id", "owner_id", "daily_rate_pence", "owner_rating", "booked") WHERE "deleted_at" IS NULL AND "available";
--> statement-breakpoint
CREATE INDEX "items_browse_category_idx" ON "items" USING btree ("category_id", "created_at" DESC NULLS LAST, "id" DESC NULLS LAST)
INCLUDE ("owner_id", "daily_rate_pence", "owner_rating", "booked") WHERE "deleted_at" IS NULL AND "available";
--> statement-breakpoint
-- Browsing with dates leaves out owners on vacation: few are, so find them by index, not by scan.
CREATE INDEX "users_vacation_idx" ON "users" USING btree ("vacation_until") WHERE "vacation_until" IS NOT NULL;
