import { stat, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ALL_CATEGORY_ID } from '@toolshed/core';
import type { CatalogueService } from '../catalogue/catalogue-service.ts';
import { loadFirstScreen, type BrowseAddress } from './first-screen.ts';
import { popupPreloadTags, withPopupPreloads } from './popup-preloads.ts';
import { renderShell } from './shell-html.ts';
import { beforeDeadline, LATE } from '../../platform/time/deadline.ts';

/** A slow database must not hold the page: past this, the page goes out without data and the app asks as before. */
const DATA_WAIT_MS = 500;

/** As the catalogue routes' path parameters. */
const MAX_ID_LENGTH = 100;

interface WebShellOptions {
  distDir: string;
  catalogue: CatalogueService;
  now: () => Date;
}

/** A file of the build, read (and worked out) again only when a new build replaced it. */
function builtFile<T>(file: string, parse: (text: string) => T) {
  let cached: { mtimeMs: number; value: T } | undefined;
  return async () => {
    const { mtimeMs } = await stat(file);
    if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, value: parse(await readFile(file, 'utf8')) };
    return cached.value;
  };
}

interface WebShell {
  /** index.html as built, for the app's other addresses (the not-found handler sends it). */
  plainPage: () => Promise<string>;
}

/**
 * The browse addresses get index.html with their first screen's data and photo preloads, so the
 * page renders whole as soon as the app runs. Every other address keeps the plain index.html; so
 * does a browse address if the data cannot be read in time.
 */
export async function registerWebShell(app: FastifyInstance, { distDir, catalogue, now }: WebShellOptions): Promise<WebShell> {
  const page = builtFile(path.join(distDir, 'index.html'), (text) => text);
  // Vite's manifest of the build (build.manifest): which files an item popup loads.
  const popupManifest = builtFile(path.join(distDir, '.vite', 'manifest.json'), popupPreloadTags);
  const popupPreloads = (request: FastifyRequest) =>
    popupManifest().catch((err: unknown) => {
      // A build without a manifest (or an older one) just goes without these preloads.
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') request.log.warn({ err }, 'popup preloads not added');
      return '';
    });

  /** The page for the address; the HTML is returned (not sent) so Fastify sends it once. */
  async function serve(request: FastifyRequest, reply: FastifyReply, address: BrowseAddress): Promise<string> {
    const template = await page();
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    // The API refuses longer ids in its paths; such an address gets the page as built.
    if (address.categoryId.length > MAX_ID_LENGTH || (address.itemId?.length ?? 0) > MAX_ID_LENGTH) return template;
    // With a session the item may be its owner's fuller view: only visitors' pages carry the item.
    const [data, preloads] = await Promise.all([
      beforeDeadline(loadFirstScreen(catalogue, address, { withItem: !request.headers.cookie, now: now().getTime() }), DATA_WAIT_MS)
        .then((first) => (first === LATE ? null : first))
        .catch((err: unknown) => {
          request.log.warn({ err }, 'first screen data not embedded');
          return null;
        }),
      address.itemId ? popupPreloads(request) : '',
    ]);
    return withPopupPreloads(data ? renderShell(template, data) : template, preloads);
  }

  const search = (request: FastifyRequest) => {
    const at = request.url.indexOf('?');
    return new URLSearchParams(at < 0 ? '' : request.url.slice(at + 1));
  };
  const hide = { schema: { hide: true } };

  // The app sends / on to All Items without its query.
  app.get('/', hide, (request, reply) => serve(request, reply, { categoryId: ALL_CATEGORY_ID, search: new URLSearchParams() }));
  app.get<{ Params: { categoryId: string } }>('/category/:categoryId', hide, (request, reply) =>
    serve(request, reply, { categoryId: request.params.categoryId, search: search(request) }),
  );
  app.get<{ Params: { categoryId: string; itemId: string } }>('/category/:categoryId/item/:itemId', hide, (request, reply) =>
    serve(request, reply, { categoryId: request.params.categoryId, itemId: request.params.itemId, search: search(request) }),
  );
  return { plainPage: page };
}
