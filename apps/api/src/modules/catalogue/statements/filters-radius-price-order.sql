-- GET /api/categories/all/items?near=LS1+1AA&radius=10&sort=price
-- a radius and an order: the matches read once from the bands or the GiST index
-- Written by browse-statements.test.ts (UPDATE_STATEMENTS=1 to write again).

-- statement 1
with m as materialized (select i.id, i.created_at, i.daily_rate_pence, i.owner_rating, i.has_photo, i.public_latitude, i.public_longitude
  from items i
  where i.deleted_at is null and i.available and not i.hidden_pending_review and i.daily_rate_pence <= $1 and (isempty($2::daterange) or (not (i.booked_soon && $3::daterange) and (upper($4::daterange) <= i.booked_soon_until or not items_booked_meets(i.id, $5::daterange)))) and i.owner_id <> all(array(select away.id
  from users away
  where away.vacation_until >= $6::date)) and floor(i.public_latitude * 50)::int = any(array(select generate_series($7::int, $8::int))) and i.public_longitude between $9::float8 and $10::float8 and ((i.public_latitude - $11::float8) * (i.public_latitude - $12::float8) + $13::float8 * ((i.public_longitude - $14::float8) * (i.public_longitude - $15::float8)) <= $16::float8 or cube_distance((select earth_point($17::float8, $18::float8)), earth_point(i.public_latitude, i.public_longitude)) <= $19::float8) limit 1001), n as materialized (select count(*)::int as matched
  from m) select c.matched, p.*
  from n c
  left join (select i.id, i.name, i.description, i.category_id, i.daily_rate_pence, i.min_days, i.max_days, i.city, i.owner_id, i.owner_name, i.owner_picture, i.owner_rating, i.owner_total_ratings, i.photo_large_key as large_key, i.photo_thumb_key as thumb_key, cube_distance((select earth_point($20::float8, $21::float8)), earth_point(i.public_latitude, i.public_longitude)) as chord_m, m.created_at, m.tier, m.k
  from (select *
  from (select *
  from (select mm.id, mm.created_at, 0 as tier, mm.daily_rate_pence::float8 as k
  from (select *
  from m) mm) r
  order by r.tier, r.k asc nulls last, r.created_at desc nulls last, r.id desc nulls last limit 24 offset $22) a
  where (select matched
  from n) < 1001
  union all select *
  from (select *
  from (select id, created_at, 0 as tier, k
  from (select i.id, i.created_at, i.daily_rate_pence::float8 as k
  from items i
  where i.deleted_at is null and i.available and not i.hidden_pending_review and i.daily_rate_pence <= $23 and (isempty($24::daterange) or (not (i.booked_soon && $25::daterange) and (upper($26::daterange) <= i.booked_soon_until or not items_booked_meets(i.id, $27::daterange)))) and i.owner_id <> all(array(select away.id
  from users away
  where away.vacation_until >= $28::date)) and ((i.public_latitude - $29::float8) * (i.public_latitude - $30::float8) + $31::float8 * ((i.public_longitude - $32::float8) * (i.public_longitude - $33::float8)) <= $34::float8 or cube_distance((select earth_point($35::float8, $36::float8)), earth_point(i.public_latitude, i.public_longitude)) <= $37::float8)
  order by i.daily_rate_pence, i.created_at desc nulls last, i.id desc nulls last limit 24) w) r
  order by r.tier, r.k asc nulls last, r.created_at desc nulls last, r.id desc nulls last limit 24 offset $38) b
  where not (select matched
  from n) < 1001) m
  cross join lateral (select *
  from items
  where id = m.id limit 1) i) p on true
  order by p.tier, p.k asc nulls last, p.created_at desc nulls last, p.id desc nulls last;
