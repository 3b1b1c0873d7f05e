import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { registerErrorHandler, registerNotFound } from './platform/http/error-handler.ts';
import { registerMedia, registerWebApp } from './platform/http/static-files.ts';
import { createLocalFileStorage, type FileStorage } from './platform/storage/file-storage.ts';
import { createCatalogueRepository } from './modules/catalogue/catalogue-repository.ts';
import { createCatalogueService } from './modules/catalogue/catalogue-service.ts';
import { catalogueRoutes } from './modules/catalogue/catalogue-routes.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  storage?: FileStorage;
  now?: () => Date;
}

export function mediaDir(config: Config): string {
  return path.join(config.dataDir, 'media');
}

export async function buildApp({ config, database, storage, now }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    trustProxy: true,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        'default-src': ["'self'"],
        'img-src': ["'self'", 'data:', 'blob:', 'https://*.tile.openstreetmap.org'],
        'style-src': ["'self'", "'unsafe-inline'"],
        'script-src': ["'self'"],
        'connect-src': ["'self'"],
        // Served over plain HTTP on localhost by default; TLS is the proxy's job in production.
        'upgrade-insecure-requests': null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Toolshed API', version: '1.0.0', description: 'Browse, book and lend tools between neighbours. Money is integer pence; dates are YYYY-MM-DD in Europe/London.' },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  const fileStorage = storage ?? createLocalFileStorage(mediaDir(config));
  const catalogue = createCatalogueService(createCatalogueRepository(database.db), fileStorage, now);

  await app.register(
    async (api) => {
      api.get('/health', { schema: { hide: true } }, async () => ({ ok: true }));
      await api.register(catalogueRoutes, { service: catalogue });
    },
    { prefix: '/api' },
  );

  await registerMedia(app, mediaDir(config));
  const servingWeb = await registerWebApp(app, config.webDistDir);
  registerNotFound(app, { spaFallback: servingWeb });
  return app;
}
