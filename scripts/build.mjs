#!/usr/bin/env node
// Builds the web app (Vite) and the server (one esbuild bundle of apps/api with @toolshed/core inlined;
// packages from node_modules stay external). With --if-changed, a part is rebuilt only when a hash of
// its sources differs from the one recorded by its last build, so `npm start` starts in seconds.
//   node scripts/build.mjs [web] [server] [--if-changed]
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { cp, open, readdir, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RUNTIME_PACKAGES } from './runtime-packages.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const ifChanged = args.includes('--if-changed');
const parts = args.filter((a) => !a.startsWith('--'));
const wanted = parts.length > 0 ? parts : ['web', 'server'];

const SKIP = new Set(['node_modules', 'dist', '.vite', 'coverage']);
const isTest = (file) => /\.test\.tsx?$/.test(file) || file.includes(`${path.sep}test${path.sep}`);

async function listFiles(entry) {
  const full = path.join(root, entry);
  const dirents = await readdir(full, { withFileTypes: true }).catch((err) => {
    if (err.code === 'ENOTDIR') return null;
    if (err.code === 'ENOENT') return [];
    throw err;
  });
  if (dirents === null) return [entry];
  const nested = await Promise.all(
    dirents.filter((d) => !SKIP.has(d.name) && !d.name.startsWith('.')).map((d) => listFiles(path.join(entry, d.name))),
  );
  return nested.flat();
}

/** One hash over the names and contents of every source file of a part (tests left out). */
async function sourceHash(inputs) {
  const files = (await Promise.all(inputs.map(listFiles)))
    .flat()
    .filter((f) => !isTest(f))
    .sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(file);
    hash.update(await readFile(path.join(root, file)));
  }
  return hash.digest('hex');
}

