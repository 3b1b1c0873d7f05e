-- Kept as it is now: applied with CREATE OR REPLACE after the migrations on every migrate
-- (db/functions.ts); change it here, not in a new migration. A new order's short reference
-- ('TS-7K3Q-92': Crockford's base 32, no I, L, O or U) that no payment has yet: the default of
-- payments.reference (migration 0062_order_references).
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
