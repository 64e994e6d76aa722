import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

const { declaredRoutes } = createRequire(import.meta.url)('../scripts/app-routes.js') as { declaredRoutes: () => string[] };

/** web/dist/app-routes.json: the addresses the features declare, at which the service answers the app (app-shell.ts). */
const appRoutes = (): Plugin => ({
  name: 'app-routes',
  generateBundle() {
    this.emitFile({ type: 'asset', fileName: 'app-routes.json', source: JSON.stringify(declaredRoutes()) });
  },
});

/**
 * The web app: React with the automatic JSX runtime through Vite's own oxc transform (no React plugin:
 * @vitejs/plugin-react 6 cannot be installed next to jest's Babel 7, see docs/decisions/web-app.md). Built into
 * web/dist, which the Nest app serves at `/`. `npm run dev` proxies the API to the service on :3000.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  oxc: { jsx: { runtime: 'automatic' } },
  plugins: [appRoutes()],
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
