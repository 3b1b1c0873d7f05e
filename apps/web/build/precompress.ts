import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files worth compressing; images are compressed already and source maps are rarely fetched. */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|webmanifest|html|txt)$/;
/** Below this a compressed copy saves less than the headers it adds. */
const MIN_BYTES = 1024;

/**
 * Writes `<file>.br` (quality 11) and `<file>.gz` (level 9) next to every compressible file in
 * `dir`, keeping a copy only when it is smaller. Returns how many files were compressed.
 */
export async function precompressDirectory(dir: string): Promise<number> {
  let count = 0;
  for (const name of await readdir(dir)) {
    if (!COMPRESSIBLE.test(name)) continue;
    const file = path.join(dir, name);
    const raw = await readFile(file);
    if (raw.length < MIN_BYTES) continue;
    const [br, gz] = await Promise.all([
      brotli(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
      gzipAsync(raw, { level: 9 }),
    ]);
    if (br.length < raw.length) await writeFile(`${file}.br`, br);
    if (gz.length < raw.length) await writeFile(`${file}.gz`, gz);
    count += 1;
  }
  return count;
}

/**
 * Vite plugin: after a production build, precompresses the hashed assets (brotli and gzip) so the
 * server sends them compressed without spending CPU on every request.
 */
export function precompressAssets(): Plugin {
  let assetsDir = '';
  return {
    name: 'toolshed-precompress',
    apply: 'build',
    configResolved(config) {
      assetsDir = path.resolve(config.root, config.build.outDir, config.build.assetsDir);
    },
    async closeBundle() {
      const count = await precompressDirectory(assetsDir);
      this.info(`precompressed ${count} assets (br, gz)`);
    },
  };
}
