-- The browse chooses between the postings and the walk from the planner's statistics of the tokens
-- (decision 019). With the default target, PostgreSQL keeps the 100 most common tokens, and a word
-- whose tokens are not among them is taken as rare: 'light' (in 'light', 'lights', 'lighting') was
-- then estimated at no postings at all. A target of 1,000 keeps the thousand most common tokens.
ALTER TABLE "search_postings" ALTER COLUMN "token_id" SET STATISTICS 1000;
--> statement-breakpoint
ANALYZE "search_postings";
