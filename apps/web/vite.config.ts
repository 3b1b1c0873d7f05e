import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { precompressAssets } from './build/precompress.ts';
import { serviceWorker } from './build/service-worker.ts';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3001'}`;

export default defineConfig({
  plugins: [react(), tailwindcss(), serviceWorker(), precompressAssets()],
  server: {
    port: 3000,
    proxy: { '/api': apiTarget, '/media': apiTarget },
  },
  build: {
    target: 'es2022',
    // Current browsers preload modules natively (Firefox since 115, Safari since 17). The first page is
    // one file, so the polyfill (0.25 KB gzipped) would only help older ones fetch lazy chunks early.
    modulePreload: { polyfill: false },
    // dist/.vite/manifest.json: the server reads which chunks an item popup's deep link will import,
    // to preload them with the page. It is not served (the static files skip dot folders).
    manifest: true,
    // Source maps would publish the sources next to the app; build with SOURCE_MAPS=true to have them.
    sourcemap: process.env.SOURCE_MAPS === 'true',
    rolldownOptions: {
      output: {
        // Everything the entry imports statically is needed before the first paint anyway: one file
        // compresses better than a dozen small shared chunks and costs one request instead of many.
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
      },
    },
  },
});
