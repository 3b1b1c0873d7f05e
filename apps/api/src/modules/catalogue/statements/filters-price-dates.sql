-- GET /api/categories/power-tools/items?maxPrice=20&startDate=2030-06-01&endDate=2030-06-03
-- filters without words: counted up to the bound, the page sorted or walked
-- Written by browse-statements.test.ts (UPDATE_STATEMENTS=1 to write again).

-- statement 1
with n as materialized (select count(*)::int as matched
  from (select i.id
  from items i
  where i.deleted_at is null and i.available and not i.hidden_pending_review and i.category_id = $1 and i.daily_rate_pence <= $2 and (isempty($3::daterange) or (not (i.booked_soon && $4::daterange) and (upper($5::daterange) <= i.booked_soon_until or not items_booked_meets(i.id, $6::daterange)))) and i.owner_id <> all(array(select away.id
  from users away
  where away.vacation_until >= $7::date)) limit 1001) w) select c.matched, p.*
  from n c
  left join (select i.id, i.name, i.description, i.category_id, i.daily_rate_pence, i.min_days, i.max_days, i.city, i.owner_id, i.owner_name, i.owner_picture, i.owner_rating, i.owner_total_ratings, i.photo_large_key as large_key, i.photo_thumb_key as thumb_key, m.created_at, m.tier, m.k
  from (select *
  from (select *
  from (select mm.id, mm.created_at, case when mm.owner_rating is not null and mm.has_photo then 0 else 1 end as tier, 0::float8 as k
  from (select i.id, i.created_at, i.daily_rate_pence, i.owner_rating, i.has_photo
  from items i
  where i.deleted_at is null and i.available and not i.hidden_pending_review and i.category_id = $8 and i.daily_rate_pence <= $9 and (isempty($10::daterange) or (not (i.booked_soon && $11::daterange) and (upper($12::daterange) <= i.booked_soon_until or not items_booked_meets(i.id, $13::daterange)))) and i.owner_id <> all(array(select away.id
  from users away
  where away.vacation_until >= $14::date)) limit 1001) mm) r
  order by r.tier, r.k asc nulls last, r.created_at desc nulls last, r.id desc nulls last limit 24 offset $15) a
  where (select matched
  from n) < 1001
  union all select *
  from (select *
  from (with t0 as materialized (select id, created_at, 0::float8 as k
  from (select i.id, i.created_at
  from items i
  where i.deleted_at is null and i.available and not i.hidden_pending_review and i.owner_rating is not null and i.has_photo and i.category_id = $16 and i.daily_rate_pence <= $17 and (isempty($18::daterange) or (not (i.booked_soon && $19::daterange) and (upper($20::daterange) <= i.booked_soon_until or not items_booked_meets(i.id, $21::daterange)))) and i.owner_id <> all(array(select away.id
  from users away
  where away.vacation_until >= $22::date))
  order by i.created_at desc nulls last, i.id desc nulls last limit 24 offset 0) n), t1 as materialized (select *
  from (select id, created_at, 0::float8 as k
  from (select i.id, i.created_at
  from items i
  where i.deleted_at is null and i.available and not i.hidden_pending_review and not (i.owner_rating is not null and i.has_photo) and i.category_id = $23 and i.daily_rate_pence <= $24 and (isempty($25::daterange) or (not (i.booked_soon && $26::daterange) and (upper($27::daterange) <= i.booked_soon_until or not items_booked_meets(i.id, $28::daterange)))) and i.owner_id <> all(array(select away.id
  from users away
  where away.vacation_until >= $29::date))
  order by i.created_at desc nulls last, i.id desc nulls last limit 24 offset 0) n) q limit greatest(0, 24 - (select count(*)
  from t0))) select id, created_at, 0 as tier, k
  from t0
  union all select id, created_at, 1 as tier, k
  from t1) r
  order by r.tier, r.k asc nulls last, r.created_at desc nulls last, r.id desc nulls last limit 24 offset $30) b
  where not (select matched
  from n) < 1001) m
  cross join lateral (select *
  from items
  where id = m.id limit 1) i) p on true
  order by p.tier, p.k asc nulls last, p.created_at desc nulls last, p.id desc nulls last;
