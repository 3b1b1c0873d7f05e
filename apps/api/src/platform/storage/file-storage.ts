import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

export interface StoredFile {
  body: Readable;
  contentType: string;
  size?: number | undefined;
}

/**
 * Where uploaded and generated files live: the local folder by default, or an S3-compatible bucket
 * (s3-storage.ts) when several API processes must see the same files. Keys are relative paths like
 * 'items/<id>/<image>-large.webp' and are never reused.
 */
export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  remove(key: string): Promise<void>;
  /** The stored file, or null when there is none. */
  get(key: string): Promise<StoredFile | null>;
  /** The public URL of a key. */
  url(key: string): string;
}

export const MEDIA_PREFIX = '/media/';

/** Keys under this folder are never served at /media: only routes that check who is asking send them (handover photos). */
export const PRIVATE_FOLDER = 'private/';
export const isPrivateKey = (key: string): boolean => key.replace(/^\/+/, '').toLowerCase().startsWith(PRIVATE_FOLDER);

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/i;

export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`Unsafe storage key: ${key}`);
}

const CONTENT_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.json': 'application/json',
};

export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream';
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
    async get(key) {
      assertSafeKey(key);
      const file = path.join(rootDir, key);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) return null;
      return { body: createReadStream(file), contentType: contentTypeOf(key), size: info.size };
    },
    url: (key) => `${MEDIA_PREFIX}${key}`,
  };
}
