-- GET /api/search/suggestions?q=lad
-- suggestions while typing: categories and the best item names
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
select c.id, c.name, c.description, coalesce(n.listed, 0)::int as item_count, pic.item_name as picture_item, pic.large_key as picture_large_key, pic.thumb_key as picture_thumb_key
  from categories c
  left join category_item_counts n on n.category_id = c.id
  left join lateral ( select i.name as item_name, i.photo_large_key as large_key, i.photo_thumb_key as thumb_key
  from ( select id, name, created_at, photo_large_key, photo_thumb_key
  from items
  where category_id = c.id and deleted_at is null and available and not hidden_pending_review
  order by created_at desc nulls last, id desc nulls last limit 50 ) i
  where i.photo_large_key is not null
  order by i.created_at desc nulls last, i.id desc nulls last limit 1 ) pic on true
  order by c.position;

-- statement 3
select i.id, i.name, i.category_id as "categoryId"
  from items i
  where i.deleted_at is null and i.available and not i.hidden_pending_review and i.search_document @@ (select (to_tsquery('english'::regconfig, $1) || to_tsquery('simple'::regconfig, $2)))
  order by (case when i.search_document @@ (select to_tsquery('english'::regconfig, $3) || to_tsquery('simple'::regconfig, $4)) then (case when i.search_document @@ (select to_tsquery('simple'::regconfig, $5)) then 115 when i.search_document @@ (select to_tsquery('english'::regconfig, $6)) then 114 when i.search_document @@ (select to_tsquery('simple'::regconfig, $7)) then 113 else 0 end) else (case when i.search_document @@ (select to_tsquery('simple'::regconfig, $8)) then 105 when i.search_document @@ (select to_tsquery('english'::regconfig, $9)) then 104 when i.search_document @@ (select to_tsquery('simple'::regconfig, $10)) then 103 else 0 end) end) desc, i.created_at desc nulls last, i.id desc nulls last limit 8;
