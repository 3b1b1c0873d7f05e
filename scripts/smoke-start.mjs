#!/usr/bin/env node
// Starts the compiled server (apps/api/dist/main.js) on an empty embedded database and checks that it
// migrates, seeds, answers /api/ready and the catalogue, and stops cleanly on SIGTERM.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = await new Promise((resolve) => {
  const s = net.createServer().listen(0, '127.0.0.1', () => {
    const { port: free } = s.address();
    s.close(() => resolve(free));
  });
});
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'toolshed-smoke-'));
const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'development', LOG_LEVEL: 'warn' };
delete env.DATABASE_URL;
const child = spawn(process.execPath, ['apps/api/dist/main.js'], { cwd: root, env, stdio: 'inherit' });
const exit = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
const fail = async (message) => {
  child.kill('SIGKILL');
  await rm(dataDir, { recursive: true, force: true });
  console.error(`Smoke test failed: ${message}`);
  process.exit(1);
};

const started = Date.now();
let ready = false;
while (!ready && Date.now() - started < 180_000) {
  if (child.exitCode !== null) await fail(`the server exited with ${child.exitCode}`);
  ready = await fetch(`http://127.0.0.1:${port}/api/ready`).then(
    (r) => r.ok,
    () => false,
  );
  if (!ready) await new Promise((r) => setTimeout(r, 250));
}
if (!ready) await fail('not ready within 180 s');
const categories = await fetch(`http://127.0.0.1:${port}/api/categories`).then((r) => r.json());
if (!Array.isArray(categories.categories) || categories.categories.length === 0) await fail('no categories');
child.kill('SIGTERM');
const code = await exit;
await rm(dataDir, { recursive: true, force: true });
if (code !== 0) await fail(`exit code ${code} after SIGTERM`);
console.log(
  `The compiled server started (${Math.round((Date.now() - started) / 1000)} s on an empty folder), answered and stopped cleanly.`,
);
