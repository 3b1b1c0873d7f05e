import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { createS3Storage } from '../platform/storage/s3-storage.ts';

export const TEST_BUCKET = 'toolshed-test';

/** A real S3-compatible server on loopback (s3rver), with one empty bucket, for storage tests. */
export async function startS3Server() {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'toolshed-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: TEST_BUCKET }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    settings: {
      S3_BUCKET: TEST_BUCKET,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    storage: () => createS3Storage({ bucket: TEST_BUCKET, endpoint, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }),
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
