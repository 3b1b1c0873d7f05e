-- A checkout now makes several card holds: the charge for the instant lines, one per request line and
-- one per deposit. Each is recorded on the attempt as soon as the card processor gives it, so that a
-- request that dies before booking leaves none of them held: the retry that takes the attempt over,
-- or the sweep job, releases them all. authorization_id keeps the single hold of attempts made before.
ALTER TABLE "checkout_attempts" ADD COLUMN "authorization_ids" text[] DEFAULT '{}'::text[] NOT NULL;
