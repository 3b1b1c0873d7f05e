import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { MEDIA_PREFIX, assertSafeKey, contentTypeOf, type FileStorage, type StoredFile } from './file-storage.ts';

export interface S3StorageOptions {
  bucket: string;
  /** An S3-compatible endpoint (omit for AWS itself). */
  endpoint?: string | undefined;
  region?: string | undefined;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** Where browsers fetch objects directly (a CDN or the bucket's public address); unset: the API serves them at /media/. */
  publicUrl?: string | undefined;
  /** Put every key under this folder of the bucket. */
  prefix?: string | undefined;
}

/**
 * Files in an S3-compatible bucket, so every API process sees the same photos. Keys are never
 * reused, so objects are stored with a one-year immutable cache.
 */
export function createS3Storage(options: S3StorageOptions): FileStorage & { client: S3Client } {
  const client = new S3Client({
    region: options.region ?? 'us-east-1',
    ...(options.endpoint ? { endpoint: options.endpoint, forcePathStyle: true } : {}),
    ...(options.accessKeyId && options.secretAccessKey
      ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
      : {}),
  });
  const objectKey = (key: string) => (options.prefix ? `${options.prefix.replace(/\/+$/, '')}/${key}` : key);
  const publicBase = options.publicUrl?.replace(/\/+$/, '');
  return {
    client,
    async put(key, data) {
      assertSafeKey(key);
      await client.send(
        new PutObjectCommand({
          Bucket: options.bucket,
          Key: objectKey(key),
          Body: data,
          ContentType: contentTypeOf(key),
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    },
    async remove(key) {
      assertSafeKey(key);
      await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: objectKey(key) }));
    },
    async get(key): Promise<StoredFile | null> {
      assertSafeKey(key);
      try {
        const res = await client.send(new GetObjectCommand({ Bucket: options.bucket, Key: objectKey(key) }));
        if (!res.Body) return null;
        return { body: res.Body as Readable, contentType: res.ContentType ?? contentTypeOf(key), size: res.ContentLength };
      } catch (err) {
        if (err instanceof NoSuchKey || (err as { name?: string }).name === 'NoSuchKey') return null;
        throw err;
      }
    },
    url: (key) => (publicBase ? `${publicBase}/${objectKey(key)}` : `${MEDIA_PREFIX}${key}`),
  };
}
