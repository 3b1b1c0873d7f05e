-- GET /api/categories/all/items/map?search=drill
-- the map's points of a search, in its order
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
select i.id, i.name, i.daily_rate_pence, i.public_latitude, i.public_longitude
  from (with m as materialized (select i.id, i.created_at, i.daily_rate_pence, i.owner_rating, i.has_photo, i.public_latitude, i.public_longitude, (case when i.search_document @@ (select to_tsquery('english'::regconfig, $1) || to_tsquery('simple'::regconfig, $2)) then (case when i.search_document @@ (select to_tsquery('simple'::regconfig, $3)) then 115 when i.search_document @@ (select to_tsquery('english'::regconfig, $4)) then 114 when i.search_document @@ (select to_tsquery('english'::regconfig, $5)) then 112 else 0 end) else (case when i.search_document @@ (select to_tsquery('simple'::regconfig, $6)) then 105 when i.search_document @@ (select to_tsquery('english'::regconfig, $7)) then 104 when i.search_document @@ (select to_tsquery('english'::regconfig, $8)) then 102 else 0 end) end) as score
  from items i
  where i.deleted_at is null and i.available and not i.hidden_pending_review and i.daily_rate_pence <= $9 and (isempty($10::daterange) or (not (i.booked_soon && $11::daterange) and (upper($12::daterange) <= i.booked_soon_until or not items_booked_meets(i.id, $13::daterange)))) and i.owner_id <> all(array(select away.id
  from users away
  where away.vacation_until >= $14::date)) and i.public_latitude is not null and i.public_longitude is not null and i.search_document @@ (select (to_tsquery('english'::regconfig, $15)))) select *
  from (select s.id, s.created_at, (case when s.owner_rating is not null and s.has_photo then 0 else 1 end) - 2 * s.score as tier, 0::float8 as k
  from (select *
  from m) s) r
  order by r.tier, r.k asc nulls last, r.created_at desc nulls last, r.id desc nulls last limit 501 offset $16) m join items i on i.id = m.id
  where i.public_latitude is not null and i.public_longitude is not null
  order by m.tier, m.k asc nulls last, m.created_at desc nulls last, m.id desc nulls last;
