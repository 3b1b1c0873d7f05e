import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addImage, createItem, createRental, createUser, insertCategories } from '../test/factories.ts';
import { openDatabase, queryRows, type Database, type Db } from './database.ts';
import { ledgerEntries, ledgerTransactions } from './schema.ts';

const run = promisify(execFile);
const serverUrl = process.env.DATABASE_URL;

/** Users, items, bookings and ledger money: what a backup must bring back. */
async function seed(db: Db): Promise<string[]> {
  await insertCategories(db);
  const owner = await createUser(db, { name: 'Priya Owner', rating: 4.5, totalRatings: 2 });
  const renter = await createUser(db, { name: 'Tom Renter' });
  const other = await createUser(db, { name: 'Ana Other' });
  const drill = await createItem(db, owner.id, { name: 'Cordless drill' });
  const mower = await createItem(db, other.id, { name: 'Lawn mower', categoryId: 'garden-tools', dailyRatePence: 2500 });
  await addImage(db, drill.id, 0);
  const booked = await createRental(db, drill, renter.id, 2, 3);
  const returned = await createRental(db, mower, renter.id, -10, 2, { returned: true, returnedAt: new Date() });
  await createRental(db, drill, renter.id, 20, 1, { cancelledAt: new Date(), cancelledBy: 'renter' });
  // A checkout paying two owners and the fee, one rental completed, one withdrawal requested (each a
  // balanced transaction, as the deferred trigger demands at commit).
  const post = (kind: string, rentalId: string | null, entries: { userId: string | null; account: string; amountPence: number }[]) =>
    db.transaction(async (tx) => {
      const [t] = await tx.insert(ledgerTransactions).values({ kind, rentalId }).returning();
      await tx.insert(ledgerEntries).values(entries.map((e) => ({ ...e, transactionId: t!.id, kind, rentalId })));
    });
  await post('checkout', booked.id, [
    { userId: renter.id, account: 'card', amountPence: -8_800 },
    { userId: owner.id, account: 'pending', amountPence: 3_000 },
    { userId: other.id, account: 'pending', amountPence: 5_000 },
    { userId: null, account: 'fees', amountPence: 800 },
  ]);
  await post('rental_completed', returned.id, [
    { userId: other.id, account: 'pending', amountPence: -5_000 },
    { userId: other.id, account: 'available', amountPence: 5_000 },
  ]);
  await post('withdrawal_requested', null, [
    { userId: other.id, account: 'available', amountPence: -1_234 },
    { userId: other.id, account: 'payout_pending', amountPence: 1_234 },
  ]);
  return [owner.id, renter.id, other.id];
}

/** What must be the same after a restore: the rows themselves and the money. */
async function fingerprint(database: Database, userIds: string[]) {
  const db = database.db;
  const rows = async (query: string) => queryRows<Record<string, unknown>>(db, sql.raw(query));
  return {
    users: await rows('select id, name, email, rating, total_ratings from users order by id'),
    items: await rows(
      'select id, owner_id, category_id, name, daily_rate_pence, search_document::text as search_document from items order by id',
    ),
    images: await rows('select item_id, position, large_key from item_images order by item_id, position'),
    rentals: await rows(
      'select id, item_id, renter_id, start_date::text, end_date::text, returned, cancelled_at is not null as cancelled, total_pence from rentals order by id',
    ),
    ledger: await rows(
      'select account, sum(amount_pence)::bigint::text as total, count(*)::int as entries from ledger_entries group by account order by account',
    ),
    ledgerSum: await rows('select coalesce(sum(amount_pence), 0)::bigint::text as total from ledger_entries'),
    // Kept by triggers: the restored copies must match too.
    categoryCounts: await rows('select category_id, listed from category_item_counts order by category_id'),
    booked: await rows('select id, booked::text from items order by id'),
    vocabulary: await rows('select word, stem, items from search_vocabulary order by word'),
    balances: await rows(
      `select user_id, account, sum(amount_pence)::bigint::text as balance from ledger_entries where user_id in (${userIds.map((id) => `'${id}'`).join(', ')}) group by user_id, account order by user_id, account`,
    ),
  };
}

/** The restored database is a working one: migrated, and its constraints and triggers still hold. */
async function expectWorking(database: Database, userIds: string[]) {
  expect(await database.pendingMigrations()).toEqual([]);
  // The deferred trigger still refuses a ledger transaction that does not sum to zero.
  const forged = database.db.transaction(async (tx) => {
    const [t] = await tx.insert(ledgerTransactions).values({ kind: 'forged' }).returning();
    await tx
      .insert(ledgerEntries)
      .values({ transactionId: t!.id, userId: userIds[0]!, account: 'available', kind: 'forged', amountPence: 1_000_000 });
  });
  await expect(forged).rejects.toThrow();
  // The exclusion constraint still refuses a double booking.
  const [open] = await queryRows<{ item_id: string; owner_id: string; start_date: string }>(
    database.db,
    sql`select item_id, owner_id, start_date::text from rentals where not returned and cancelled_at is null limit 1`,
  );
  await expect(
    database.db.execute(
      sql`insert into rentals (item_id, owner_id, renter_id, start_date, end_date, total_pence) values (${open!.item_id}, ${open!.owner_id}, ${userIds[1]!}, ${open!.start_date}, ${open!.start_date}, 100)`,
    ),
  ).rejects.toThrow();
}

