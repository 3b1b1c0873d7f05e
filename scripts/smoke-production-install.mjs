#!/usr/bin/env node
// The production install, without a container: copies what the runtime image holds (the workspaces'
// package.json, the compiled server, the built web app and only the packages the server loads at run
// time, scripts/runtime-modules.mjs) into a temporary folder, migrates an empty database as a release step would
// (`npm run db:migrate`), then starts the compiled server with MIGRATE_ON_START=false on that folder
// and checks /api/ready, the sample catalogue on /api/categories and a clean stop on SIGTERM.
// Run after `npm run build` (with the full install).
//   node scripts/smoke-production-install.mjs [--keep]
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cp, mkdir, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const keep = process.argv.includes('--keep');
const started = Date.now();
const seconds = () => `${Math.round((Date.now() - started) / 1000)} s`;

for (const built of ['apps/api/dist/main.js', 'apps/api/dist/migrate.js', 'apps/web/dist/index.html']) {
  await stat(path.join(root, built)).catch(() => {
    console.error(`${built} is missing: run npm run build first (with the full install).`);
    process.exit(1);
  });
}

const work = await mkdtemp(path.join(os.tmpdir(), 'toolshed-production-'));
const app = path.join(work, 'app');
const dataDir = path.join(work, 'data');
let child;
async function finish(code, message) {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  if (!keep) await rm(work, { recursive: true, force: true });
  else console.log(`Kept ${work}`);
  if (code !== 0) console.error(`Production install smoke test failed: ${message}`);
  process.exit(code);
}

// What the image's runtime stage copies (see Dockerfile).
const rootPackage = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8'));
const copies = [
  'package.json',
  'scripts/build.mjs',
  'scripts/runtime-packages.mjs',
  'apps/api/dist',
  'apps/web/dist',
  ...rootPackage.workspaces.map((w) => `${w}/package.json`),
];
for (const file of copies) {
  const from = path.join(root, file);
  if (
    !(await stat(from).then(
      () => true,
      () => false,
    ))
  )
    continue;
  await mkdir(path.dirname(path.join(app, file)), { recursive: true });
  await cp(from, path.join(app, file), { recursive: true, filter: (src) => !src.includes(`${path.sep}.compile-cache`) });
}
await mkdir(dataDir);

// The packages the compiled server loads, copied from this install at their locked versions.
const install = spawnSync(process.execPath, [path.join(root, 'scripts/runtime-modules.mjs'), app], { stdio: 'inherit' });
if (install.status !== 0) await finish(1, `scripts/runtime-modules.mjs exited with ${install.status}`);
console.log(`Production install in ${app} (${seconds()})`);

const port = await new Promise((resolve) => {
  const s = net.createServer().listen(0, '127.0.0.1', () => {
    const { port: free } = s.address();
    s.close(() => resolve(free));
  });
});
// Production settings; the sample catalogue is asked for, so the catalogue check has something to find.
const env = {
  ...process.env,
  NODE_ENV: 'production',
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  APP_URL: `http://127.0.0.1:${port}`,
  AUTH_SECRET: randomBytes(36).toString('base64'),
  MAIL_OUTBOX: 'true',
  SEED_SAMPLE_DATA: 'true',
  MIGRATE_ON_START: 'false',
  LOG_LEVEL: 'warn',
};
delete env.DATABASE_URL;
delete env.INIT_CWD;

// The release step: migrations first, in their own process.
const migrate = spawnSync('npm', ['run', 'db:migrate', '--silent'], { cwd: app, env, stdio: 'inherit' });
if (migrate.status !== 0) await finish(1, `npm run db:migrate exited with ${migrate.status}`);
console.log(`Migrated the empty database (${seconds()})`);

child = spawn(process.execPath, ['apps/api/dist/main.js'], { cwd: app, env, stdio: 'inherit' });
const exit = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
let ready = false;
const deadline = Date.now() + 180_000;
while (!ready && Date.now() < deadline) {
  if (child.exitCode !== null) await finish(1, `the server exited with ${child.exitCode}`);
  ready = await fetch(`http://127.0.0.1:${port}/api/ready`).then(
    (r) => r.ok,
    () => false,
  );
  if (!ready) await new Promise((r) => setTimeout(r, 250));
}
if (!ready) await finish(1, 'not ready within 180 s');
const { categories } = await fetch(`http://127.0.0.1:${port}/api/categories`).then((r) => r.json());
const items = Array.isArray(categories) ? categories.reduce((sum, c) => sum + c.itemCount, 0) : 0;
if (!Array.isArray(categories) || categories.length === 0 || items === 0)
  await finish(1, `no sample catalogue on /api/categories (${JSON.stringify(categories)})`);
const page = await fetch(`http://127.0.0.1:${port}/`).then((r) => r.text());
if (!page.includes('<div id="root"')) await finish(1, 'the web app is not served on /');
child.kill('SIGTERM');
const code = await exit;
if (code !== 0) await finish(1, `exit code ${code} after SIGTERM`);
console.log(
  `The production install answered /api/ready and served ${categories.length} categories with ${items} items, then stopped cleanly (${seconds()} in all).`,
);
await finish(0);
