// `npm run bench`: the everyday calls' throughput and latency on this machine, as ratios to a bare Fastify
// hello-world measured in the same run, with pgbench's figure for the database underneath. Boots Prata on loopback
// (on a throwaway database of DATABASE_URL's PostgreSQL server, or on a fresh embedded one), drives each endpoint with
// autocannon in a child process, then runs the sections of bench/ledger.ts, bench/orders.ts (order placement through
// HTTP beside pgbench -N) and bench/matching.ts (the matching core beside nodejs-order-book). Bounded: it stops by
// itself. BENCH_SECONDS (default 5) and BENCH_CONNECTIONS (default 32) set the load; see docs/performance.md.
import { execFile, spawn } from 'node:child_process';
import http from 'node:http';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { boot, type Running } from '@/boot';
import { loadConfig } from '@/config';
import { postBatch } from '@/ledger/index';
import { issueSession } from '@/plugins/auth';
import { findUserByEmail } from '@/features/users/repository';
import { autocannon, hasPgbench, type LoadResult, pgbench, type PgbenchResult, startHello } from './load';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? process.env.BENCH_CONCURRENCY ?? 32);
/** Unmeasured load before each measurement, so every endpoint is measured with warm JIT, caches and pools. */
const WARMUP_SECONDS = 1;
/**
 * BENCH_ONLY=user measures only the endpoints whose name matches; the ledger's, the orders' and the matching core's
 * sections run only if it matches 'ledger', 'orders' or 'matching'.
 */
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : undefined;
/** What a browser sends. */
const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';
const HERE = path.dirname(fileURLToPath(import.meta.url));
const WEB_DIST = path.resolve(HERE, '../../web/dist');

