-- GET /api/categories/all/items?search=ladders&near=LS1+1AA&radius=25
-- a plural within a radius, nearest first
-- Written by browse-statements.test.ts (UPDATE_STATEMENTS=1 to write again).

-- statement 1
select q.word, k.known, exists (select 1
  from search_vocabulary v
  where v.word ~>~ q.word and v.word ~<~ (q.word || $1)) as begins, case when q.slips > 0 and not k.known then (select json_agg(json_build_object('word', c.word, 'items', c.items))
  from ( (select v.word, v.items
  from search_vocabulary v
  where v.word % q.word limit 60) union (select v.word, v.items
  from search_vocabulary v
  where v.word ~>=~ q.first and v.word ~<~ (q.first || $2) and length(v.word) between q.length - q.slips and q.length + q.slips limit 60)) c) end as near
  from json_to_recordset($3::json) as q(word text, slips int, first text, length int), lateral (select exists (select 1
  from search_vocabulary v
  where v.word = q.word) or exists (select 1
  from search_vocabulary v
  where v.stem = search_stem_of(q.word)) as known) k;

-- statement 2
with m as materialized (select i.id, i.created_at, i.daily_rate_pence, i.owner_rating, i.has_photo, i.public_latitude, i.public_longitude, (case when i.search_document @@ (select to_tsquery('english'::regconfig, $1) || to_tsquery('simple'::regconfig, $2)) then (case when i.search_document @@ (select to_tsquery('simple'::regconfig, $3)) then 115 when i.search_document @@ (select to_tsquery('english'::regconfig, $4)) then 114 else 0 end) else (case when i.search_document @@ (select to_tsquery('simple'::regconfig, $5)) then 105 when i.search_document @@ (select to_tsquery('english'::regconfig, $6)) then 104 else 0 end) end) as score
  from items i
  where i.deleted_at is null and i.available and not i.hidden_pending_review and i.daily_rate_pence <= $7 and (isempty($8::daterange) or (not (i.booked_soon && $9::daterange) and (upper($10::daterange) <= i.booked_soon_until or not items_booked_meets(i.id, $11::daterange)))) and i.owner_id <> all(array(select away.id
  from users away
  where away.vacation_until >= $12::date)) and floor(i.public_latitude * 50)::int = any(array(select generate_series($13::int, $14::int))) and i.public_longitude between $15::float8 and $16::float8 and ((i.public_latitude - $17::float8) * (i.public_latitude - $18::float8) + $19::float8 * ((i.public_longitude - $20::float8) * (i.public_longitude - $21::float8)) <= $22::float8 or cube_distance((select earth_point($23::float8, $24::float8)), earth_point(i.public_latitude, i.public_longitude)) <= $25::float8) and i.search_document @@ (select (to_tsquery('english'::regconfig, $26)))) select c.matched, p.*
  from (select least(count(*), 1001)::int as matched
  from m) c
  left join (select i.id, i.name, i.description, i.category_id, i.daily_rate_pence, i.min_days, i.max_days, i.city, i.owner_id, i.owner_name, i.owner_picture, i.owner_rating, i.owner_total_ratings, i.photo_large_key as large_key, i.photo_thumb_key as thumb_key, cube_distance((select earth_point($27::float8, $28::float8)), earth_point(i.public_latitude, i.public_longitude)) as chord_m, m.created_at, m.tier, m.k
  from (select *
  from (select mm.id, mm.created_at, case when mm.public_latitude is null or mm.public_longitude is null then 1 else 0 end as tier, (earth_point(mm.public_latitude, mm.public_longitude) <-> (select earth_point($29::float8, $30::float8))) as k
  from (select *
  from m) mm) r
  order by r.tier, r.k asc nulls last, r.created_at desc nulls last, r.id desc nulls last limit 24 offset $31) m
  cross join lateral (select *
  from items
  where id = m.id limit 1) i) p on true
  order by p.tier, p.k asc nulls last, p.created_at desc nulls last, p.id desc nulls last;
