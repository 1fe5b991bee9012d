/**
 * The end-to-end runner (`npm run test -w @prata/e2e`, optionally followed by words that pick journey files, e.g.
 * `-- shell register`):
 *
 * 1. builds the web app when apps/web/dist is missing or older than its sources;
 * 2. starts one server per lane (E2E_LANES, default one more than the cores on a machine of two or more, else 1),
 *    each on a free port with a fresh database of its own: a temporary PGlite folder, or, when TEST_DATABASE_URL is
 *    set, a new PostgreSQL database prata_e2e_<random> on that server (dropped at the end); each serves a private copy
 *    of apps/web/dist, so a rebuild during the run does not change the app under test;
 * 3. runs journeys/*.test.ts with node:test, one file at a time in each lane, E2E_BASE_URL pointing at the lane's
 *    server: a lane takes the next file when its last one ends, the largest files first. Lanes share nothing (each
 *    server has its own demo data, mailbox and limits), so two journeys never meet; a file's output is printed whole
 *    when it ends;
 * 4. stops the servers, removes what it created and exits non-zero when any file failed (its retry too, below).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from './lib/ports';

const E2E_DIR = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(E2E_DIR, '..');
const WEB = path.join(ROOT, 'apps/web');
const SERVER_TSCONFIG = path.join(ROOT, 'apps/server/tsconfig.json');
const ARTIFACTS = path.join(E2E_DIR, 'artifacts');
/** The server of lane n logs to e2e/artifacts/server.log (lane 1) or server-<n>.log. */
const serverLog = (lane: number) => path.join(ARTIFACTS, lane === 1 ? 'server.log' : `server-${lane}.log`);
/**
 * Journey files run side by side in this many lanes, each with a server of its own (E2E_LANES): one more than the
 * cores, as a journey waits on the browser and the server in turn (two cores: the whole run in 525 s with three lanes
 * against 583 and 593 s with two, 2026-12-06); one on a single core.
 */
const CORES = os.availableParallelism();
const LANES = Math.max(1, Number(process.env.E2E_LANES) || (CORES >= 2 ? CORES + 1 : 1));
const HOST = '127.0.0.1';
/** How long a lane's server may take to answer its health check (E2E_STARTUP_MS): 90 s was short on a loaded machine. */
const STARTUP_TIMEOUT_MS = Number(process.env.E2E_STARTUP_MS) || 180_000;
/**
 * A hung journey must not hang CI: a file still running after FILE_TIMEOUT_MS is stopped and fails (the longest took
 * 121 s on a slow day, 2026-11-28), and, last, the whole run after TESTS_TIMEOUT_MS. The run's own length follows the
 * machine's speed (260 s on a fast day, 851 s on a slow one), so the total is only a backstop: at 14 minutes it came
 * within 10 s of stopping a slow day's healthy run.
 */
const FILE_TIMEOUT_MS = Number(process.env.E2E_FILE_TIMEOUT_MS) || 6 * 60_000;
const TESTS_TIMEOUT_MS = 25 * 60_000;
/**
 * A file that fails runs once more at the end of the queue (E2E_RETRIES, default 1): it passes only if that run
 * passes, and the summary names it flaky with its first failure's output, so a flake is seen and not a red build.
 */
const RETRIES = Math.max(0, Number(process.env.E2E_RETRIES ?? 1) || 0);

const started = Date.now();
const log = (message: string) => console.log(`[e2e ${((Date.now() - started) / 1000).toFixed(1)} s] ${message}`);

// ---------------------------------------------------------------- processes

/**
 * Children run in their own process group (detached), so that stopping one also stops what it started: the test
 * runner's per-file processes and their Chromium browsers, for instance.
 */
function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    child.kill(signal);
  }
}

/** The states of the processes of group `pgid`, from /proc; null where there is no /proc (not Linux). */
function groupStates(pgid: number): string[] | null {
  if (!existsSync('/proc/self/stat')) return null;
  const states: string[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // "pid (comm) state ppid pgrp ...": comm may hold spaces and parentheses, so read after the last ')'
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(pgrp) === pgid && state) states.push(state);
    } catch {
      // gone while listed
    }
  }
  return states;
}

/**
 * True while some process of the group led by `pid` is still there (the leader itself may be gone) and not a zombie: a
 * container whose init reaps nothing keeps the dead as zombies, and waiting for them waited the whole grace.
 */
function groupAlive(pid: number): boolean {
  const states = groupStates(pid);
  if (states) return states.some((state) => state !== 'Z');
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * SIGTERM to the group, then SIGKILL to whatever of it is still there after `graceMs`. The group, not the leader: a
 * test file's process outlives its `node --test` parent when it is too busy to run its own SIGTERM handler (a
 * journey stuck in a loop kept a core busy for the rest of the run).
 */