/** A throwaway database on DATABASE_URL's server, dropped at the end; nothing is written to the named database. */
async function throwawayDatabase(serverUrl: string) {
  const name = `prata_bench_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

async function ensureWebBuild() {
  if (existsSync(path.join(WEB_DIST, 'index.html'))) return;
  console.log('apps/web/dist is missing: building the web app first (npm run build)…');
  await promisify(execFile)('npm', ['run', 'build', '-w', '@prata/web'], { cwd: path.resolve(HERE, '../../..') });
}

await ensureWebBuild();
const serverUrl = process.env.DATABASE_URL;
const scratch = serverUrl ? await throwawayDatabase(serverUrl) : undefined;
let running: Running | undefined;
const dataDir = await mkdtemp(path.join(tmpdir(), 'prata-bench-'));
try {
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: scratch?.url ?? '',
    DATA_DIR: dataDir,
    PORT: '0',
    NODE_ENV: 'development',
    PRATA_DEMO: '1',
    PRATA_DEV_MAILBOX: '0',
    WEB_DIST: WEB_DIST,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  });
  running = await boot(config);
  await running.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = running.app.server.address() as { port: number };
  const base = `http://127.0.0.1:${port}`;

  // The demo customer (an address, FATCA, personal data) with money on both sides of the ledger, signed in.
  const db = running.database.db;
  const customer = (await findUserByEmail(db, 'cliente@prata.dev'))!;
  const available = { customer: customer.id, bucket: 'available' as const };
  const depositId = `bench.deposit:${Date.now()}`;
  await postBatch(
    db,
    [
      {
        id: `${depositId}:1`,
        debit: { system: 'pix:clearing' },
        credit: available,
        currency: 'BRL',
        amount: 1_234_56,
        code: 'deposit',
      },
      {
        id: `${depositId}:2`,
        debit: { system: 'vault' },
        credit: available,
        currency: 'AG',
        amount: 10_000,
        code: 'deposit',
      },
    ],
    { atomic: true },
  );
  const { authToken } = await issueSession(db, running.app.deps, customer.id, { userAgent: 'bench' });
  const auth = { authorization: `Bearer ${authToken}` };

  const indexHtml = await readFile(path.join(WEB_DIST, 'index.html'), 'utf8');
  const entry = indexHtml.match(/<script[^>]+src="(\/assets\/[^"]+\.js)"/)?.[1];

  type Target = { name: string; url: string; headers?: Record<string, string>; note?: string };
  const targets: Target[] = [
    { name: 'GET /api/health', url: `${base}/api/health` },
    { name: 'GET /api/health/ready', url: `${base}/api/health/ready` },
    {
      name: 'GET /api/termos (public)',
      url: `${base}/api/termos`,
      headers: { 'accept-encoding': BROWSER_ENCODINGS },
    },
    { name: 'GET /login (page)', url: `${base}/login`, headers: { 'accept-encoding': BROWSER_ENCODINGS } },
    // the catalogue: every visitor's first page (its product calls' target: at least 40 % of bare Fastify)
    {
      name: 'GET /comprar-prata (page with its first paint)',
      url: `${base}/comprar-prata`,
      headers: { 'accept-encoding': BROWSER_ENCODINGS },
    },
    {
      name: 'GET /api/silver-withdrawal-product-types (catalogue)',
      url: `${base}/api/silver-withdrawal-product-types?page=1`,
      headers: { 'accept-encoding': BROWSER_ENCODINGS },
    },
    {
      name: 'GET /api/silver-withdrawal-product-type/{id} (catalogue)',
      url: `${base}/api/silver-withdrawal-product-type/1`,
      headers: { 'accept-encoding': BROWSER_ENCODINGS },
    },
    ...(entry
      ? [{ name: 'GET /assets/<entry>.js', url: `${base}${entry}`, headers: { 'accept-encoding': BROWSER_ENCODINGS } }]
      : []),
    { name: 'GET /api/user', url: `${base}/api/user`, headers: auth },
    { name: 'GET /api/user/index', url: `${base}/api/user/index`, headers: auth },
    { name: 'GET /api/event-logs', url: `${base}/api/event-logs?page=1`, headers: auth },
    { name: 'GET /api/deposit', url: `${base}/api/deposit`, headers: auth },
    { name: 'GET /api/withdrawal', url: `${base}/api/withdrawal`, headers: auth },
    { name: 'GET /api/deposits', url: `${base}/api/deposits?page=1`, headers: auth },
  ];

  type Row = { name: string; cpuPerRequest?: number; bareRps?: number; bareCpu?: number } & LoadResult;

  /** One endpoint, warmed up, then measured; with the Prata server's CPU time per request (it runs in this process). */
  async function measure(name: string, url: string, headers?: Record<string, string>): Promise<Row> {
    await autocannon(url, { connections: CONNECTIONS, seconds: WARMUP_SECONDS, headers });
    const cpu = process.cpuUsage();
    const result = await autocannon(url, { connections: CONNECTIONS, seconds: SECONDS, headers });
    const used = process.cpuUsage(cpu);
    return { name, ...result, cpuPerRequest: (used.user + used.system) / Math.max(1, result.requests) };
  }

  /**
   * A page beside a bare Fastify answering its very bytes and headers (hello.ts with a file), right after it: what any
   * server sending those bytes gets from this machine and load generator, so what is left is the app's own cost.
   */
  const samePages: Array<{ name: string; rps: number; sameRps: number; cpu: number; sameCpu: number }> = [];
  async function sameBytes(row: Row, url: string, headers?: Record<string, string>) {
    const page = await new Promise<{ body: Buffer; headers: Record<string, string> }>((resolve, reject) => {
      http
        .get(url, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const kept: Record<string, string> = {};
            for (const [k, v] of Object.entries(res.headers)) {
              if (typeof v === 'string' && !/^(content-length|date|connection|keep-alive|transfer-encoding)$/.test(k)) {
                kept[k] = v;
              }
            }
            resolve({ body: Buffer.concat(chunks), headers: kept });
          });
        })
        .on('error', reject);
    });
    const file = path.join(dataDir, 'same-bytes.json');
    await writeFile(file, JSON.stringify({ body: page.body.toString('base64'), headers: page.headers }));
    const same = await startHello(file);
    try {
      await autocannon(`${same.url}/`, { connections: CONNECTIONS, seconds: WARMUP_SECONDS, headers });
      const before = await same.cpu();
      const r = await autocannon(`${same.url}/`, { connections: CONNECTIONS, seconds: SECONDS, headers });
      const sameCpu = ((await same.cpu()) - before) / Math.max(1, r.requests);
      samePages.push({ name: row.name, rps: row.rps, sameRps: r.rps, cpu: row.cpuPerRequest ?? 0, sameCpu });
    } finally {
      await same.stop();
    }
  }

  // The yardstick runs right before each endpoint, and each ratio is to that run: the other processes of a shared
  // machine come and go, and a single yardstick run would put their noise into every ratio.
  const hello = await startHello();
  const rows: Row[] = [];
  const yardsticks: number[] = [];
  const yardstickCpu: number[] = [];
  try {
    await autocannon(`${hello.url}/`, { connections: CONNECTIONS, seconds: WARMUP_SECONDS });
    for (const t of targets.filter((x) => !ONLY || ONLY.test(x.name))) {
      const before = await hello.cpu();
      const bare = await autocannon(`${hello.url}/`, { connections: CONNECTIONS, seconds: SECONDS });
      const bareCpu = ((await hello.cpu()) - before) / Math.max(1, bare.requests);
      yardsticks.push(bare.rps);
      yardstickCpu.push(bareCpu);
      const row: Row = { ...(await measure(t.name, t.url, t.headers)), bareRps: bare.rps, bareCpu };
      rows.push(row);
      if (/\(page/.test(t.name)) await sameBytes(row, t.url, t.headers);
    }
  } finally {
    await hello.stop();
  }
  const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)] ?? 0;

  const pgbenchRows: PgbenchResult[] = [];
  if (scratch && !ONLY && (await hasPgbench())) {
    // After the HTTP runs, on the same throwaway database: pgbench's tables never sit beside Prata's under load.
    pgbenchRows.push(await pgbench(scratch.url, { clients: CONNECTIONS, seconds: SECONDS, selectOnly: true }));
    pgbenchRows.push(await pgbench(scratch.url, { clients: CONNECTIONS, seconds: SECONDS, selectOnly: false }));
  }

  const cpus = os.cpus();
  console.log(
    `\nPrata API bench, ${new Date().toISOString()}: ${os.availableParallelism()} cores (${cpus[0]?.model.trim() ?? '?'}), ` +
      `Node ${process.version}, database ${running.database.kind}, ${CONNECTIONS} connections, ${SECONDS} s per endpoint ` +
      `(after ${WARMUP_SECONDS} s of warm-up), load by autocannon in a child process.`,
  );
  console.log(
    `Bare Fastify hello-world in a process of its own, run right before each endpoint: median ${median(yardsticks).toFixed(0)} req/s ` +
      `(from ${Math.min(...yardsticks).toFixed(0)} to ${Math.max(...yardsticks).toFixed(0)}); "x bare" is each endpoint's ratio to its own run.`,
  );
  const COLUMNS: Array<[string, number, (r: Row) => string]> = [
    ['req/s', 8, (r) => r.rps.toFixed(0)],
    ['bare', 7, (r) => (r.bareRps ?? 0).toFixed(0)],
    ['x bare', 7, (r) => `${((r.rps / (r.bareRps ?? r.rps)) * 100).toFixed(0)}%`],
    ['p50 ms', 7, (r) => String(r.p50)],
    ['p90 ms', 7, (r) => String(r.p90)],
    ['p99 ms', 7, (r) => String(r.p99)],
    ['max ms', 7, (r) => String(r.max)],
    ['errors', 7, (r) => String(r.errors)],
    ['B/resp', 7, (r) => String(r.bytesPerRequest)],
    ['CPU µs/req', 11, (r) => (r.cpuPerRequest ?? 0).toFixed(0)],
    ['bare µs', 8, (r) => (r.bareCpu ?? 0).toFixed(0)],
    ['x bare CPU', 11, (r) => `${(((r.bareCpu ?? 0) / (r.cpuPerRequest || 1)) * 100).toFixed(0)}%`],
  ];
  console.log('endpoint'.padEnd(36), ...COLUMNS.map(([title, width]) => title.padStart(width)));
  for (const r of rows) console.log(r.name.padEnd(36), ...COLUMNS.map(([, width, cell]) => cell(r).padStart(width)));
  console.log(
    "CPU µs/req: the Prata server's CPU time per answered request (user + system); bare µs: the yardstick's, in the same " +
      `run (median ${median(yardstickCpu).toFixed(0)}); "x bare CPU" = bare µs ÷ CPU µs/req, the steadier ratio on a busy machine.`,
  );
  if (samePages.length > 0) {
    console.log('\nPages beside a bare Fastify answering their very bytes and headers (right after each page):');
    for (const p of samePages) {
      console.log(
        `  ${p.name}: ${p.rps.toFixed(0)} req/s, the same bytes ${p.sameRps.toFixed(0)} req/s: ` +
          `${((p.rps / Math.max(1, p.sameRps)) * 100).toFixed(0)} %; CPU ${p.cpu.toFixed(0)} µs against ${p.sameCpu.toFixed(0)} µs a request`,
      );
    }
  }
  if (pgbenchRows.length > 0) {
    console.log(`\npgbench on the same server (scale 1, ${CONNECTIONS} clients, ${SECONDS} s, prepared statements):`);
    for (const p of pgbenchRows) {
      console.log(`  ${p.mode.padEnd(22)} ${p.tps.toFixed(0).padStart(8)} tps   latency avg ${p.latencyMs} ms`);
    }
  } else {
    console.log(
      '\npgbench: skipped (it needs DATABASE_URL naming a PostgreSQL server and pgbench on the PATH, and runs only without BENCH_ONLY).',
    );
  }
} finally {
  // Requests autocannon abandoned at its deadline finish before the pool closes; a failed run cleans up too.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  await running?.stop();
  await scratch?.drop();
  await rm(dataDir, { recursive: true, force: true });
}

