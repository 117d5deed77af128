import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Where `npm run serve` listens; the dev server forwards API and sign-in calls to it. */
const apiTarget = 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  publicDir: 'public',
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    // Read by scripts/check-budget.mjs to find what the home page loads first.
    manifest: true,
    // Every browser the portal supports has native modulepreload.
    modulePreload: { polyfill: false },
    target: 'es2022',
  },
  server: {
    host: '127.0.0.1',
    proxy: {
      '/api': apiTarget,
      '/auth': apiTarget,
    },
  },
});