describe('backup and restore of the embedded database (PGlite dumpDataDir / loadDataDir)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'toolshed-backup-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('restores the same rows and the same ledger totals into a new data folder', async () => {
    const source = await openDatabase({ pgliteDir: path.join(dir, 'source') });
    let before;
    let ids: string[];
    let dumpFile: string;
    try {
      await source.migrate();
      ids = await seed(source.db);
      before = await fingerprint(source, ids);
      // Taken while the database is open, as a running server would.
      const dump = await source.dumpDataDir!();
      dumpFile = path.join(dir, 'toolshed-pglite.tar.gz');
      await writeFile(dumpFile, Buffer.from(await dump.arrayBuffer()));
    } finally {
      await source.close();
    }
    expect(before.users).toHaveLength(3);
    expect(before.rentals).toHaveLength(3);
    expect(before.ledgerSum).toEqual([{ total: '0' }]);
    expect(before.balances).toHaveLength(5);

    // Restore into a new, empty folder (what DATA_DIR/pglite would be), then open it as the server does.
    const { openAsBlob } = await import('node:fs');
    const restoredDir = path.join(dir, 'restored');
    const restored = await openDatabase({ pgliteDir: restoredDir, pgliteLoadDataDir: await openAsBlob(dumpFile) });
    await restored.close();
    const reopened = await openDatabase({ pgliteDir: restoredDir });
    try {
      expect(await fingerprint(reopened, ids)).toEqual(before);
      await expectWorking(reopened, ids);
    } finally {
      await reopened.close();
    }
  }, 120_000);
});

/** The PostgreSQL client tools, when they can dump this server (pg_dump refuses a newer server). */
async function pgTools(): Promise<{ ok: true } | { ok: false; reason: string }> {
  if (!serverUrl) return { ok: false, reason: 'DATABASE_URL is not set' };
  try {
    const [{ stdout: dumpVersion }] = await Promise.all([run('pg_dump', ['--version']), run('pg_restore', ['--version'])]);
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    const server = Number((await client.query<{ v: string }>('show server_version_num')).rows[0]!.v);
    await client.end();
    const tools = Number(/(\d+)\.\d+/.exec(dumpVersion)?.[1] ?? 0);
    if (tools < Math.floor(server / 10_000)) return { ok: false, reason: `pg_dump ${tools} is older than the server (${server})` };
    return { ok: true };
  } catch (err) {
    return {
      ok: false,
      reason: `pg_dump and pg_restore are not usable here (${err instanceof Error ? err.message.split('\n')[0] : String(err)})`,
    };
  }
}

const tools = await pgTools();

describe.skipIf(!tools.ok)(
  `backup and restore of a PostgreSQL server (pg_dump -Fc / pg_restore)${tools.ok ? '' : `: skipped, ${tools.reason}`}`,
  () => {
    const suffix = randomBytes(4).toString('hex');
    const names = { source: `toolshed_backup_${suffix}`, restored: `toolshed_restore_${suffix}` };
    let admin: pg.Client;
    let dir: string;
    const urlOf = (name: string) => {
      const url = new URL(serverUrl!);
      url.pathname = `/${name}`;
      return url.toString();
    };

    beforeAll(async () => {
      dir = await mkdtemp(path.join(os.tmpdir(), 'toolshed-pgdump-'));
      admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      for (const name of Object.values(names)) await admin.query(`create database "${name}"`);
    });
    afterAll(async () => {
      for (const name of Object.values(names)) await admin?.query(`drop database if exists "${name}" with (force)`);
      await admin?.end();
      await rm(dir, { recursive: true, force: true });
    });

    it('restores the same rows and the same ledger totals into a new database', async () => {
      const source = await openDatabase({ databaseUrl: urlOf(names.source), poolSize: 2, preparedPoolSize: 1 });
      let before;
      let ids: string[];
      try {
        await source.migrate();
        ids = await seed(source.db);
        before = await fingerprint(source, ids);
      } finally {
        await source.close();
      }
      expect(before.ledgerSum).toEqual([{ total: '0' }]);
      expect(before.balances).toHaveLength(5);

      const file = path.join(dir, 'toolshed.dump');
      await run('pg_dump', ['-Fc', '--no-owner', '-f', file, '-d', urlOf(names.source)]);
      await run('pg_restore', ['--no-owner', '--exit-on-error', '-d', urlOf(names.restored), file]);

      const restored = await openDatabase({ databaseUrl: urlOf(names.restored), poolSize: 2, preparedPoolSize: 1 });
      try {
        expect(await fingerprint(restored, ids)).toEqual(before);
        await expectWorking(restored, ids);
      } finally {
        await restored.close();
      }
    }, 120_000);
  },
);
