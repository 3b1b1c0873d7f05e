-- GET /api/categories/all/items?search=ladders&near=LS1+1AA&radius=25
-- a plural within a radius, nearest first
-- Written by browse-statements.test.ts (UPDATE_STATEMENTS=1 to write again).

-- statement 1
select q.word, (exists (select 1
  from search_vocabulary v
  where v.word = q.word) or exists (select 1
  from search_vocabulary v
  where v.stem = search_stem_of(q.word))) as known, exists (select 1
  from search_vocabulary v
  where v.word ~>~ q.word and v.word ~<~ (q.word || $1)) as begins, case when q.slips > 0 then (select json_agg(json_build_object('word', c.word, 'items', c.items))
  from ( (select v.word, v.items
  from search_vocabulary v
  where v.word % q.word limit 60) union (select v.word, v.items
  from search_vocabulary v
  where v.word ~>=~ q.first and v.word ~<~ (q.first || $2) and length(v.word) between q.length - q.slips and q.length + q.slips limit 60)) c) end as near
  from json_to_recordset($3::json) as q(word text, slips int, first text, length int);

-- statement 2
with m as materialized (select i.id, i.created_at, i.daily_rate_pence, i.owner_rating, i.has_photo, i.public_latitude, i.public_longitude, (case when i.search_document @@ (select to_tsquery('simple'::regconfig, $1)) then 115 when i.search_document @@ (select to_tsquery('english'::regconfig, $2)) then 114 when i.search_document @@ (select to_tsquery('simple'::regconfig, $3)) then 105 when i.search_document @@ (select to_tsquery('english'::regconfig, $4)) then 104 else 0 end) as score
  from items i
  where i.deleted_at is null and i.available and i.daily_rate_pence <= $5 and (isempty($6::daterange) or (not (i.booked_soon && $7::daterange) and (upper($8::daterange) <= i.booked_soon_until or not items_booked_meets(i.id, $9::daterange)))) and i.owner_id <> all(array(select away.id
  from users away
  where away.vacation_until >= $10::date)) and floor(i.public_latitude * 50)::int = any(array(select generate_series($11::int, $12::int))) and i.public_longitude between $13::float8 and $14::float8 and ((i.public_latitude - $15::float8) * (i.public_latitude - $16::float8) + $17::float8 * ((i.public_longitude - $18::float8) * (i.public_longitude - $19::float8)) <= $20::float8 or cube_distance((select earth_point($21::float8, $22::float8)), earth_point(i.public_latitude, i.public_longitude)) <= $23::float8) and i.search_document @@ (select (to_tsquery('english'::regconfig, $24)))) select c.matched, p.*
  from (select least(count(*), 1001)::int as matched
  from m) c
  left join (select i.id, i.name, i.description, i.category_id, i.daily_rate_pence, i.min_days, i.max_days, i.city, i.owner_id, i.owner_name, i.owner_picture, i.owner_rating, i.owner_total_ratings, i.photo_large_key as large_key, i.photo_thumb_key as thumb_key, cube_distance((select earth_point($25::float8, $26::float8)), earth_point(i.public_latitude, i.public_longitude)) as chord_m, m.created_at, m.tier, m.k
  from (select *
  from (select mm.id, mm.created_at, case when mm.public_latitude is null or mm.public_longitude is null then 1 else 0 end as tier, (earth_point(mm.public_latitude, mm.public_longitude) <-> (select earth_point($27::float8, $28::float8))) as k
  from (select *
  from m) mm) r
  order by r.tier, r.k asc nulls last, r.created_at desc nulls last, r.id desc nulls last limit 24 offset $29) m
  cross join lateral (select *
  from items
  where id = m.id limit 1) i) p on true
  order by p.tier, p.k asc nulls last, p.created_at desc nulls last, p.id desc nulls last;
