-- Listed items per category, kept by triggers in the same transaction as every change to items, so
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
