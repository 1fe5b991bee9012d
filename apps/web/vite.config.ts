import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { emotionStyledBase } from './scripts/emotion-styled-base';
import { firstLoadBudget } from './scripts/first-load';
import { muiWithoutCssVars } from './scripts/mui-without-css-vars';
import { precompress } from './scripts/precompress';
import { reactRouterTreeShaking } from './scripts/react-router-tree-shaking';

/**
 * Chunks: React and react-router load on every page; react-query (its own chunk) with the first page that queries,
 * never with the landing or the sign-in page. MUI's styling engine and components are left to the bundler, which
 * splits them by the pages using them: a single group for all of @mui/system and @mui/utils put what only menus and
 * tabs need (roving tab index, css-vars provider, Stack, useMediaQuery) on every first load.
 * Form libraries (react-hook-form, zod, imask) are split off so that a visitor's first page (the public landing, the
 * sign-in page) never downloads them: they arrive with the first form that uses them.
 * Everything else that main.tsx imports statically (the `$initial` tag: the shell, the theme, emotion, MUI's core
 * and the components the shell shows) is one chunk with the entry: every page loads all of it anyway, and as 19
 * files of their own (split by which lazy pages share them) it weighed 8 kB more, gzip compressing each file apart.
 */
const CHUNK_GROUPS: ReadonlyArray<{ name: string; test?: RegExp; tags?: ['$initial']; priority: number }> = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
  { name: 'router', test: /node_modules[\\/]react-router[\\/]/, priority: 25 },
  { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 25 },
  { name: 'forms', test: /node_modules[\\/](react-hook-form|@hookform|zod)[\\/]/, priority: 15 },
  { name: 'imask', test: /node_modules[\\/](imask|react-imask)[\\/]/, priority: 15 },
  { name: 'index', tags: ['$initial'], priority: 10 },
];

/**
 * The most JavaScript a page may need on its first load, in decimal kB (1000 bytes) of gzip at the default level 6 per
 * file, the ruler an outside reviewer uses (scripts/first-load-count.mjs); the build fails past it
 * (docs/performance.md).
 * /login: the goal of 150 kB. /comprar-prata, the catalogue (at most 200): where it
 * stands, so that the public landing does not grow back. React, react-router and MUI's styling engine alone are about
 * 100 kB of either page, so each new byte on these pages has to be paid for.
 */
const FIRST_LOAD_BUDGETS = [
  { page: '/login', routeChunkPrefix: 'login-page', maxKb: 150 },
  { page: '/comprar-prata', routeChunkPrefix: 'landing-page', maxKb: 147 },
];

/** Modules the bundler may drop when nothing of theirs is used (see `treeshake` below). */
const SIDE_EFFECT_FREE =
  /packages[\\/]domain[\\/]src[\\/]|node_modules[\\/]hoist-non-react-statics[\\/]|src[\\/]features[\\/]silver-withdrawals[\\/]api[\\/]/;

/** Where `/api` goes in development; the server's default port unless PRATA_API_URL says otherwise. */
const API_TARGET = process.env.PRATA_API_URL ?? 'http://127.0.0.1:3000';

/**
 * The server's render of the painted catalogue (src/ssr/first-paint.tsx), built by `vite build --ssr` after the app
 * (package.json): one file with everything it imports, under dist/ssr, which the server imports and never serves.
 * The same transforms as the app's build, so that it draws the same elements with the same styles.
 */
const SSR_BUILD = {
  outDir: 'dist/ssr',
  emptyOutDir: true,
  copyPublicDir: false,
  target: 'node20',
  sourcemap: false,
  rolldownOptions: { output: { codeSplitting: false, entryFileNames: 'first-paint.mjs' } },
} as const;

export default defineConfig(({ isSsrBuild }) => ({
  // `@/x` is src/x, as tsconfig.json's paths say
  resolve: { tsconfigPaths: true },
  plugins: [
    react(),
    muiWithoutCssVars(),
    emotionStyledBase(),
    reactRouterTreeShaking(),
    ...(isSsrBuild ? [] : [precompress(), firstLoadBudget(FIRST_LOAD_BUDGETS)]),
  ],
  // the server's render bundles its packages (no node_modules lookups at run time) and runs React's production build
  ...(isSsrBuild ? { ssr: { noExternal: true }, define: { 'process.env.NODE_ENV': '"production"' } } : {}),
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: { '/api': { target: API_TARGET } },
  },
  preview: { host: '127.0.0.1', port: 4173, proxy: { '/api': { target: API_TARGET } } },
  build: isSsrBuild
    ? SSR_BUILD
    : {
        outDir: 'dist',
        emptyOutDir: true,
        target: 'es2022',
        // Every browser of the es2022 target but Safari 16 supports <link rel="modulepreload">; without it Safari 16
        // fetches the same modules as the imports come (no preload), so the polyfill (0.2 kB on every first load) goes.
        modulePreload: { polyfill: false },
        sourcemap: false,
        chunkSizeWarningLimit: 400,
        rolldownOptions: {
          // packages/domain is pure code without side effects (ARCHITECTURE §3), but its package.json does not say
          // so; without this every chunk importing one message would also carry zod and every contract. The one
          // side effect there, zod's Portuguese locale, is applied again by src/lib/zod-locale.ts for the forms.
          // hoist-non-react-statics (with its copy of react-is 16) is imported by @emotion/react only for `withTheme`,
          // which nothing calls, but as a bare CommonJS import it was kept on every first load (0.9 kB).
          // The silver withdrawals' calls (one pure file each) reach the checkout and the history through one index;
          // said pure, each page keeps only the calls it makes (0.4-0.6 kB less on each than without).
          treeshake: {
            moduleSideEffects: (id) => (SIDE_EFFECT_FREE.test(id) ? false : undefined),
          },
          output: {
            codeSplitting: {
              groups: [...CHUNK_GROUPS],
            },
          },
        },
      },
}));
