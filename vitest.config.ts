import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** `@/x` is the project's src/x: the tsconfig.json nearest each importing file says so (its paths). */
const resolve = { tsconfigPaths: true };
/**
 * The server's programs that tests start (`node --import tsx`: the scripts, the benches' children) find `@/` through
 * apps/server/tsconfig.json, which tsx looks for from the working directory: here the repository's root.
 */
const serverEnv = { TSX_TSCONFIG_PATH: fileURLToPath(new URL('./apps/server/tsconfig.json', import.meta.url)) };

/** The browser code's tests: jsdom, the app's setup. */
const webTests = {
  root: './apps/web',
  environment: 'jsdom',
  setupFiles: ['./src/testing/setup.ts'],
  // A screen test takes 0.3–2 s on a quiet machine; the default 5 s failed them on a busy one (load 10).
  testTimeout: 15_000,
} as const;
/** The web tests that mock a module (vi.mock): each in a module graph of its own. */
const ISOLATED = 'src/**/*.isolated.test.{ts,tsx}';

export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'domain', root: './packages/domain', include: ['src/**/*.test.ts'], environment: 'node' },
      },
      {
        resolve,
        test: {
          ...webTests,
          name: 'web',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: [ISOLATED],
          // One module graph and one jsdom per worker, not per file: environment and imports were two thirds of this
          // project's CPU (299 CPU-s → 108, 2026-12-02). Each file cleans up after itself (testing/setup.ts); a module
          // with state offers a reset its tests call first (lib/first-paint.ts).
          isolate: false,
        },
      },
      {
        resolve,
        // A file that replaces a module (vi.mock) needs a module graph of its own: in a shared one the mock does not
        // apply when an earlier file loaded the module, and leaks into the files after it. scripts/isolated-mocks.mjs
        // keeps vi.mock in these files.
        test: { ...webTests, name: 'web-isolated', include: [ISOLATED], isolate: true },
      },
      {
        // the build's own scripts (the first-load ruler): node, not the browser
        resolve,
        test: { name: 'web-scripts', root: './apps/web', include: ['scripts/**/*.test.ts'], environment: 'node' },
      },
      {
        resolve,
        test: {
          name: 'server',
          root: './apps/server',
          env: serverEnv,
          include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'bench/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['./test/global-setup.ts'],
          setupFiles: ['./test/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // One module graph per worker, not one per file: every file imports the whole server, and importing it again
          // for each of 83 files was half of this project's time (130 s → 60 s with two workers on PostgreSQL,
          // 2026-11-27). The files share nothing a test depends on: each builds its app on a database of its own, and
          // test/setup.ts keeps its registry of databases on globalThis for this. Files also pass shuffled
          // (--sequence.shuffle.files).
          isolate: false,
        },
      },
      {
        // `npm run test:faults`: crashes, restarts and a balancer, from outside (apps/server/faults); PostgreSQL only
        resolve,
        test: {
          name: 'faults',
          root: './apps/server',
          env: serverEnv,
          include: ['faults/**/*.test.ts'],
          environment: 'node',
          testTimeout: 600_000,
          hookTimeout: 300_000,
          pool: 'forks',
          fileParallelism: false,
        },
      },
    ],
  },
});
