import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server } from '../../test/s3-server.ts';
import { createS3Storage } from './s3-storage.ts';

let s3: Awaited<ReturnType<typeof startS3Server>>;
beforeAll(async () => (s3 = await startS3Server()));
afterAll(() => s3.close());

describe('S3 storage', () => {
  it('stores, reads back with its content type, and removes a file', async () => {
    const storage = s3.storage();
    await storage.put('items/abc/photo-large.webp', Buffer.from('not really a webp'));
    const file = await storage.get('items/abc/photo-large.webp');
    expect(file?.contentType).toBe('image/webp');
    expect(await text(file!.body)).toBe('not really a webp');
    await storage.remove('items/abc/photo-large.webp');
    expect(await storage.get('items/abc/photo-large.webp')).toBeNull();
  });

  it('answers null for a key that was never stored and refuses unsafe keys', async () => {
    const storage = s3.storage();
    expect(await storage.get('items/none.webp')).toBeNull();
    await expect(storage.put('../escape.webp', Buffer.from('x'))).rejects.toThrow('Unsafe');
  });

  it('names objects by the public address when there is one, else by the API media path', () => {
    const direct = createS3Storage({ bucket: 'b', endpoint: s3.endpoint, publicUrl: 'https://cdn.example.org/media/', prefix: 'prod' });
    expect(direct.url('items/a.webp')).toBe('https://cdn.example.org/media/prod/items/a.webp');
    expect(s3.storage().url('items/a.webp')).toBe('/media/items/a.webp');
  });
});