async function stopGroup(child: ChildProcess, exited: Promise<unknown>, graceMs: number, name: string) {
  const pid = child.pid;
  if (pid === undefined) return;
  killGroup(child, 'SIGTERM');
  const until = Date.now() + graceMs;
  while (groupAlive(pid) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 200));
  if (groupAlive(pid)) {
    log(`${name}: still running ${graceMs / 1000} s after SIGTERM, killing it`);
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // gone in between
    }
  }
  await exited;
}

// ---------------------------------------------------------------- web build

/** The newest modification time under `target` (a file or a folder), skipping node_modules. */
function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

function run(command: string, args: string[], cwd: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: 'inherit', env: process.env });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function buildWebIfStale(): Promise<void> {
  const builtAt = newestMtime(path.join(WEB, 'dist/index.html'));
  // The web app's own sources, and the shared domain package it bundles.
  const sources = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json'].map((p) => path.join(WEB, p));
  sources.push(path.join(ROOT, 'packages/domain/src'));
  const changedAt = Math.max(...sources.map(newestMtime));
  if (builtAt > 0 && builtAt >= changedAt) {
    log('web app: apps/web/dist is up to date');
    return;
  }
  log(builtAt === 0 ? 'web app: no build yet, building...' : 'web app: sources changed, rebuilding...');
  const code = await run('npm', ['run', 'build', '-w', '@prata/web'], ROOT);
  if (code !== 0) throw new Error(`npm run build -w @prata/web failed (exit code ${code})`);
}

