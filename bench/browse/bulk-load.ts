import type pg from 'pg';

interface Definition {
  table: string;
  name: string;
  sql: string;
}

/**
 * Loads data the way the PostgreSQL manual advises for bulk loads: drop secondary indexes, foreign
 * keys and exclusion constraints, insert, then recreate them from their exact definitions. Building
 * an index once is far cheaper than updating it a million times, and re-adding the constraints still
 * checks every row (the rentals exclusion constraint refuses any overlap the seed might produce).
 */
export async function withoutSecondaryIndexes(client: pg.Client, tables: string[], load: () => Promise<void>): Promise<void> {
  const constraints = await client.query<Definition>(
    `select conrelid::regclass::text as table, conname as name, pg_get_constraintdef(oid) as sql
     from pg_constraint where conrelid = any($1::regclass[]) and contype in ('f', 'x') order by contype, conname`,
    [tables],
  );
  const indexes = await client.query<Definition>(
    `select i.indrelid::regclass::text as table, i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as sql
     from pg_index i
     where i.indrelid = any($1::regclass[]) and not i.indisprimary
       and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)
     order by 2`,
    [tables],
  );
  // Foreign keys point at these tables from others too (reviews); those stay, they only check deletes.
  for (const c of constraints.rows) await client.query(`alter table ${c.table} drop constraint "${c.name}"`);
  for (const i of indexes.rows) await client.query(`drop index ${i.name}`);

  await load();

  const started = performance.now();
  for (const i of indexes.rows) await client.query(i.sql);
  for (const c of constraints.rows) await client.query(`alter table ${c.table} add constraint "${c.name}" ${c.sql}`);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`  rebuilt ${indexes.rows.length} indexes and ${constraints.rows.length} constraints in ${seconds} s`);
}
