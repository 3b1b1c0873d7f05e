-- Browsing with dates hides an item exactly when checkout would refuse it those dates: `items.booked`
-- (migration 0009, what the browse indexes, search_postings and search_items filter on with
-- `NOT (booked && '[start,end]')`) now holds every day on which a booking may not start or run,
-- not only the days of open rentals:
--   - each open rental or held request (cancelled_at null, not returned), widened the way the
--     no-overlap constraint (0027) compares ranges: a new booking [s, e] is stored with the item's
--     buffer B and refused when daterange(s, e + B) meets daterange(r.start, r.end + r.buffer), that
--     is when [s, e] meets [r.start - B, r.end + r.buffer];
--   - each day blocked by the owner's other calendars (calendar sync, 0028), as checkout's
--     `refuseBlockedDays` compares them: [s, e] meets [b.start, b.end], no buffer.
-- So browse keeps reading one column from its covering indexes (no probe per candidate), and the
-- column changes with rentals (0009's triggers), with blocked days (triggers below) and with the
-- item's buffer (a BEFORE trigger below).
--
-- VOLATILE (the default) on purpose: each call reads with a fresh snapshot at READ COMMITTED, so a
-- buffer change that waited for a booking's row lock sees that booking's rental.
CREATE FUNCTION "items_booked_days"(item uuid, buffer integer) RETURNS datemultirange LANGUAGE sql AS $$
  SELECT coalesce(range_agg(days), '{}'::datemultirange) FROM (
    SELECT daterange(r.start_date - buffer, r.end_date + r.buffer_days, '[]') AS days FROM rentals r
    WHERE r.item_id = item AND NOT r.returned AND r.cancelled_at IS NULL
    UNION ALL
    SELECT daterange(b.start_date, b.end_date, '[]') FROM calendar_blocked_days b WHERE b.item_id = item
  ) u
$$;
--> statement-breakpoint
-- As in 0009: the rows are locked first (in id order, the order checkout and the calendar import
-- lock them), then recomputed by a later statement with a fresh snapshot.
CREATE OR REPLACE FUNCTION "items_refresh_booked"(targets uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM items WHERE id = ANY(targets) ORDER BY id FOR NO KEY UPDATE;
  UPDATE items i SET booked = b.booked
  FROM (SELECT t.id, items_booked_days(t.id, t.buffer_days) AS booked FROM items t WHERE t.id = ANY(targets)) b
  WHERE i.id = b.id AND i.booked IS DISTINCT FROM b.booked;
END $$;
--> statement-breakpoint
-- A changed buffer widens or narrows the days before every open rental of the item.
CREATE FUNCTION "items_booked_on_buffer_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.booked := items_booked_days(NEW.id, NEW.buffer_days);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "items_booked_buffer_change" BEFORE UPDATE OF "buffer_days" ON "items"
FOR EACH ROW WHEN (OLD.buffer_days IS DISTINCT FROM NEW.buffer_days) EXECUTE FUNCTION "items_booked_on_buffer_change"();
--> statement-breakpoint
-- Blocked days: an import replaces a source's rows while holding its items' row locks, and removing
-- a source (or its owner's account) deletes them by cascade; each statement refreshes its items once.
CREATE FUNCTION "blocked_days_booked_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM items_refresh_booked(ARRAY(SELECT DISTINCT item_id FROM new_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "blocked_days_booked_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM items_refresh_booked(ARRAY(SELECT item_id FROM new_rows UNION SELECT item_id FROM old_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "blocked_days_booked_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM items_refresh_booked(ARRAY(SELECT DISTINCT item_id FROM old_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "blocked_days_booked_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM items_refresh_booked(ARRAY(SELECT id FROM items WHERE booked <> '{}'::datemultirange));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "blocked_days_booked_after_insert" AFTER INSERT ON "calendar_blocked_days" REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "blocked_days_booked_insert"();
--> statement-breakpoint
CREATE TRIGGER "blocked_days_booked_after_update" AFTER UPDATE ON "calendar_blocked_days" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "blocked_days_booked_update"();
--> statement-breakpoint
CREATE TRIGGER "blocked_days_booked_after_delete" AFTER DELETE ON "calendar_blocked_days" REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION "blocked_days_booked_delete"();
--> statement-breakpoint
CREATE TRIGGER "blocked_days_booked_after_truncate" AFTER TRUNCATE ON "calendar_blocked_days"
FOR EACH STATEMENT EXECUTE FUNCTION "blocked_days_booked_truncate"();
--> statement-breakpoint
-- Existing items whose days change: those with a buffer, with blocked days, or with an open rental
-- booked with a buffer (the item's may have been set back to 0 since).
UPDATE "items" i SET "booked" = items_booked_days(i.id, i.buffer_days)
WHERE (i.buffer_days > 0
  OR EXISTS (SELECT 1 FROM calendar_blocked_days b WHERE b.item_id = i.id)
  OR EXISTS (SELECT 1 FROM rentals r WHERE r.item_id = i.id AND r.buffer_days > 0 AND NOT r.returned AND r.cancelled_at IS NULL))
  AND i.booked IS DISTINCT FROM items_booked_days(i.id, i.buffer_days);
