import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { CATEGORIES } from '@toolshed/core';

const ORIGIN_HEADER = (baseUrl: string) => ({ origin: baseUrl, 'content-type': 'application/json' });

/** A fresh, empty database for the run (the API migrates it when it starts). */
export async function recreateDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Unexpected database name ${name}`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
}

/** Owners and items inserted straight into the database: `count` items, all bookable. */
export async function insertItems(url: string, count: number): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `insert into categories (id, name, description, position) select * from unnest($1::text[], $2::text[], $3::text[], $4::int[]) on conflict do nothing`,
      [CATEGORIES.map((c) => c.id), CATEGORIES.map((c) => c.name), CATEGORIES.map((c) => c.description), CATEGORIES.map((_, i) => i)],
    );
    await client.query(
      `insert into users (id, name, email, email_verified) select 'bench-owner-' || g, 'Owner ' || g, 'owner' || g || '@bench.test', true from generate_series(1, 50) g`,
    );
    const res = await client.query<{ id: string }>(
      `insert into items (owner_id, category_id, name, description, daily_rate_pence, min_days, max_days, address, city, postcode, latitude, longitude)
       select 'bench-owner-' || (1 + g % 50), 'power-tools', 'Bench drill ' || g, 'A drill for the checkout benchmark', 500 + g % 2000, 1, 14,
              '1 Bench Road', 'Leeds', 'LS1 4AP', 53.8, -1.55
       from generate_series(1, $1::int) g returning id`,
      [count],
    );
    return res.rows.map((r) => r.id);
  } finally {
    await client.end();
  }
}

/** Renters signed up and confirmed through the real API and its email outbox; returns their cookies. */
export async function signUpRenters(baseUrl: string, outboxDir: string, count: number): Promise<string[]> {
  const cookies: string[] = [];
  for (let i = 0; i < count; i++) {
    const email = `renter${i}@bench.test`;
    const password = 'bench passphrase 2026';
    const up = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: ORIGIN_HEADER(baseUrl),
      body: JSON.stringify({ name: `Renter ${i}`, email, password, callbackURL: '/' }),
    });
    if (!up.ok) throw new Error(`sign-up failed: ${up.status} ${await up.text()}`);
    const link = await confirmationLink(outboxDir, email);
    const token = new URL(link).searchParams.get('token') ?? '';
    const verified = await fetch(`${baseUrl}/api/auth/verify-email?token=${encodeURIComponent(token)}`);
    if (!verified.ok) throw new Error(`verify failed: ${verified.status}`);
    const cookie = verified.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const address = await fetch(`${baseUrl}/api/me/address`, {
      method: 'PUT',
      headers: { ...ORIGIN_HEADER(baseUrl), cookie },
      body: JSON.stringify({ line: `${i} Bench Street`, city: 'Leeds', postcode: 'LS1 4AP' }),
    });
    if (!address.ok) throw new Error(`address failed: ${address.status}`);
    cookies.push(cookie);
  }
  return cookies;
}

async function confirmationLink(outboxDir: string, email: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const files = (await readdir(outboxDir).catch(() => [])).filter((f) => f.endsWith('.json'));
    for (const f of files) {
      const entry = JSON.parse(await readFile(path.join(outboxDir, f), 'utf8')) as { to: string; links: string[] };
      const link = entry.links.find((l) => l.includes('/auth/callback'));
      if (entry.to === email && link) return link;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`No confirmation email for ${email}`);
}
