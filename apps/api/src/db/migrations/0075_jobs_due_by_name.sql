-- The job queue's claim asks for the due jobs of its lane's names. Through jobs_due_idx (due jobs by
-- run_at alone) a lane with nothing to do read every due job of every other lane first: with 100,000
-- alert emails waiting, each claim of the match lane took 40 ms. Due jobs by name, then run_at, make a
-- claim cost what its own lane has waiting.
CREATE INDEX "jobs_due_by_name_idx" ON "jobs" USING btree ("name","run_at") WHERE "jobs"."status" in ('queued', 'running');
