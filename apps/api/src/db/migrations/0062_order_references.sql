-- Short, readable order references ('TS-7K3Q-92') in place of the payment's UUID on screens, in
-- receipts and in support questions: Crockford's base 32 (no I, L, O or U), six characters (about a
-- billion), unique. order_reference() draws one that is not taken; it is kept as it is now in
-- db/functions/ and made here first, because the migration fills the existing payments with it.
CREATE OR REPLACE FUNCTION order_reference() RETURNS text LANGUAGE plpgsql VOLATILE AS $$
DECLARE
	alphabet constant text := '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
	code text;
BEGIN
	LOOP
		code := '';
		FOR i IN 1..6 LOOP
			code := code || substr(alphabet, 1 + floor(random() * 32)::int, 1);
		END LOOP;
		code := 'TS-' || substr(code, 1, 4) || '-' || substr(code, 5, 2);
		EXIT WHEN NOT EXISTS (SELECT 1 FROM payments WHERE reference = code);
	END LOOP;
	RETURN code;
END
$$;
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "reference" text;
--> statement-breakpoint
UPDATE "payments" SET "reference" = order_reference();
--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "reference" SET DEFAULT order_reference();
--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "reference" SET NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "payments_reference_idx" ON "payments" USING btree ("reference");
