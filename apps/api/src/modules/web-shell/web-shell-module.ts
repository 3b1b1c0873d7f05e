import { mkdir } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import type { ModuleKit } from '../../platform/module-kit.ts';
import { registerNotFound } from '../../platform/http/error-handler.ts';
import { registerMedia, registerWebApp } from '../../platform/http/static-files.ts';
import { registerMediaFromStorage } from '../../platform/http/media-from-storage.ts';
import { outboxDir, smsOutboxDir } from '../../platform/http/create-server.ts';
import { registerMailboxPage } from '../../platform/mail/mailbox-page.ts';
import type { Catalogue } from '../catalogue/catalogue-module.ts';
import { registerWebShell } from './web-shell-routes.ts';

/**
 * Everything outside /api: photos, the built web app (the browse addresses' HTML carrying their
 * first screen's data), the local mailbox in development, and the not-found answer last.
 */
export async function registerWebFront(app: FastifyInstance, kit: ModuleKit, uses: { catalogue: Catalogue }) {
  const { config, storage } = kit;
  if (!config.production) registerMailboxPage(app, outboxDir(config), smsOutboxDir(config));
  if ('rootDir' in storage) {
    const rootDir = (storage as { rootDir: string }).rootDir;
    await mkdir(rootDir, { recursive: true });
    await registerMedia(app, rootDir);
  } else registerMediaFromStorage(app, storage);
  const servingWeb = await registerWebApp(app, config.webDistDir);
  const shell = servingWeb
    ? await registerWebShell(app, { distDir: config.webDistDir, catalogue: uses.catalogue, now: kit.now })
    : undefined;
  registerNotFound(app, shell ? { spaPage: shell.plainPage } : {});
}
