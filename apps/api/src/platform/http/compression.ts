import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * JSON and HTML above 1 KB go out compressed; precompressed assets are left as they are. Answers
 * up to 64 KB (every browse page) are compressed in one call: a zlib stream per answer cost more
 * than the compression itself (about 1 ms of a 2 ms browse). gzip first when both are accepted: a
 * 13.5 KB browse page takes 66 us and 2,483 bytes with gzip, 116 us and 2,432 bytes with brotli at
 * its quality 4; brotli still answers those who ask only for it. gzip at level 3, not zlib's 6: a
 * 14 KB page of cards in 42 us and 2,639 bytes against 74 us and 2,523 (measured in the API's own
 * profile, level 6 was about a tenth of its CPU per browse), 116 bytes more per page. Output in
 * chunks of 4 KB, not zlib's 16: a page of cards compresses to about 2.5 KB, and each answer's
 * 16 KB output buffer, outside the JavaScript heap, counted towards the external memory that sets
 * off full collections (6 -> 4 in 6,000 answers; docs/PERFORMANCE.md).
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    threshold: 1024,
    encodings: ['gzip', 'br'],
    syncThreshold: 65_536,
    zlibOptions: { level: 3, chunkSize: 4096 },
  });
}
