-- Kept as it is now: applied with CREATE OR REPLACE after the migrations on every migrate
-- (db/functions.ts); change it here, not in a new migration. The dates of a checkout waiting for its
-- bank's 3-D Secure challenge count as booked for browsing (items_booked_days): its items are
-- refreshed when an attempt starts or stops waiting (booked, failed or swept).
CREATE OR REPLACE FUNCTION "checkout_attempts_booked_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was boolean := TG_OP <> 'INSERT' AND OLD.status = 'awaiting_challenge';
  now_waiting boolean := TG_OP <> 'DELETE' AND NEW.status = 'awaiting_challenge';
BEGIN
  IF NOT was AND NOT now_waiting THEN RETURN NULL; END IF;
  IF was AND now_waiting AND OLD.pending IS NOT DISTINCT FROM NEW.pending THEN RETURN NULL; END IF;
  PERFORM items_refresh_booked(ARRAY(
    SELECT DISTINCT (l ->> 'itemId')::uuid FROM (
      SELECT jsonb_array_elements(CASE WHEN was THEN coalesce(OLD.pending -> 'lines', '[]'::jsonb) ELSE '[]'::jsonb END) AS l
      UNION ALL
      SELECT jsonb_array_elements(CASE WHEN now_waiting THEN coalesce(NEW.pending -> 'lines', '[]'::jsonb) ELSE '[]'::jsonb END)
    ) x
  ));
  RETURN NULL;
END $$;
