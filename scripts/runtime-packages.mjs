// The server bundle's externals: shared by the build (scripts/build.mjs) and the production install
// (scripts/runtime-modules.mjs).
/**
 * Packages loaded from node_modules at run time: native code (sharp, pg-native), files read next to
 * their code (PGlite's WebAssembly, Swagger UI's assets), worker threads (pino), and OpenTelemetry,
 * imported only when tracing is configured (so a process without it never loads or parses the SDK).
 * Everything else is bundled: on Node 24 each ES module file of a package with a large package.json
 * (drizzle-orm, zod) costs milliseconds to load, and the bundle starts several times faster.
 */
const OPENTELEMETRY = [
  '@opentelemetry/api',
  '@opentelemetry/core',
  '@opentelemetry/resources',
  '@opentelemetry/sdk-trace',
  '@opentelemetry/exporter-trace-otlp-http',
];
export const RUNTIME_PACKAGES = new Set([
  'sharp',
  '@img/sharp-linux-x64',
  '@electric-sql/pglite',
  'pg',
  'pg-native',
  '@fastify/swagger-ui',
  '@fastify/swagger',
  'pino',
  'pino-pretty',
  'thread-stream',
  'nodemailer',
  ...OPENTELEMETRY,
]);
