// A demo server of its own for the measuring commands (npm run lighthouse, npm run a11y): the built web app, an
// embedded database in a temporary folder, a free port; no DATABASE_URL or REDIS_URL of the caller's.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './ports';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const HOST = '127.0.0.1';

export type DemoServer = { baseUrl: string; stop: () => Promise<void> };

async function waitForHealth(baseUrl: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited during startup (exit code ${child.exitCode})`);
    try {
      const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the server did not answer GET /api/health within 240 s');
}

/** Builds the web app when it is not built, starts `main.ts --demo` and waits until it answers its health check. */
export async function startDemoServer(name: string): Promise<DemoServer> {
  if (!existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) {
    const built = spawnSync('npm', ['run', 'build', '-w', '@prata/web'], { cwd: ROOT, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('the web build failed');
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `prata-${name}-`));
  const port = await freePort(HOST);
  const baseUrl = `http://${HOST}:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST, PUBLIC_URL: baseUrl, DATA_DIR: dataDir };
  // started from the repository's root, tsx would not find apps/server/tsconfig.json and its `@/` paths
  env.TSX_TSCONFIG_PATH = path.join(ROOT, 'apps/server/tsconfig.json');
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts', '--demo'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseUrl, server);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, stop };
}