// The sections that run on their own: the ledger (bench/ledger.ts), the order book through HTTP (bench/orders.ts),
// each runnable alone, and the matching core (bench/matching.ts), in a process of its own so its heap is its own.
async function section(name: string, file: string, opts: object) {
  const bench = path.join(HERE, file);
  if (!existsSync(bench) || (ONLY && !ONLY.test(name))) return;
  console.log(`\n${name[0]!.toUpperCase()}${name.slice(1)}`);
  const mod = (await import(bench)) as Record<string, unknown>;
  const fn = [mod.default, ...Object.values(mod)].find((v): v is (o: object) => unknown => typeof v === 'function');
  const out = await fn?.(opts);
  if (typeof out === 'string') console.log(out);
}
await section('ledger', 'ledger.ts', { seconds: SECONDS, connections: CONNECTIONS, databaseUrl: serverUrl });
await section('orders', 'orders.ts', { seconds: SECONDS, databaseUrl: serverUrl });
if (existsSync(path.join(HERE, 'matching.ts')) && (!ONLY || ONLY.test('matching'))) {
  console.log('\nMatching core');
  await matchingSection();
}

/** A bench file in a child process (its heap its own), its output echoed as it comes; answers the output, or null. */
async function child(file: string): Promise<string | null> {
  const proc = spawn(process.execPath, ['--import', 'tsx', path.join(HERE, file)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  proc.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    process.stdout.write(chunk);
  });
  const code = await new Promise<number | null>((resolve) => proc.once('exit', resolve));
  if (code === 0) return output;
  console.log(`  bench/${file} exited with ${code}`);
  return null;
}

