-- Kept as it is now: applied with CREATE OR REPLACE after the migrations on every migrate
-- (db/functions.ts); change it here, not in a new migration. Last defined by migration 0033_withdrawals_extension_holds;
-- since then also the dates a checkout holds while its bank's 3-D Secure challenge is open (issue 46).
CREATE OR REPLACE FUNCTION "items_booked_days"(item uuid, buffer integer) RETURNS datemultirange LANGUAGE sql AS $$
  SELECT coalesce(range_agg(days), '{}'::datemultirange) FROM (
    SELECT daterange(r.start_date - buffer, coalesce(r.held_end_date, r.end_date) + r.buffer_days, '[]') AS days FROM rentals r
    WHERE r.item_id = item AND NOT r.returned AND r.cancelled_at IS NULL
    UNION ALL
    SELECT daterange(b.start_date, b.end_date, '[]') FROM calendar_blocked_days b WHERE b.item_id = item
    UNION ALL
    SELECT daterange(p."startDate" - buffer, p."endDate" + buffer, '[]') FROM checkout_attempts a
    CROSS JOIN LATERAL jsonb_to_recordset(a.pending -> 'lines') AS p("itemId" uuid, "startDate" date, "endDate" date)
    WHERE a.status = 'awaiting_challenge' AND p."itemId" = item
  ) u
$$;
