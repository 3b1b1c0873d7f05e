import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Plugin } from 'vite';

/** Files of the build the service worker stores on install: the shell, its hashed code and the icons. */
function precacheList(fileNames: readonly string[]): string[] {
  const wanted = fileNames.filter((f) => /\.(?:js|css|woff2?|png|svg|webmanifest)$/.test(f) && !f.endsWith('.map') && f !== 'sw.js');
  return ['/index.html', ...wanted.map((f) => `/${f}`)].sort();
}

/**
 * Emits /sw.js: a small hand-written service worker (build/sw-template.js) with this build's file
 * list and a version from their names, so a new build installs a new cache and drops the old one.
 */
export function serviceWorker(): Plugin {
  let publicFiles: string[] = [];
  return {
    name: 'toolshed-service-worker',
    apply: 'build',
    configResolved(config) {
      publicFiles = [
        'manifest.webmanifest',
        'icons/icon-192.png',
        'icons/icon-512.png',
        'icons/icon-maskable-512.png',
        'icons/apple-touch-icon.png',
      ].filter(() => Boolean(config.publicDir));
    },
    async generateBundle(_options, bundle) {
      const files = precacheList([...Object.keys(bundle), ...publicFiles]);
      const version = createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 12);
      const template = await readFile(new URL('./sw-template.js', import.meta.url), 'utf8');
      this.emitFile({
        type: 'asset',
        fileName: 'sw.js',
        source: template.replace("'__VERSION__'", JSON.stringify(version)).replace("['__PRECACHE__']", JSON.stringify(files)),
      });
    },
  };
}