/** True when index.html and every file it references under /assets/ are there (not caught in the middle of a build). */
function isCompleteBuild(dir: string): boolean {
  const index = path.join(dir, 'index.html');
  if (!existsSync(index)) return false;
  const assets = readFileSync(index, 'utf8').match(/\/assets\/[^"'\s)]+/g) ?? [];
  return assets.every((asset) => existsSync(path.join(dir, asset)));
}

/**
 * A private copy of apps/web/dist for this run's server (WEB_DIST): someone rebuilding the web app while the
 * journeys run would otherwise replace the chunks under the browser's feet.
 */
async function snapshotWeb(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'prata-e2e-web-'));
  for (let attempt = 1; ; attempt++) {
    await rm(dir, { recursive: true, force: true });
    await cp(path.join(WEB, 'dist'), dir, { recursive: true });
    if (isCompleteBuild(dir)) return dir;
    if (attempt === 10) throw new Error('apps/web/dist is incomplete (index.html or one of its assets is missing)');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

// ---------------------------------------------------------------- database

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

type Database = { env: Record<string, string>; cleanup: () => Promise<void> };

async function createDatabase(): Promise<Database> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const name = `prata_e2e_${randomBytes(6).toString('hex')}`;
    await adminQuery(adminUrl, `create database ${name}`);
    const url = withDatabase(adminUrl, name);
    log(`database: PostgreSQL, fresh database ${name}`);
    return {
      env: { DATABASE_URL: url },
      cleanup: () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`),
    };
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'prata-e2e-'));
  log(`database: PGlite in ${dataDir}`);
  return {
    env: { DATA_DIR: dataDir },
    cleanup: () => rm(dataDir, { recursive: true, force: true }),
  };
}

// ---------------------------------------------------------------- server

type Server = { child: ChildProcess; baseUrl: string; output: () => string; exited: Promise<void> };

/** The server's wait between two sign-in codes of one account during the journeys (the spec's 60 s otherwise). */
const CODE_RESEND_SECONDS = '3';

function startServer(port: number, env: Record<string, string>, lane: number): Server {
  const baseUrl = `http://${HOST}:${port}`;
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    ...env,
    PORT: String(port),
    HOST,
    PUBLIC_URL: baseUrl,
    // started from the repository's root, tsx would not find apps/server/tsconfig.json and its `@/` paths
    TSX_TSCONFIG_PATH: SERVER_TSCONFIG,
    PRATA_DEMO: '1',
    PRATA_DEV_MAILBOX: '1',
    // the saving plans' test clock: a journey moves it a week (POST /api/dev/clock)
    PRATA_TEST_CLOCK: '1',
    NODE_ENV: 'development',
    // Windows are settings (docs/configuration.md): the journeys wait seconds, not the spec's minute.
    CODE_RESEND_SECONDS: CODE_RESEND_SECONDS,
    // Every journey signs the demo operator in on this one server (a code e-mailed each time): more than the
    // production 10 codes per hour to one address. The limit itself is tested by the API tests.
    LIMIT_MESSAGES_DESTINATION: '200/1h',
    // The links out of the app are settings, unset by default (docs/configuration.md): the header's two are set, as
    // an operator would, and the app stores' left unset, so the journeys see both a set link and a hidden one.
    JEWELRY_URL: 'https://joias.exemplo.com.br',
    REFINING_URL: 'https://refino.exemplo.com.br',
  };
  // Rate-limit counters stay in this server's memory: with a shared Redis (REDIS_URL) they would outlive the run
  // and a second run within the hour would hit the registration limit.
  delete childEnv.REDIS_URL;
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  mkdirSync(ARTIFACTS, { recursive: true });
  const file = createWriteStream(serverLog(lane));
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const keep = (chunk: Buffer) => {
    file.write(chunk);
    output += chunk.toString();
    if (output.length > 200_000) output = output.slice(-100_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exited.then(() => file.end());
  return { child, baseUrl, output: () => output, exited };
}

async function waitForHealth(server: Server): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  let gone = false;
  void server.exited.then(() => {
    gone = true;
  });
  while (Date.now() < deadline) {
    if (gone) throw new Error(`the server exited during startup (exit code ${server.child.exitCode})`);
    try {
      const response = await fetch(`${server.baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server did not answer GET /api/health within ${STARTUP_TIMEOUT_MS / 1000} s`);
}

function stopServer(server: Server): Promise<void> {
  return stopGroup(server.child, server.exited, 8_000, 'server');
}

// ---------------------------------------------------------------- tests

/** The journey files whose names contain one of `filters` (all without), the largest first (the longest, roughly). */
function journeyFiles(filters: string[]): string[] {
  const dir = path.join(E2E_DIR, 'journeys');
  const all = readdirSync(dir).filter((f) => f.endsWith('.test.ts'));
  const picked = filters.length > 0 ? all.filter((f) => filters.some((word) => f.includes(word))) : all;
  const size = (f: string) => statSync(path.join(dir, f)).size;
  return picked.sort((a, b) => size(b) - size(a) || a.localeCompare(b)).map((f) => path.join('journeys', f));
}

/** One file's run; `output` is what it printed (empty for a file never started). */
type FileRun = { file: string; lane: number; code: number; seconds: number; output: string };

/** Lines of a failed file's output printed again after the summary (a CI log is often read from its tail). */
const FAILURE_TAIL_LINES = 80;

/** Runs one journey file with node:test in its own process group; its output is kept and printed whole at the end. */
function runFile(
  file: string,
  lane: number,
  env: Record<string, string>,
): { child: ChildProcess; done: Promise<FileRun> } {
  const t0 = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', '--test', '--test-reporter=spec', file], {
    cwd: E2E_DIR,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
    detached: true,
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // the file's run ends once what the stop started is over: its processes could outlive their `node --test` parent
  let stopped: Promise<void> = Promise.resolve();
  const deadline = setTimeout(() => {
    output += `\n[e2e] ${file}: still running after ${FILE_TIMEOUT_MS / 1000} s, stopped\n`;
    stopped = stopGroup(child, exited, 5_000, file);
  }, FILE_TIMEOUT_MS);
  const done = new Promise<FileRun>((resolve) => {
    child.on('exit', async (code, signal) => {
      clearTimeout(deadline);
      await stopped;
      const run: FileRun = {
        file,
        lane,
        code: code ?? (signal ? 1 : 0),
        seconds: (Date.now() - t0) / 1000,
        output,
      };
      log(
        `lane ${lane}: ${file} ${run.code === 0 ? 'ok' : `FAILED (exit code ${run.code})`} in ${run.seconds.toFixed(1)} s`,
      );
      process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
      resolve(run);
    });
  });
  return { child, done };
}

/**
 * The files in `lanes.length` lanes: each lane runs one file at a time against its own server and takes the next
 * waiting file when its last one ends. After TESTS_TIMEOUT_MS every running file is stopped and nothing more starts.
 */
async function runLanes(
  files: string[],
  lanes: Array<Record<string, string>>,
): Promise<{ runs: FileRun[]; flaky: FileRun[] }> {
  const waiting = [...files];
  const runs: FileRun[] = [];
  // the failed runs of files given another run, and how many each has had
  const retried: FileRun[] = [];
  const attempts = new Map<string, number>();
  const running = new Set<{ child: ChildProcess; done: Promise<FileRun> }>();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    log(`tests: still running after ${TESTS_TIMEOUT_MS / 60_000} min, stopping them`);
    for (const r of running) void stopGroup(r.child, r.done, 5_000, 'tests');
  }, TESTS_TIMEOUT_MS);
  cleanups.push(async () => {
    for (const r of running) await stopGroup(r.child, r.done, 5_000, 'tests');
  });
  await Promise.all(
    lanes.map(async (env, i) => {
      for (let file = waiting.shift(); file !== undefined && !timedOut; file = waiting.shift()) {
        const r = runFile(file, i + 1, env);
        children.push(r.child);
        running.add(r);
        const run = await r.done;
        running.delete(r);
        const attempt = (attempts.get(file) ?? 0) + 1;
        attempts.set(file, attempt);
        if (run.code !== 0 && attempt <= RETRIES && !timedOut) {
          log(`lane ${i + 1}: ${file} failed; it runs again at the end of the queue`);
          retried.push(run);
          waiting.push(file);
        } else {
          runs.push(run);
        }
      }
    }),
  );
  clearTimeout(timer);
  for (const file of waiting) runs.push({ file, lane: 0, code: 1, seconds: 0, output: '' });
  const passed = new Set(runs.filter((r) => r.code === 0).map((r) => r.file));
  return { runs, flaky: retried.filter((r) => passed.has(r.file)) };
}

// ---------------------------------------------------------------- main

const cleanups: Array<() => Promise<void>> = [];
const children: ChildProcess[] = [];

let cleaning: Promise<void> | undefined;

/** Stops and removes what this run started, in reverse order; every caller waits for the same one cleanup. */
function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    for (const fn of cleanups.splice(0).reverse()) {
      try {
        await fn();
      } catch (error) {
        console.error(`[e2e] cleanup failed: ${(error as Error).message}`);
      }
    }
  })();
  return cleaning;
}

