import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded and generated files live. Keys are relative paths like 'items/<id>/<image>-large.webp'. */
export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  remove(key: string): Promise<void>;
  /** The public URL of a key. */
  url(key: string): string;
}

export const MEDIA_PREFIX = '/media/';

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/i;

function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`Unsafe storage key: ${key}`);
}

/** Local disk under DATA_DIR/media; the HTTP layer serves that folder at /media/. */
export function createLocalFileStorage(rootDir: string): FileStorage & { rootDir: string } {
  return {
    rootDir,
    async put(key, data) {
      assertSafeKey(key);
      const file = path.join(rootDir, key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, data);
    },
    async remove(key) {
      assertSafeKey(key);
      await rm(path.join(rootDir, key), { force: true });
    },
    url: (key) => `${MEDIA_PREFIX}${key}`,
  };
}
