-- GET /api/categories/all/items?search=drill
-- one word: the vocabulary question, then the scored matches and their page
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
with m as materialized (select i.id, i.created_at, i.daily_rate_pence, i.owner_rating, i.has_photo, i.public_latitude, i.public_longitude, (case when i.search_document @@ (select to_tsquery('english'::regconfig, $1) || to_tsquery('simple'::regconfig, $2)) then (case when i.search_document @@ (select to_tsquery('simple'::regconfig, $3)) then 115 when i.search_document @@ (select to_tsquery('english'::regconfig, $4)) then 114 when i.search_document @@ (select to_tsquery('english'::regconfig, $5)) then 112 else 0 end) else (case when i.search_document @@ (select to_tsquery('simple'::regconfig, $6)) then 105 when i.search_document @@ (select to_tsquery('english'::regconfig, $7)) then 104 when i.search_document @@ (select to_tsquery('english'::regconfig, $8)) then 102 else 0 end) end) as score
  from items i
  where i.deleted_at is null and i.available and not i.hidden_pending_review and i.daily_rate_pence <= $9 and (isempty($10::daterange) or (not (i.booked_soon && $11::daterange) and (upper($12::daterange) <= i.booked_soon_until or not items_booked_meets(i.id, $13::daterange)))) and i.owner_id <> all(array(select away.id
  from users away
  where away.vacation_until >= $14::date)) and i.search_document @@ (select (to_tsquery('english'::regconfig, $15)))) select c.matched, p.*
  from (select least(count(*), 1001)::int as matched
  from m) c
  left join (select i.id, i.name, i.description, i.category_id, i.daily_rate_pence, i.min_days, i.max_days, i.city, i.owner_id, i.owner_name, i.owner_picture, i.owner_rating, i.owner_total_ratings, i.photo_large_key as large_key, i.photo_thumb_key as thumb_key, m.created_at, m.tier, m.k
  from (select *
  from (select s.id, s.created_at, (case when s.owner_rating is not null and s.has_photo then 0 else 1 end) - 2 * s.score as tier, 0::float8 as k
  from (select *
  from m) s) r
  order by r.tier, r.k asc nulls last, r.created_at desc nulls last, r.id desc nulls last limit 24 offset $16) m
  cross join lateral (select *
  from items
  where id = m.id limit 1) i) p on true
  order by p.tier, p.k asc nulls last, p.created_at desc nulls last, p.id desc nulls last;