/**
 * bench/matching.ts (the core beside nodejs-order-book), then bench/matching-flat.ts (the rate by stream length with
 * the same work behind each figure), and the issue's targets for the matching core: at least twice nodejs-order-book's
 * operations per second at 200,000 operations, and a rate that stays flat as the stream (and the book) grows.
 */
async function matchingSection() {
  const output = await child('matching.ts');
  if (output === null) return;
  const ratio = Number(output.match(/ratio\s+([\d.]+)×/)?.[1] ?? Number.NaN);
  const flat = existsSync(path.join(HERE, 'matching-flat.ts')) ? await child('matching-flat.ts') : null;
  console.log(
    `  target, at least 2× nodejs-order-book: ${Number.isFinite(ratio) ? `${ratio.toFixed(1)}×, ${ratio >= 2 ? 'met' : 'MISSED'}` : 'no figure'}`,
  );
  const byLength = [...(flat ?? '').matchAll(/^\s+([\d,]+) ops:\s+([\d,]+) ops\/s \(\s*([\d,]+) per CPU second/gm)].map(
    (m) => ({ ops: m[1]!, wall: Number(m[2]!.replace(/,/g, '')), cpu: Number(m[3]!.replace(/,/g, '')) }),
  );
  const first = byLength[0];
  const last = byLength[byLength.length - 1];
  if (first && last && first !== last) {
    console.log(
      `  flat as the book grows: with the same work behind each figure, ${last.ops} operations run at ` +
        `${((100 * last.wall) / first.wall).toFixed(0)} % of ${first.ops}'s rate (${((100 * last.cpu) / first.cpu).toFixed(0)} % ` +
        'per CPU second): the work per operation is flat, the gap is garbage collection and cache misses of a bigger ' +
        'book (docs/performance.md, "The matching core as the book grows")',
    );
  }
}