// Ctrl+C or a CI cancel: stop what we started, then leave.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log(`${signal}: stopping`);
    void cleanup().finally(() => process.exit(130));
  });
}
// Last resort (an exception past the cleanup): no child outlives the runner.
process.on('exit', () => {
  for (const child of children) killGroup(child, 'SIGKILL');
});

async function main(): Promise<number> {
  const files = journeyFiles(process.argv.slice(2));
  if (files.length === 0) {
    console.error(`[e2e] no journey matches ${process.argv.slice(2).join(' ')}`);
    return 1;
  }

  await rm(path.join(E2E_DIR, 'screenshots/failures'), { recursive: true, force: true });
  await buildWebIfStale();
  const webDist = await snapshotWeb();
  cleanups.push(() => rm(webDist, { recursive: true, force: true }));

  const lanes = Math.min(LANES, files.length);
  const servers: Server[] = [];
  for (let lane = 1; lane <= lanes; lane++) {
    const database = await createDatabase();
    cleanups.push(database.cleanup);
    const server = startServer(await freePort(HOST), { ...database.env, WEB_DIST: webDist }, lane);
    children.push(server.child);
    cleanups.push(() => stopServer(server));
    servers.push(server);
  }
  try {
    await Promise.all(servers.map(waitForHealth));
  } catch (error) {
    console.error(`[e2e] ${(error as Error).message}. Server output:`);
    for (const server of servers) console.error(server.output() || '(none)');
    return 1;
  }
  for (const [i, server] of servers.entries()) {
    log(`lane ${i + 1}: server ${server.baseUrl} (log in ${path.relative(ROOT, serverLog(i + 1))})`);
  }

  const { runs, flaky } = await runLanes(
    files,
    servers.map((server) => ({ E2E_BASE_URL: server.baseUrl, E2E_CODE_RESEND_SECONDS: CODE_RESEND_SECONDS })),
  );
  servers.forEach((server, i) => {
    if (server.child.exitCode !== null) {
      console.error(
        `[e2e] lane ${i + 1}: the server stopped during the tests (exit code ${server.child.exitCode}). Output:`,
      );
      console.error(server.output());
    }
  });
  const failed = runs.filter((r) => r.code !== 0);
  log(`tests: ${runs.length - failed.length} of ${files.length} files passed in ${lanes} lane(s)`);
  for (const r of flaky) {
    log(`FLAKY: ${r.file} failed in lane ${r.lane}, then passed on its retry; the last lines of its failed run:`);
    printTail(r.output);
  }
  for (const r of failed) log(`FAILED: ${r.file}${r.lane === 0 ? ' (not run: out of time)' : ` (lane ${r.lane})`}`);
  // what failed, again at the end: the whole output is above, between the other files'
  for (const r of failed.filter((f) => f.output)) {
    log(`${r.file}: the last lines of its output`);
    printTail(r.output);
  }
  return failed.length === 0 ? 0 : 1;
}

/** The last FAILURE_TAIL_LINES lines of a file's output, printed after the summary. */
function printTail(output: string): void {
  process.stdout.write(`${output.trimEnd().split('\n').slice(-FAILURE_TAIL_LINES).join('\n')}\n`);
}

let exitCode = 1;
try {
  exitCode = await main();
} catch (error) {
  console.error(`[e2e] ${(error as Error).stack ?? error}`);
  exitCode = 1;
} finally {
  await cleanup();
  log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
process.exit(exitCode);
