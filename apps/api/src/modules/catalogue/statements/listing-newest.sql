-- GET /api/categories/all/items?sort=newest
-- no filter: the page walked newest first, the total from the counts
-- Written by browse-statements.test.ts (UPDATE_STATEMENTS=1 to write again).

-- statement 1
select c.listed, p.*
  from (select coalesce(sum(listed), 0)::int as listed
  from category_item_counts
  where true) c
  left join (select i.id, i.name, i.description, i.category_id, i.daily_rate_pence, i.min_days, i.max_days, i.city, i.owner_id, i.owner_name, i.owner_picture, i.owner_rating, i.owner_total_ratings, i.photo_large_key as large_key, i.photo_thumb_key as thumb_key, m.created_at
  from (select *
  from (select i.id, i.created_at
  from items i
  where i.deleted_at is null and i.available and not i.hidden_pending_review and i.daily_rate_pence <= $1 and (isempty($2::daterange) or (not (i.booked_soon && $3::daterange) and (upper($4::daterange) <= i.booked_soon_until or not items_booked_meets(i.id, $5::daterange)))) and i.owner_id <> all(array(select away.id
  from users away
  where away.vacation_until >= $6::date))
  order by i.created_at desc nulls last, i.id desc nulls last limit 24 offset 0) w
  order by w.created_at desc nulls last, w.id desc nulls last limit 24 offset $7) m
  cross join lateral (select *
  from items
  where id = m.id limit 1) i) p on true
  order by p.created_at desc nulls last, p.id desc nulls last;