function run(command, commandArgs, cwd = root) {
  const result = spawnSync(command, commandArgs, { cwd, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${commandArgs.join(' ')} failed`);
}

/**
 * The release the bundle reports (`/api/health`, `toolshed_build_info`): the workspace's version and
 * the commit, from TOOLSHED_COMMIT (a container build: `--build-arg TOOLSHED_COMMIT=...`) or else the
 * checkout's HEAD, asked of git here, at build time, never by the running server.
 */
async function buildIdentity() {
  const { version } = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8'));
  let commit = process.env.TOOLSHED_COMMIT?.trim() || undefined;
  if (!commit) {
    const git = spawnSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: root, encoding: 'utf8' });
    if (git.status === 0 && /^[0-9a-f]{7,40}$/.test(git.stdout.trim())) commit = git.stdout.trim();
  }
  return { version, commit };
}

/** Builds into a fresh folder, then swaps it in, so a server starting meanwhile finds a whole bundle. */
async function buildServer(hash) {
  const { build } = await import('esbuild');
  const finalDir = path.join(root, 'apps/api/dist');
  const outdir = `${finalDir}.building-${process.pid}`;
  await rm(outdir, { recursive: true, force: true });
  await build({
    entryPoints: {
      server: path.join(root, 'apps/api/src/main.ts'),
      seed: path.join(root, 'apps/api/src/db/seed/run-seed.ts'),
      migrate: path.join(root, 'apps/api/src/db/run-migrations.ts'),
    },
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22.12',
    sourcemap: 'linked',
    logLevel: 'warning',
    define: { __TOOLSHED_BUILD__: JSON.stringify(await buildIdentity()) },
    // Bundled code from CommonJS packages still calls require() and reads __dirname.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; import { fileURLToPath as __fileURLToPath } from 'node:url'; import { dirname as __dirnameOf } from 'node:path'; const require = __createRequire(import.meta.url); const __filename = __fileURLToPath(import.meta.url); const __dirname = __dirnameOf(__filename);",
    },
    plugins: [
      {
        name: 'external-packages',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (a) => {
            const name = a.path.startsWith('@') ? a.path.split('/').slice(0, 2).join('/') : a.path.split('/')[0];
            return RUNTIME_PACKAGES.has(name) || name.startsWith('node:') ? { path: a.path, external: true } : undefined;
          });
        },
      },
    ],
  });
  // Read from disk at run time, next to the bundle (see migrationsFolder in src/db/database.ts).
  await cp(path.join(root, 'apps/api/src/db/migrations'), path.join(outdir, 'migrations'), { recursive: true });
  // The functions and triggers applied after them on every migrate (src/db/functions.ts).
  await cp(path.join(root, 'apps/api/src/db/functions'), path.join(outdir, 'functions'), { recursive: true });
  // The entry point: V8 keeps the compiled bundle on disk, so starts after the first skip compiling it.
  await writeFile(
    path.join(outdir, 'main.js'),
    [
      "import { enableCompileCache } from 'node:module';",
      "enableCompileCache?.(new URL('./.compile-cache', import.meta.url).pathname);",
      "await import('./server.js');",
      '',
    ].join('\n'),
  );
  await writeFile(path.join(outdir, '.build-hash'), `${hash}\n`);
  const old = `${finalDir}.old-${process.pid}`;
  await rename(finalDir, old).catch((err) => {
    if (err.code !== 'ENOENT') throw err;
  });
  await rename(outdir, finalDir);
  await rm(old, { recursive: true, force: true });
}

const PARTS = {
  web: {
    stamp: 'apps/web/dist/.build-hash',
    inputs: [
      'apps/web/src',
      'apps/web/index.html',
      'apps/web/public',
      'apps/web/build',
      'apps/web/vite.config.ts',
      'apps/web/package.json',
      'packages/core/src',
      'package-lock.json',
    ],
    // Build-time settings change the output too.
    env: ['VITE_MAP_TILE_URL', 'SOURCE_MAPS'],
    build: async (hash) => {
      run('npm', ['run', 'build', '-w', 'apps/web']);
      await writeFile(path.join(root, 'apps/web/dist/.build-hash'), `${hash}\n`);
    },
  },
  server: {
    stamp: 'apps/api/dist/.build-hash',
    inputs: [
      'apps/api/src',
      'apps/api/package.json',
      'packages/core/src',
      'package-lock.json',
      'scripts/build.mjs',
      'scripts/runtime-packages.mjs',
    ],
    env: [],
    build: buildServer,
  },
};

/**
 * One build at a time in this checkout (several test runs may start the server at once): a lock file
 * holding the builder's pid; a lock whose process is gone is taken over.
 */
async function withBuildLock(fn) {
  const lockFile = path.join(root, 'node_modules', '.toolshed-build.lock');
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    try {
      const handle = await open(lockFile, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      break;
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
      const holder = Number(await readFile(lockFile, 'utf8').catch(() => ''));
      let alive = false;
      try {
        process.kill(holder, 0);
        alive = holder > 0;
      } catch {
        /* gone */
      }
      if (!alive) await unlink(lockFile).catch(() => undefined);
      else if (Date.now() > deadline) throw new Error(`another build (pid ${holder}) holds ${lockFile}`);
      else await new Promise((r) => setTimeout(r, 250));
    }
  }
  try {
    return await fn();
  } finally {
    await unlink(lockFile).catch(() => undefined);
  }
}

const exists = (file) =>
  stat(file).then(
    () => true,
    () => false,
  );

/** A production copy (the container image) holds the built output without its sources: it is used as it is. */
async function prebuiltOnly(name) {
  const part = PARTS[name];
  return Boolean(part) && (await exists(path.join(root, part.stamp))) && !(await exists(path.join(root, part.inputs[0])));
}

async function buildParts() {
  for (const name of wanted) {
    const part = PARTS[name];
    if (!part) throw new Error(`Unknown part "${name}": use web and/or server`);
    const started = performance.now();
    const hash = createHash('sha256')
      .update(await sourceHash(part.inputs))
      .update(part.env.map((k) => `${k}=${process.env[k] ?? ''}`).join('\n'))
      .digest('hex');
    const stampFile = path.join(root, part.stamp);
    const previous = await readFile(stampFile, 'utf8').catch(() => '');
    if (ifChanged && previous.trim() === hash) {
      console.log(`${name}: up to date (checked in ${Math.round(performance.now() - started)} ms)`);
      continue;
    }
    console.log(`${name}: building...`);
    await part.build(hash);
    console.log(`${name}: built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
}

if (ifChanged && (await Promise.all(wanted.map(prebuiltOnly))).every(Boolean)) {
  for (const name of wanted) console.log(`${name}: built output used as it is (no sources here)`);
} else {
  await withBuildLock(buildParts);
}
