#!/usr/bin/env node
// The production install: only the packages the compiled server loads at run time (the bundle's
// externals, scripts/runtime-packages.mjs) and what they depend on, at the versions package-lock.json
// locks, copied from this checkout's full install into <target> in the same layout, so Node resolves
// them from apps/api/dist as it does here. `npm ci --omit=dev` also installed the build tools (vitest,
// vite, drizzle-kit and three esbuilds come in as optional peers of the auth library).
//   node scripts/runtime-modules.mjs <target>
import { cp, readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RUNTIME_PACKAGES } from './runtime-packages.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const target = process.argv[2];
if (!target) {
  console.error('usage: node scripts/runtime-modules.mjs <target folder>');
  process.exit(2);
}

const lock = JSON.parse(await readFile(path.join(root, 'package-lock.json'), 'utf8'));
/** @type {Record<string, {dependencies?: Record<string,string>, optionalDependencies?: Record<string,string>, peerDependencies?: Record<string,string>, peerDependenciesMeta?: Record<string,{optional?: boolean}>, link?: boolean}>} */
const packages = lock.packages;

const onDisk = (key) =>
  stat(path.join(root, key)).then(
    () => true,
    () => false,
  );

/** Where Node finds `name` from the package at `from` (a lock key, '' for the root): the nearest node_modules up the tree. */
async function resolve(from, name) {
  let at = from;
  for (;;) {
    const key = `${at ? `${at}/` : ''}node_modules/${name}`;
    if (packages[key] && (await onDisk(key))) return key;
    if (!at) return undefined;
    const cut = at.lastIndexOf('/node_modules/');
    at = cut >= 0 ? at.slice(0, cut) : at.includes('/') && !at.startsWith('node_modules/') ? at.split('/').slice(0, -1).join('/') : '';
  }
}

/** The packages a package needs at run time: its dependencies, optional ones when installed, peers unless optional. */
function needs(entry) {
  const peers = Object.keys(entry.peerDependencies ?? {}).filter((p) => !entry.peerDependenciesMeta?.[p]?.optional);
  return [...Object.keys(entry.dependencies ?? {}), ...Object.keys(entry.optionalDependencies ?? {}), ...peers];
}

const kept = new Set();
const queue = [];
for (const name of RUNTIME_PACKAGES) {
  const key = await resolve('apps/api', name);
  if (key) queue.push(key);
}
while (queue.length > 0) {
  const key = queue.pop();
  if (kept.has(key)) continue;
  kept.add(key);
  for (const name of needs(packages[key])) {
    const found = await resolve(key, name);
    if (found && !kept.has(found)) queue.push(found);
  }
}

let bytes = 0;
for (const key of [...kept].sort()) {
  const from = path.join(root, key);
  await cp(from, path.join(target, key), {
    recursive: true,
    // A package's own node_modules are other lock entries, copied only when needed.
    filter: (src) => !path.relative(from, src).split(path.sep).includes('node_modules'),
  });
}
for (const key of kept) bytes += await folderBytes(path.join(target, key));

async function folderBytes(folder) {
  let sum = 0;
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') sum += await folderBytes(full);
    } else sum += (await stat(full)).size;
  }
  return sum;
}

console.log(
  `Runtime packages: ${kept.size}, ${(bytes / 2 ** 20).toFixed(1)} MB (the bundle's ${RUNTIME_PACKAGES.size} externals and what they need)`,
);
