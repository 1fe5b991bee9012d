/**
 * Lighthouse's mobile performance score of the public pages, with Debian's Chromium (`npm run lighthouse`, from the
 * repository root; optionally followed by paths: `npm run lighthouse -- /comprar-prata /login`).
 *
 * Starts the product as a visitor meets it (the demo data on a fresh embedded database in a temporary folder, the
 * built web app: built first when apps/web/dist is missing), runs Lighthouse's default mobile audit (a mid-range
 * phone, simulated slow 4G, 4× CPU slowdown) LIGHTHOUSE_RUNS times per page (default 3), and prints the median score
 * with its metrics. With LIGHTHOUSE_MIN (0–100) it exits 1 when a page's median is below it; LIGHTHOUSE_REPORT=<file>
 * keeps the last run's full report (JSON). Figures are kept in docs/performance.md.
 *
 * The machine's load average (1 minute) is printed before and after each page's runs: Lighthouse simulates a slow
 * phone by multiplying the main thread's measured task times by 4, so other processes on the same cores lengthen
 * every long task and the total blocking time with it. Compare figures taken at similar loads.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const HOST = '127.0.0.1';
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS) || 3);
const MIN_SCORE = process.env.LIGHTHOUSE_MIN ? Number(process.env.LIGHTHOUSE_MIN) : null;
const PAGES = process.argv.slice(2).filter((a) => a.startsWith('/'));
const METRICS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'SI'],
] as const;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, HOST, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseUrl: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 90_000;
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
  throw new Error('the server did not answer GET /api/health within 90 s');
}

type Run = { score: number; metrics: Record<string, string> };

async function audit(url: string, port: number): Promise<Run> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (process.env.LIGHTHOUSE_REPORT) writeFileSync(process.env.LIGHTHOUSE_REPORT, JSON.stringify(lhr));
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const metrics: Record<string, string> = {};
  for (const [id, label] of METRICS) metrics[label] = lhr.audits[id]?.displayValue ?? '?';
  return { score: Math.round((lhr.categories.performance?.score ?? 0) * 100), metrics };
}

async function main(): Promise<number> {
  if (!existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) {
    const built = spawnSync('npm', ['run', 'build', '-w', '@prata/web'], { cwd: ROOT, stdio: 'inherit' });
    if (built.status !== 0) return built.status ?? 1;
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'prata-lighthouse-'));
  const port = await freePort();
  const baseUrl = `http://${HOST}:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST, PUBLIC_URL: baseUrl, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts', '--demo'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    await waitForHealth(baseUrl, server);
    chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS });
    let failed = false;
    for (const page of PAGES.length > 0 ? PAGES : ['/comprar-prata']) {
      const url = `${baseUrl}${page}`;
      await audit(url, chrome.port); // a first visit warms the server's caches; not counted
      const loadBefore = os.loadavg()[0] ?? 0;
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await audit(url, chrome.port));
      runs.sort((a, b) => a.score - b.score);
      const median = runs[Math.floor(runs.length / 2)] as Run;
      const metrics = Object.entries(median.metrics)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ');
      console.log(
        `Lighthouse (mobile) ${page}: ${median.score} (median of ${RUNS}: ${runs.map((r) => r.score).join(', ')}); ${metrics}; ` +
          `load average ${loadBefore.toFixed(1)} → ${(os.loadavg()[0] ?? 0).toFixed(1)}`,
      );
      if (MIN_SCORE !== null && median.score < MIN_SCORE) failed = true;
    }
    return failed ? 1 : 0;
  } finally {
    await chrome?.kill();
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
