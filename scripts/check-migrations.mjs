#!/usr/bin/env node
// Checks that the migrations folder agrees with the Drizzle schema: runs `drizzle-kit generate` on a
// temporary copy of apps/api/src/db/migrations and fails if it would write a migration (the schema
// changed without one, or the latest snapshot in meta/ no longer describes the schema).
//   node scripts/check-migrations.mjs                    check (CI)
//   node scripts/check-migrations.mjs --update-snapshot  after a hand-written migration that changed
//                                                        schema.ts: rewrite the latest snapshot from it
import { spawnSync } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const apiDir = path.join(root, 'apps/api');
const migrations = path.join(apiDir, 'src/db/migrations');
const schemaFile = path.join(apiDir, 'src/db/schema.ts');
const readJson = async (file) => JSON.parse(await readFile(file, 'utf8'));
const snapshotsIn = async (dir) => (await readdir(path.join(dir, 'meta'))).filter((f) => f.endsWith('_snapshot.json')).sort();

/** What drizzle-kit would write for the schema as it is, given the migrations folder `dir`: new files' names and text. */
async function wouldGenerate(dir) {
  const before = new Set(await readdir(dir, { recursive: true }));
  // drizzle-kit reads --out relative to the working directory (as `npm run db:generate -w apps/api` runs it).
  const result = spawnSync(
    'npx',
    ['--no', 'drizzle-kit', 'generate', '--dialect', 'postgresql', '--schema', './src/db/schema.ts', '--out', path.relative(apiDir, dir)],
    {
      cwd: apiDir,
      encoding: 'utf8',
      // No terminal: drizzle-kit fails instead of asking whether a column was renamed.
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const output = `${result.stdout}${result.stderr}`;
  if (result.status !== 0) throw new Error(`drizzle-kit generate failed (${result.status}):\n${output}`);
  const added = (await readdir(dir, { recursive: true })).filter((f) => !before.has(f)).sort();
  const files = await Promise.all(
    added.filter((f) => f.endsWith('.sql')).map(async (f) => ({ name: f, text: await readFile(path.join(dir, f), 'utf8') })),
  );
  return { added, files, output };
}

async function updateSnapshot() {
  const { register } = await import('tsx/esm/api');
  register();
  const { generateDrizzleJson } = await import('drizzle-kit/api');
  const schema = await import(pathToFileURL(schemaFile).href);
  const journal = await readJson(path.join(migrations, 'meta/_journal.json'));
  const last = journal.entries.at(-1);
  const prefix = last.tag.split('_')[0];
  const target = `${prefix}_snapshot.json`;
  const snapshots = await snapshotsIn(migrations);
  const latest = snapshots.at(-1);
  // Rewriting the latest migration's own snapshot keeps its id; a newer migration's chains onto it.
  const previous = latest ? await readJson(path.join(migrations, 'meta', latest)) : undefined;
  const snapshot = generateDrizzleJson(schema, latest === target ? previous.prevId : previous?.id);
  if (latest === target) snapshot.id = previous.id;
  await writeFile(path.join(migrations, 'meta', target), `${JSON.stringify(snapshot, null, 2)}\n`);
  console.log(`Wrote meta/${target} (the schema after ${last.tag})`);
}

if (process.argv.includes('--update-snapshot')) await updateSnapshot();

const work = await mkdtemp(path.join(os.tmpdir(), 'toolshed-migrations-'));
try {
  const copy = path.join(work, 'migrations');
  await cp(migrations, copy, { recursive: true });
  const journal = await readJson(path.join(copy, 'meta/_journal.json'));
  const { added, files, output } = await wouldGenerate(copy);
  if (added.length > 0) {
    console.error(`drizzle-kit generate would write ${added.join(', ')} for the unchanged migrations folder:\n`);
    for (const file of files) console.error(`--- ${file.name}\n${file.text}\n`);
    console.error(
      [
        'The schema (apps/api/src/db/schema*.ts) and the migrations disagree. Either:',
        '  - the schema changed: run `npm run db:generate -w apps/api` to write its migration (and snapshot), or',
        '  - a hand-written migration already does this: run `node scripts/check-migrations.mjs --update-snapshot`',
        '    to record the schema in the latest snapshot.',
      ].join('\n'),
    );
    process.exitCode = 1;
  } else if (!/No schema changes/i.test(output)) {
    // drizzle-kit exits 0 even when it stopped, e.g. to ask whether a column was renamed.
    console.error(`drizzle-kit generate did not finish:\n${output.trim()}\n`);
    console.error('The latest snapshot is far behind the schema: run `node scripts/check-migrations.mjs --update-snapshot`.');
    process.exitCode = 1;
  } else {
    const last = journal.entries.at(-1)?.tag;
    console.log(
      `Migrations agree with the schema: drizzle-kit generate writes nothing (${journal.entries.length} migrations, last ${last}; ${(await snapshotsIn(copy)).at(-1)} is the latest snapshot).`,
    );
  }
} finally {
  await rm(work, { recursive: true, force: true });
}
