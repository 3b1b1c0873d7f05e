-- The card an extension was paid with, as its receipt names it ('Visa ending 4242'): the brand and
-- last four digits the processor answers when it authorises the card (never the number). Null for an
-- extension paid from the balance, one that cost nothing by card, and extensions made before this.
ALTER TABLE "rental_extensions" ADD COLUMN "card_brand" text;
--> statement-breakpoint
ALTER TABLE "rental_extensions" ADD COLUMN "card_last4" text;
