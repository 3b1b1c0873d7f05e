-- Kept as it is now: applied with CREATE OR REPLACE after the migrations on every migrate
-- (db/functions.ts); change it here, not in a new migration. Last defined by migration 0009_category_item_counts; listed also means not hidden for review since 0072.
CREATE OR REPLACE FUNCTION "category_item_counts_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO category_item_counts AS c (category_id, listed)
  SELECT d.category_id, d.delta FROM (
    SELECT category_id, sum(delta)::int AS delta FROM (
      SELECT n.category_id, 1 AS delta FROM new_rows n WHERE n.deleted_at IS NULL AND n.available AND NOT n.hidden_pending_review
      UNION ALL
      SELECT o.category_id, -1 FROM old_rows o WHERE o.deleted_at IS NULL AND o.available AND NOT o.hidden_pending_review
    ) x GROUP BY category_id
  ) d WHERE d.delta <> 0 ORDER BY d.category_id
  ON CONFLICT (category_id) DO UPDATE SET listed = c.listed + excluded.listed;
  RETURN NULL;
END $$;
