-- A browse card shows the owner's name, picture, rating and number of ratings. Each page looked the
-- owner up for each of its 24 cards (a probe of users by key, about a tenth of the database's work
-- for a common browse); the item carries them instead, as it has carried the owner's rating since
-- migration 0009, kept by the same triggers: an item takes them from its owner when it is inserted
-- or given to another owner, and a change to any of them on the user is spread to the user's items.
ALTER TABLE "items" ADD COLUMN "owner_name" text;
--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "owner_picture" text;
--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "owner_total_ratings" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
UPDATE "items" i SET "owner_name" = u."name", "owner_picture" = u."picture", "owner_total_ratings" = u."total_ratings"
FROM "users" u WHERE u."id" = i."owner_id";
--> statement-breakpoint
-- FOR SHARE waits for a change to the user in flight, so the values read are the committed ones.
CREATE OR REPLACE FUNCTION "items_take_owner_rating"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT rating, name, picture, total_ratings INTO NEW.owner_rating, NEW.owner_name, NEW.owner_picture, NEW.owner_total_ratings
  FROM users WHERE id = NEW.owner_id FOR SHARE;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "users_spread_rating"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE items SET owner_rating = NEW.rating, owner_name = NEW.name, owner_picture = NEW.picture, owner_total_ratings = NEW.total_ratings
  WHERE owner_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER "users_rating_to_items" ON "users";
--> statement-breakpoint
CREATE TRIGGER "users_rating_to_items" AFTER UPDATE OF "rating", "name", "picture", "total_ratings" ON "users"
FOR EACH ROW WHEN (OLD.rating IS DISTINCT FROM NEW.rating OR OLD.name IS DISTINCT FROM NEW.name
                   OR OLD.picture IS DISTINCT FROM NEW.picture OR OLD.total_ratings IS DISTINCT FROM NEW.total_ratings)
EXECUTE FUNCTION "users_spread_rating"();
