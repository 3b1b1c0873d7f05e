import { randomBytes } from 'node:crypto';
import { readFileSync, unlinkSync } from 'node:fs';
import { link, mkdir, readFile, rename, rm, unlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

interface LockOwner {
  pid: number;
  hostname: string;
  startedAt: string;
}

/** Another live process holds the data folder. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: LockOwner,
  ) {
    super(
      `Another Toolshed process (pid ${owner.pid} on ${owner.hostname}, started ${owner.startedAt}) is already using the data folder ${dataDir}. ` +
        'Only one process may use an embedded database: stop that process first, or give this one its own DATA_DIR (or a PostgreSQL server with DATABASE_URL).',
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  readonly file: string;
  release(): void;
}

export const LOCK_FILE = 'toolshed.lock';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  // After a crash the pid may have been reused by an unrelated program; on Linux, check it is Node.
  try {
    return /node/i.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
  } catch {
    return true;
  }
}

async function readOwner(file: string): Promise<LockOwner | null> {
  try {
    const owner = JSON.parse(await readFile(file, 'utf8')) as Partial<LockOwner>;
    return typeof owner.pid === 'number' ? { pid: owner.pid, hostname: String(owner.hostname), startedAt: String(owner.startedAt) } : null;
  } catch {
    return null;
  }
}

/** A lock is live when its process still runs on this machine; a lock from another machine is trusted. */
function held(owner: LockOwner | null): owner is LockOwner {
  if (!owner) return false;
  if (owner.hostname !== os.hostname()) return true;
  return owner.pid !== process.pid && alive(owner.pid);
}

/**
 * Claims DATA_DIR for this process: a lock file holding our pid, created atomically (hard link of a
 * finished file, which fails if one exists). A lock left by a process that died (kill -9, power cut)
 * names a pid that no longer runs and is taken over.
 */
export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  await mkdir(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  const me: LockOwner = { pid: process.pid, hostname: os.hostname(), startedAt: new Date().toISOString() };
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(draft, JSON.stringify(me));
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        await link(draft, file);
        return { file, release: () => releaseLock(file) };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      const owner = await readOwner(file);
      if (held(owner)) throw new DataDirLockedError(dataDir, owner);
      // Stale: move it aside (only one process can), then check it is still the stale one.
      const aside = `${file}.stale.${process.pid}`;
      try {
        await rename(file, aside);
      } catch {
        continue;
      }
      const moved = await readOwner(aside);
      if (held(moved)) {
        // Someone claimed the folder between our read and our move: give it back and refuse.
        await link(aside, file).catch(() => undefined);
        await unlink(aside).catch(() => undefined);
        throw new DataDirLockedError(dataDir, moved);
      }
      await unlink(aside).catch(() => undefined);
    }
    throw new Error(`Could not claim the data folder ${dataDir}: its lock file ${file} keeps changing`);
  } finally {
    await rm(draft, { force: true });
  }
}

/** Removes the lock if it is still ours. Synchronous so it can run in an exit handler. */
function releaseLock(file: string): void {
  try {
    const owner = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockOwner>;
    if (owner.pid === process.pid && owner.hostname === os.hostname()) unlinkSync(file);
  } catch {
    /* already gone */
  }
}
