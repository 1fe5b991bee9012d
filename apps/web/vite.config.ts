import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { firstLoadBudget } from './scripts/first-load';
import { precompress } from './scripts/precompress';

/**
 * Chunks: React and the router load on every page; MUI and emotion too (the shell is MUI). Form libraries
 * (react-hook-form, zod, imask) and the shared domain package are split off so that a visitor's first page
 * (the public landing) never downloads them: they arrive with the first form.
 */
const CHUNK_GROUPS: ReadonlyArray<{ name: string; test: RegExp; priority: number }> = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
  { name: 'router', test: /node_modules[\\/](react-router|@tanstack)[\\/]/, priority: 25 },
  // The styling engine every MUI component needs; the components themselves are split by the pages using them.
  {
    name: 'mui-core',
    test: /node_modules[\\/](@emotion|@mui[\\/](system|styled-engine|utils|private-theming)|stylis|@babel[\\/]runtime|clsx|react-is|hoist-non-react-statics)[\\/]/,
    priority: 20,
  },
  { name: 'forms', test: /node_modules[\\/](react-hook-form|@hookform|zod)[\\/]/, priority: 15 },
  { name: 'imask', test: /node_modules[\\/](imask|react-imask)[\\/]/, priority: 15 },
];

/**
 * The most JavaScript (KB gzip) a page may need on its first load; the build fails past it. The goal for /login is
 * 150 KB; React, react-router, react-query, emotion and the MUI shell alone weigh about 150 KB today, so the budget
 * holds the line where it is until the sign-in screen sheds its form libraries (docs/performance.md).
 */
const FIRST_LOAD_BUDGETS = [{ page: '/login', routeChunkPrefix: 'login-page', maxKb: 270 }];

/** Where `/api` goes in development; the server's default port unless PRATA_API_URL says otherwise. */
const API_TARGET = process.env.PRATA_API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), precompress(), firstLoadBudget(FIRST_LOAD_BUDGETS)],
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: { '/api': { target: API_TARGET } },
  },
  preview: { host: '127.0.0.1', port: 4173, proxy: { '/api': { target: API_TARGET } } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      // packages/domain is pure code without side effects (ARCHITECTURE §3), but its package.json does not say
      // so; without this every chunk importing one message would also carry zod and every contract. The one
      // side effect there, zod's Portuguese locale, is applied again by src/lib/zod-locale.ts for the forms.
      treeshake: {
        moduleSideEffects: (id) => (/packages[\\/]domain[\\/]src[\\/]/.test(id) ? false : undefined),
      },
      output: {
        codeSplitting: {
          groups: CHUNK_GROUPS.map((g) => ({ name: g.name, test: g.test, priority: g.priority })),
        },
      },
    },
  },
});
