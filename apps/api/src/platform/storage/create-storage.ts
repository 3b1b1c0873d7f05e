import path from 'node:path';
import type { Config } from '../../config.ts';
import { createLocalFileStorage, type FileStorage } from './file-storage.ts';
import { createS3Storage } from './s3-storage.ts';

export const mediaDir = (config: Config) => path.join(config.dataDir, 'media');

/** The configured storage: an S3-compatible bucket when S3_BUCKET is set, else DATA_DIR/media. */
export function createStorage(config: Config): FileStorage {
  return config.s3 ? createS3Storage(config.s3) : createLocalFileStorage(mediaDir(config));
}
