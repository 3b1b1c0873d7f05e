import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isPrivateKey, MEDIA_PREFIX } from '../storage/file-storage.ts';

const YEAR_SECONDS = 31_536_000;

function safeDecode(pathName: string): string {
  try {
    return decodeURIComponent(pathName);
  } catch {
    return pathName;
  }
}

/** Media keys are never reused, so they can be cached for a year. */
export async function registerMedia(app: FastifyInstance, mediaDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: mediaDir,
    prefix: MEDIA_PREFIX,
    decorateReply: false,
    index: false,
    // Private files (handover photos) are sent only by routes that check who is asking.
    allowedPath: (pathName) => !isPrivateKey(safeDecode(pathName)),
    cacheControl: false,
    setHeaders: (reply) => void reply.header('cache-control', `public, max-age=${YEAR_SECONDS}, immutable`),
  });
}

/**
 * Serves the built web app: hashed assets precompressed and immutable, index.html revalidated on
 * every visit. Returns false when the app is not built.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<boolean> {
  if (!existsSync(path.join(distDir, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    wildcard: true,
    index: ['index.html'],
    // The build's own records (.vite/manifest.json, read by the web shell) are not for browsers.
    dotfiles: 'ignore',
    // The build writes .br and .gz beside each hashed asset; they are sent with Content-Encoding and Vary.
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', hashed ? `public, max-age=${YEAR_SECONDS}, immutable` : 'no-cache');
    },
  });
  return true;
}
