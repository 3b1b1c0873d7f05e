import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const read = (file: string) => readFile(path.join(root, file), 'utf8');

/** Every variable the configuration reads (its schema's keys). */
async function settings(): Promise<string[]> {
  const names = [...(await read('apps/api/src/config-schema.ts')).matchAll(/^ {2}([A-Z][A-Z0-9_]+): opt\(/gm)].map((m) => m[1]!);
  expect(names.length).toBeGreaterThan(30);
  return names;
}

describe('deployment files', () => {
  it('.env.example lists every setting the server reads', async () => {
    const listed = new Set([...(await read('.env.example')).matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]!));
    expect((await settings()).filter((name) => !listed.has(name))).toEqual([]);
  });

  it('compose.yaml gives the API processes only settings the server knows', async () => {
    const compose = await read('compose.yaml');
    const api = compose.slice(compose.indexOf('x-api:'), compose.indexOf('\nservices:'));
    const environment = api.slice(api.indexOf('  environment:'), api.indexOf('  depends_on:'));
    const given = [...environment.matchAll(/^ {4}([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]!);
    expect(given).toContain('DATABASE_URL');
    const known = new Set(await settings());
    expect(given.filter((name) => !known.has(name))).toEqual([]);
  });

  it('the image runs the compiled server as a user without privileges, with a readiness health check', async () => {
    const dockerfile = await read('Dockerfile');
    const runtime = dockerfile.slice(dockerfile.indexOf('AS runtime'));
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:24-bookworm-slim$/m);
    // Only what the compiled server loads (scripts/runtime-modules.mjs), no npm install at all.
    expect(dockerfile.slice(0, dockerfile.indexOf('AS runtime'))).toContain('node scripts/runtime-modules.mjs /runtime');
    expect(runtime).toContain('COPY --from=build /runtime/ ./');
    expect(runtime).not.toContain('npm ci');
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).toMatch(/^HEALTHCHECK .*\n?.*\/api\/ready/m);
    expect(runtime).toMatch(/^VOLUME \["\/data"\]$/m);
    expect(runtime).toContain('apps/api/dist/main.js');
  });
});
