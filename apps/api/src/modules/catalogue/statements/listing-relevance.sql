-- GET /api/categories/power-tools/items
-- a category, no filter: relevance tiers walked
-- Written by browse-statements.test.ts (UPDATE_STATEMENTS=1 to write again).

-- statement 1
select id, name, description
  from categories
  where id = $1;

-- statement 2
select c.listed, p.*
  from (select coalesce(sum(listed), 0)::int as listed
  from category_item_counts
  where category_id = $1) c
  left join (select i.id, i.name, i.description, i.category_id, i.daily_rate_pence, i.min_days, i.max_days, i.city, i.owner_id, i.owner_name, i.owner_picture, i.owner_rating, i.owner_total_ratings, i.photo_large_key as large_key, i.photo_thumb_key as thumb_key, m.created_at, m.tier, m.k
  from (select *
  from (with t0 as materialized (select id, created_at, 0::float8 as k
  from (select i.id, i.created_at
  from items i
  where i.deleted_at is null and i.available and not i.hidden_pending_review and i.owner_rating is not null and i.has_photo and i.category_id = $2 and i.daily_rate_pence <= $3 and (isempty($4::daterange) or (not (i.booked_soon && $5::daterange) and (upper($6::daterange) <= i.booked_soon_until or not items_booked_meets(i.id, $7::daterange)))) and i.owner_id <> all(array(select away.id
  from users away
  where away.vacation_until >= $8::date))
  order by i.created_at desc nulls last, i.id desc nulls last limit 24 offset 0) n), t1 as materialized (select *
  from (select id, created_at, 0::float8 as k
  from (select i.id, i.created_at
  from items i
  where i.deleted_at is null and i.available and not i.hidden_pending_review and not (i.owner_rating is not null and i.has_photo) and i.category_id = $9 and i.daily_rate_pence <= $10 and (isempty($11::daterange) or (not (i.booked_soon && $12::daterange) and (upper($13::daterange) <= i.booked_soon_until or not items_booked_meets(i.id, $14::daterange)))) and i.owner_id <> all(array(select away.id
  from users away
  where away.vacation_until >= $15::date))
  order by i.created_at desc nulls last, i.id desc nulls last limit 24 offset 0) n) q limit greatest(0, 24 - (select count(*)
  from t0))) select id, created_at, 0 as tier, k
  from t0
  union all select id, created_at, 1 as tier, k
  from t1) r
  order by r.tier, r.k asc nulls last, r.created_at desc nulls last, r.id desc nulls last limit 24 offset $16) m
  cross join lateral (select *
  from items
  where id = m.id limit 1) i) p on true
  order by p.tier, p.k asc nulls last, p.created_at desc nulls last, p.id desc nulls last;
