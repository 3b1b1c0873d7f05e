-- What the last good read of an owner's other calendar noted without refusing it: the time zones it
-- could not read (calendar-sync/zone-resolver.ts), whose events were blocked on every London day they
-- may fall on. Shown on the owner's panel beside the last error; null when there is nothing to say.
ALTER TABLE "calendar_sources" ADD COLUMN "last_warning" text;
