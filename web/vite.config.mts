import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/**
 * The web app: React with the automatic JSX runtime through Vite's own oxc transform (no React plugin:
 * @vitejs/plugin-react 6 cannot be installed next to jest's Babel 7, see docs/decisions/web-app.md). Built into
 * web/dist, which the Nest app serves at `/`. `npm run dev` proxies the API to the service on :3000.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  oxc: { jsx: { runtime: 'automatic' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // the Reports chunk carries the chart library (about 540 KB, 180 KB gzipped; docs/performance.md), loaded on that screen only
    chunkSizeWarningLimit: 600,
    rollupOptions: {
      // libraries' "use client" directives mean nothing in a client-only build
      onwarn(warning, warn) {
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(['/api', '/oauth', '/settings', '/invite', '/reset-password', '/forgot-password', '/favicon.ico'].map((p) => [p, `http://localhost:${process.env.PORT ?? 3000}`])),
  },
});
