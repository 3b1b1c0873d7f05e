import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { precompressAssets } from './build/precompress.ts';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3001'}`;

export default defineConfig({
  plugins: [react(), tailwindcss(), precompressAssets()],
  server: {
    port: 3000,
    proxy: { '/api': apiTarget, '/media': apiTarget },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
  },
});
