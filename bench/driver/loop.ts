import pg from 'pg';
import { queryByCallback } from '../../apps/api/src/db/pg-driver.ts';

/**
 * One way of asking PostgreSQL, in a loop (run by run.ts under --trace-gc-nvp): `promise` awaits
 * the driver's own promise from `client.query`, `callback` goes through the API's own
 * `queryByCallback` (apps/api/src/db/pg-driver.ts), as its prepared reads do.
 */
const [mode = 'promise', url = '', countText = '20000'] = process.argv.slice(2);
const count = Number(countText);
// 24 rows of about 600 bytes: the size of a browse page's cards.
const text = `select g as id, repeat(md5(g::text), 8) as description, repeat(md5((g + 1)::text), 2) as name, g * 1.5 as rate
  from generate_series(1, 24) g`;
const client = new pg.Client({ connectionString: url });
await client.connect();
let rows = 0;
for (let i = 0; i < count; i++) {
  const config = { name: 'driver_bench', text };
  const result = mode === 'callback' ? await queryByCallback(client, config) : await client.query(config);
  rows += result.rows.length;
}
await client.end();
console.log(`rows=${rows}`);
