-- Postcodes are kept in their canonical form ('OX2 6AE'): capitals, one space before the inward
-- code. Item locations were stored as typed ('ox2 6ae') while profile addresses were tidied, so a
-- renter's pick-up details showed the owner's typing. New saves are tidied by the services; this
-- tidies what was saved before.
UPDATE "items"
SET "postcode" = regexp_replace(upper(regexp_replace("postcode", '\s+', '', 'g')), '^(.+)(.{3})$', '\1 \2')
WHERE "postcode" IS NOT NULL
  AND "postcode" <> regexp_replace(upper(regexp_replace("postcode", '\s+', '', 'g')), '^(.+)(.{3})$', '\1 \2');
--> statement-breakpoint
UPDATE "users"
SET "address_postcode" = regexp_replace(upper(regexp_replace("address_postcode", '\s+', '', 'g')), '^(.+)(.{3})$', '\1 \2')
WHERE "address_postcode" IS NOT NULL
  AND "address_postcode" <> regexp_replace(upper(regexp_replace("address_postcode", '\s+', '', 'g')), '^(.+)(.{3})$', '\1 \2');
