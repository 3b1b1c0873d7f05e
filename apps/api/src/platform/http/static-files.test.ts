import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const ASSET = '/assets/index-Abc123de.js';
const script = `export const words = [${Array.from({ length: 400 }, (_, i) => `"word number ${i}"`).join(', ')}];\n`;

describe('serving the built web app', () => {
  let ctx: TestContext;
  let distDir: string;

  beforeAll(async () => {
    // A build as the web app's precompress step leaves it: each hashed asset with .br and .gz beside it.
    distDir = await mkdtemp(path.join(os.tmpdir(), 'toolshed-dist-'));
    await mkdir(path.join(distDir, 'assets'));
    await writeFile(
      path.join(distDir, 'index.html'),
      `<!doctype html><html><head><title>Toolshed</title></head><body><div id="root"></div>${' '.repeat(2000)}</body></html>`,
    );
    const file = path.join(distDir, ASSET);
    await writeFile(file, script);
    await writeFile(`${file}.br`, brotliCompressSync(script));
    await writeFile(`${file}.gz`, gzipSync(script));
    ctx = await createTestApp({ env: { WEB_DIST_DIR: distDir } });
  });

  afterAll(async () => {
    await ctx?.close();
    await rm(distDir, { recursive: true, force: true });
  });

  it('sends a hashed asset brotli-compressed to a browser that accepts br, cached for a year', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: ASSET, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.rawPayload.length).toBeLessThan(script.length / 3);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends it gzip-compressed to a browser that accepts only gzip', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: ASSET, headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(gunzipSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends it as it is to a client that accepts no compression', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: ASSET });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(script);
  });

  it('never lets index.html be cached without revalidation, at / and on a client-side route', async () => {
    for (const url of ['/', '/category/all']) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['cache-control']).not.toMatch(/immutable|max-age/);
      expect(brotliDecompressSync(res.rawPayload).toString()).toContain('<div id="root">');
    }
  });

  it("serves the app's other addresses and /index.html without piling close listeners on one response", async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => {
      if (warning.name === 'MaxListenersExceededWarning') warnings.push(warning);
    };
    process.on('warning', onWarning);
    try {
      for (const url of ['/login', '/owner/abc', '/index.html']) {
        for (const headers of [{}, { 'accept-encoding': 'br' }]) {
          const res = await ctx.app.inject({ method: 'GET', url, headers });
          expect(res.statusCode).toBe(200);
          expect(res.headers['cache-control']).toBe('no-cache');
        }
      }
      // Warnings are emitted on the next tick.
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings.map((w) => w.message)).toEqual([]);
  });

  it('compresses API JSON above 1 KB and leaves small answers alone', async () => {
    const big = await ctx.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(big.rawPayload).toString())).toHaveProperty('openapi');
    const small = await ctx.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ ok: true });
  });
});
