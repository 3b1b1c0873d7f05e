-- The hourly cap on instant alerts counts, for each member a new listing alerts, their instant
-- searches' matches sent in the last hour: each search's matches by the time they were sent, rather
-- than all its matches ever (the primary key) or, as the planner chose once the table had grown,
-- every match of every search for each member.
CREATE INDEX "saved_search_hits_sent_idx" ON "saved_search_hits" ("search_id", "sent_at") WHERE "sent_at" IS NOT NULL;
