// `npm run bench:orders` (or `node --import tsx bench/orders.ts` from apps/server): order placement through HTTP
// against PostgreSQL, beside `pgbench -N` on the same database in the same run. Prata runs in this process on a
// throwaway database of DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/postgres), dropped at the end;
// 200 approved customers with money on both sides, each signed in, the depth of a market in service (60 resting orders
// a side away from the flow, so the answers' book lists are full, as on a seeded decade) and a history of 5,000 orders
// placed through the matcher (BENCH_ORDER_HISTORY) with statistics gathered; the load comes from bench/order-load.ts
// in a child process (wrk when installed, else autocannon; a new random crossing limit order per request, every
// request another customer's token). For each client count (BENCH_ORDER_CLIENTS, default 64,32): pgbench -N, the
// orders, pgbench -N again; the ratio is to the mean of the two. Afterwards the ledger's reconciliation runs on the
// bench's database. BENCH_TRACE=1 also times every SQL statement (inside the matcher's batches and outside them);
// BENCH_PROFILE=<folder> writes a CPU profile of this process (the server) for each measured window, and beside it a
// sampled profile of what it allocated (.heapprofile, objects collected since included). bench/api.ts calls the
// default export.
// Figures: docs/performance.md, "Orders".
import { execFile, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { BOOK_ROWS } from '@prata/domain';
import pg from 'pg';
import { boot, type Running } from '@/boot';
import { loadConfig } from '@/config';
import { BatchQueue } from '@/features/orders/queue';
import { execute, reconcile } from '@/ledger/index';
import { issueSession } from '@/plugins/auth';
import { engineOf } from '@/features/orders/service';
import { seededRandom as mulberry32 } from '@/lib/seeded-random';
import { type OrderLoadPlan, type OrderLoadResult, randomOrderCents, restingBookCents } from './order-load';

const run = promisify(execFile);
const HERE = path.dirname(fileURLToPath(import.meta.url));
const CUSTOMERS = Number(process.env.BENCH_ORDER_CUSTOMERS ?? 200);
/** Orders placed through the matcher before the measurements: the market's history (BENCH_ORDER_HISTORY). */
const HISTORY = Number(process.env.BENCH_ORDER_HISTORY ?? 5000);
/**
 * Seconds of load before each measured window (BENCH_ORDER_WARMUP, default 2). V8 is still compiling the server's hot
 * paths after 2 s: a longer warm-up measures the server as it runs in service (docs/performance.md, "Orders").
 */
const WARMUP_SECONDS = Number(process.env.BENCH_ORDER_WARMUP ?? 2);
/**
 * R$ 5,00 per gram: orders are placed around it on a throwaway database. On a given one (bench:scale's seeded decade)
 * they are placed around its last trade's price: a day of that market, not a 40 % fall that fires every price alert
 * the decade left waiting (tens of thousands of e-mails and pushes in the measured seconds) and crosses its book.
 */
const MID_CENTS = 500;
/** Each customer: R$ 1.000.000,00 and 10 kg, and a trading limit nobody reaches in a bench. */
const FUND_BRL_CENTS = 100_000_000;
const FUND_AG_CG = 1_000_000;
const TRADING_LIMIT_CENTS = 1_000_000_000_000;

export type OrdersBenchOptions = {
  seconds?: number;
  clients?: number[];
  databaseUrl?: string;
  /**
   * run on this database as it is (bench:scale's copy of a seeded one) instead of a throwaway one: the bench's
   * customers, orders and pgbench's tables are written into it, and it is not dropped
   */
  onDatabase?: string;
  /**
   * false: the server without its scheduled jobs (src/boot.ts): on a seeded decade they would first catch up (the
   * days' proofs, the months, the retention, the due saving plans) on the cores the bench measures; bench:scale's write
   * path runs the empty and the full database alike without them
   */
  jobs?: boolean;
  /** called once the server listens, before the customers exist: what-if experiments (a pool size, a matcher's pool) */
  afterBoot?: (running: Running) => Promise<void> | void;
  /**
   * false: no reconciliation after the load (bench:scale runs it after the last run on each database: on a seeded
   * decade a full one reads 50 million transfers, minutes that would also empty the OS's cache before the next run)
   */
  reconcile?: boolean;
  /**
   * gather statistics after the history (default: on a throwaway database only; a seeded decade has them, and sampling
   * its large tables would push the load's indexes out of the OS's cache); bench:scale asks for it on the empty
   * database it gives every run of the empty side
   */
  analyze?: boolean;
  /** called when the customers are ready, before the first client count */
  beforeLoad?: (setup: { running: Running; customerIds: number[]; tokens: string[] }) => Promise<void> | void;
};
export type OrdersRow = {
  clients: number;
  ordersPerSecond: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  pgbenchTps: number;
  pgbenchBefore: number;
  pgbenchAfter: number;
  statuses: Record<string, number>;
  samples: Record<string, string>;
  bytesPerOrder: number;
  cpuPerOrderUs: number;
  /** the load generator's CPU per order (wrk or autocannon, its own process) */
  loadCpuPerOrderUs: number;
  generator: OrderLoadResult['generator'];
  /** the database's backends' CPU time per order (µs), and per pgbench -N transaction; when /proc can be read */
  databaseCpuPerOrderUs?: number;
  pgbenchCpuUs?: number;
  batches: BatchStats;
  statements?: StatementStats;
};
/** `reconciled`: null when the reconciliation was not asked for (`reconcile: false`) */
export type OrdersBenchResult = { rows: OrdersRow[]; reconciled: boolean | null; problems: string[]; report: string };

// ------------------------------------------------------------------ the matcher's batches, seen from outside

type BatchStats = {
  count: number;
  meanSize: number;
  p50Size: number;
  p90Size: number;
  maxSize: number;
  meanMs: number;
  p50Ms: number;
  p99Ms: number;
  alone: number;
};

/**
 * Wraps the matcher's queue's batch runner (a private method: the bench looks, it changes nothing) to record each
 * batch's size and time (from its read to its write's answer, the locked path's lock and reload included) while
 * `recording`.
 */
export function probeBatches() {
  const proto = BatchQueue.prototype as unknown as {
    run(batch: unknown[], mayRetryWhole?: boolean, alone?: boolean): Promise<void>;
  };
  const original = proto.run;
  const sizes: number[] = [];
  const times: number[] = [];
  let alone = 0;
  let recording = false;
  proto.run = async function (this: unknown, batch, mayRetryWhole, runAlone) {
    const started = performance.now();
    try {
      return await original.call(this, batch, mayRetryWhole, runAlone);
    } finally {
      if (recording) {
        if (runAlone) alone++;
        sizes.push(batch.length);
        times.push(performance.now() - started);
      }
    }
  };
  return {
    start() {
      sizes.length = 0;
      times.length = 0;
      alone = 0;
      recording = true;
    },
    stop(): BatchStats {
      recording = false;
      const s = [...sizes].sort((a, b) => a - b);
      const t = [...times].sort((a, b) => a - b);
      return {
        count: s.length,
        meanSize: mean(s),
        p50Size: pct(s, 50),
        p90Size: pct(s, 90),
        maxSize: s[s.length - 1] ?? 0,
        meanMs: mean(t),
        p50Ms: pct(t, 50),
        p99Ms: pct(t, 99),
        alone,
      };
    },
    restore() {
      proto.run = original;
    },
  };
}

// ------------------------------------------------------------------ every SQL statement, with BENCH_TRACE=1

type StatementStats = Array<{ where: 'batch' | 'request'; label: string; count: number; totalMs: number }>;

/**
 * Times every query of node-postgres' clients (the server's pool) while recording. The matcher's statements are the
 * batch's (its state read and its write, and on the locked path everything from the advisory lock to COMMIT or
 * ROLLBACK); every other statement belongs to a request.
 */
export function probeStatements() {
  type Query = (this: pg.Client, ...args: unknown[]) => unknown;
  const proto = pg.Client.prototype as unknown as { query: Query };
  const original = proto.query;
  const inBatch = new WeakSet<object>();
  const stats = new Map<string, { where: 'batch' | 'request'; label: string; count: number; totalMs: number }>();
  let recording = false;
  const labelOf = (text: string) => {
    const t = text.replace(/\s+/g, ' ').trim();
    if (/orders_market_lock|pg_advisory_xact_lock/.test(t)) return 'advisory lock';
    if (/from market_state s, market_settings/.test(t) && /json_object_agg\(a\.code/.test(t))
      return 'market state, rates, balances, limits, usage';
    if (/from market_state s, market_settings/.test(t)) return 'market state and rates';
    if (/json_object_agg\(a\.code/.test(t)) return 'balances, limits, usage of the placers';
    if (/orders_apply_batch/.test(t)) return 'writes: ledger, orders, trades, usage, counters (orders_apply_batch)';
    if (/ledger_commands/.test(t)) return 'ledger_commands (holds, captures, transfers)';
    if (/^insert into orders/.test(t)) return 'upsert orders';
    if (/^insert into trades/.test(t)) return 'insert trades';
    if (/^insert into trading_usage/.test(t)) return 'upsert trading usage';
    if (/^update market_state/.test(t)) return 'update market state';
    if (/from orders where status = 'open' order by id/.test(t)) return 'reload the book';
    if (/^(begin|commit|rollback)$/i.test(t)) return t.toLowerCase();
    if (/"sessions"/.test(t)) return 'session and user (auth)';
    if (/as asks/.test(t) && /as pending/.test(t)) return 'order lists (book, pending, completed)';
    if (/as asks/.test(t)) return 'the book (top rows of each side)';
    if (/as pending/.test(t) && /with ordinality/.test(t)) return "the customers' lists and orders (one per batch)";
    if (/as pending/.test(t)) return "the customer's lists and the order";
    if (/from orders o where o\.id =/.test(t)) return 'the order';
    return t.slice(0, 60);
  };
  proto.query = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0] as string | { text?: string } | undefined;
    const text = typeof first === 'string' ? first : (first?.text ?? '');
    if (text.includes('pg_stat_activity')) return original.apply(this, args); // the bench's own CPU sampler
    const label = labelOf(text);
    if (label === 'advisory lock') inBatch.add(this);
    const matcher = inBatch.has(this) || /orders_apply_batch|from market_state s, market_settings/.test(text);
    const where = matcher ? ('batch' as const) : ('request' as const);
    if (label === 'commit' || label === 'rollback') inBatch.delete(this);
    if (!recording) return original.apply(this, args);
    const started = performance.now();
    const record = () => {
      const key = `${where}:${label}`;
      const s = stats.get(key) ?? { where, label, count: 0, totalMs: 0 };
      s.count++;
      s.totalMs += performance.now() - started;
      stats.set(key, s);
    };
    const last = args[args.length - 1];
    if (typeof last === 'function') {
      args[args.length - 1] = (...cb: unknown[]) => {
        record();
        return (last as (...a: unknown[]) => unknown)(...cb);
      };
      return original.apply(this, args);
    }
    const out = original.apply(this, args) as Promise<unknown> | undefined;
    if (out && typeof out.then === 'function') out.then(record, record);
    return out;
  };
  return {
    start() {
      stats.clear();
      recording = true;
    },
    stop(): StatementStats {
      recording = false;
      return [...stats.values()].sort((a, b) =>
        a.where === b.where ? b.totalMs - a.totalMs : a.where < b.where ? -1 : 1,
      );
    },
    restore() {
      proto.query = original;
    },
  };
}

// ------------------------------------------------------------------ helpers

/** BENCH_PROFILE: V8's CPU profiler on this process (the server and the matcher) for one measured window. */
async function startProfile(): Promise<(file: string) => Promise<void>> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  await session.post('HeapProfiler.enable');
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: 16384,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  return async (file) => {
    const { profile } = await session.post('Profiler.stop');
    await writeFile(file, JSON.stringify(profile));
    const heap = await session.post('HeapProfiler.stopSampling');
    await writeFile(file.replace(/\.cpuprofile$/, '.heapprofile'), JSON.stringify(heap.profile));
    session.disconnect();
  };
}

const mean = (xs: number[]) => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length);
const pct = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

async function throwaway(serverUrl: string) {
  const name = `prata_bench_orders_${process.pid}_${Date.now()}`;
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

const PGBENCH_ENV = { ...process.env, PGOPTIONS: '-c client_min_messages=warning' };

/**
 * The CPU time of the PostgreSQL backends serving one database (Linux, PostgreSQL on this machine): every backend's
 * /proc/<pid>/schedstat, sampled every 100 ms (a backend that ends between two samples loses at most its last 100 ms;
 * one that appears is counted from its start). The busy machine's wall clock moves every throughput; CPU time per
 * operation moves far less. Null where /proc cannot be read.
 */
async function backendCpu(serverUrl: string, database: string) {
  // synchronous: a /proc file is read at once, and the server's thread pool is left alone
  const read = (pid: number) => {
    try {
      return Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
    } catch {
      return undefined;
    }
  };
  if (read(process.pid) === undefined) return null;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  let started = false;
  const sample = async () => {
    const { rows } = await admin.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [
      database,
    ]);
    for (const { pid } of rows) {
      const ms = read(pid);
      if (ms === undefined) continue;
      if (!first.has(pid)) first.set(pid, started ? 0 : ms);
      last.set(pid, ms);
    }
    started = true;
  };
  await sample();
  let busy = Promise.resolve();
  const timer = setInterval(() => {
    busy = busy.then(sample, () => undefined);
  }, 100);
  return {
    /** milliseconds of CPU the database's backends used since the start */
    async stop(): Promise<number> {
      clearInterval(timer);
      await busy.catch(() => undefined);
      await sample().catch(() => undefined);
      await admin.end();
      let ms = 0;
      for (const [pid, end] of last) ms += end - (first.get(pid) ?? 0);
      return ms;
    },
  };
}

/**
 * pgbench's simple-update mode (-N: one UPDATE, one SELECT, one INSERT per transaction), prepared, on `url`: its
 * transactions per second, and its backends' CPU time per transaction (µs) when it can be read.
 */
async function pgbenchSimpleUpdate(
  url: string,
  clients: number,
  seconds: number,
): Promise<{ tps: number; cpuUs?: number }> {
  const args = ['-n', '-N', '-M', 'prepared', '-c', String(clients), '-j', String(Math.min(clients, 2))];
  const database = new URL(url).pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const cpu = await backendCpu(admin.toString(), database);
  let stdout = '';
  // A shared server may be out of connections for a moment (max_connections): pgbench needs one per client.
  for (let attempt = 1; ; attempt++) {
    try {
      ({ stdout } = await run('pgbench', [...args, '-T', String(seconds), url], {
        env: PGBENCH_ENV,
        timeout: (seconds + 60) * 1000,
      }));
      break;
    } catch (err) {
      const message = String((err as { stderr?: string }).stderr ?? err);
      if (attempt >= 4 || !message.includes('too many clients')) {
        await cpu?.stop();
        console.log(`pgbench -N at ${clients} clients failed: ${message.trim().split('\n')[0]}`);
        return { tps: Number.NaN };
      }
      await new Promise((resolve) => setTimeout(resolve, 5000));
    }
  }
  const ms = await cpu?.stop();
  const tps = Number(stdout.match(/tps = ([\d.]+)/)?.[1]);
  const transactions = Number(stdout.match(/number of transactions actually processed: (\d+)/)?.[1]);
  if (!Number.isFinite(tps)) throw new Error(`pgbench answered no tps:\n${stdout}`);
  return { tps, ...(ms !== undefined && transactions > 0 ? { cpuUs: (ms * 1000) / transactions } : {}) };
}

/**
 * Runs bench/order-load.ts in a child process on `plan`; calls `onMeasuring` when its warm-up is over (the child says
 * so on stderr), and answers its results.
 */
async function orderLoad(plan: OrderLoadPlan, dir: string, onMeasuring: () => void): Promise<OrderLoadResult> {
  const file = path.join(dir, `plan-${plan.connections}.json`);
  await writeFile(file, JSON.stringify(plan));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(HERE, 'order-load.ts'), file], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    const text = chunk.toString();
    if (text.includes('measuring')) onMeasuring();
    stderr += text.replace('measuring\n', '');
  });
  const timeout = setTimeout(() => child.kill('SIGTERM'), (plan.seconds + plan.warmupSeconds + 120) * 1000);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearTimeout(timeout);
  if (code !== 0) throw new Error(`order-load exited with ${code}:\n${stderr}`);
  return JSON.parse(stdout.trim().split('\n').pop()!) as OrderLoadResult;
}

// ------------------------------------------------------------------ the bench

/** Runs the order bench and prints its report; answers the figures too (null when skipped: no PostgreSQL or pgbench). */
export default async function runOrdersBench(opts: OrdersBenchOptions = {}): Promise<OrdersBenchResult | null> {
  const seconds = opts.seconds ?? Number(process.env.BENCH_SECONDS ?? 5);
  const clientCounts =
    opts.clients ??
    (process.env.BENCH_ORDER_CLIENTS ?? '64,32')
      .split(',')
      .map(Number)
      .filter((n) => n > 0);
  const serverUrl = opts.databaseUrl || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const trace = process.env.BENCH_TRACE === '1';
  const profileDir = process.env.BENCH_PROFILE;
  const given = opts.onDatabase;
  const analyze = opts.analyze ?? !given;
  const missing = await run('pgbench', ['--version']).then(
    () =>
      (given ? Promise.resolve({ url: given, drop: async () => {} }) : throwaway(serverUrl)).then(
        (db) => ({ db }),
        (err: Error) => ({ why: `PostgreSQL at ${serverUrl}: ${err.message}` }),
      ),
    () => ({ why: 'pgbench is not installed' }),
  );
  if (!('db' in missing)) {
    console.log(`Order bench skipped: ${missing.why} (set DATABASE_URL to a PostgreSQL server).`);
    return null;
  }
  const scratch = missing.db;
  const dir = await mkdtemp(path.join(tmpdir(), 'prata-bench-orders-'));
  const batches = probeBatches();
  const statements = trace ? probeStatements() : undefined;
  let running: Running | undefined;
  try {
    const config = loadConfig({
      ...process.env,
      DATABASE_URL: scratch.url,
      DATA_DIR: dir,
      PORT: '0',
      NODE_ENV: 'development',
      PRATA_DEMO: '0',
      PRATA_DEV_MAILBOX: '0',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    });
    running = await boot(config, { jobs: opts.jobs });
    await running.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = running.app.server.address() as { port: number };
    await opts.afterBoot?.(running);
    const database = running.database;
    const db = database.db;

    // The customers: approved (the money guard then reads nothing more), a trading limit out of reach, funded in
    // reais and grams through the ledger, each signed in (a session row and its token, as the sign-in ends).
    const ids = (
      await database.withConnection((c) =>
        c.query(
          `insert into users (name, email, password_hash, account_type, email_verified_at, approved_at,
                              trading_limit_cents)
           select 'Cliente ' || g, 'bench-orders-' || $3::text || g || '@example.com', 'x', 'individual', now(), now(), $2
             from generate_series(1, $1) g
           returning id`,
          [CUSTOMERS, TRADING_LIMIT_CENTS, given ? `${process.pid}-${Date.now()}-` : ''],
        ),
      )
    ).rows.map((r) => Number(r.id));
    const funding = await execute(
      db,
      ids.flatMap((id) => [
        {
          kind: 'transfer' as const,
          id: `bench-fund:${id}:brl`,
          debit: { system: 'pix:clearing' as const },
          credit: { customer: id, bucket: 'available' as const },
          currency: 'BRL' as const,
          amount: FUND_BRL_CENTS,
          code: 'deposit',
        },
        {
          kind: 'transfer' as const,
          id: `bench-fund:${id}:ag`,
          debit: { system: 'vault' as const },
          credit: { customer: id, bucket: 'available' as const },
          currency: 'AG' as const,
          amount: FUND_AG_CG,
          code: 'deposit',
        },
      ]),
      { atomic: true },
    );
    if (!funding.every((r) => r.ok)) throw new Error('order bench: funding was refused');
    const tokens: string[] = [];
    for (const id of ids) {
      tokens.push((await issueSession(db, running.app.deps, id, { userAgent: 'bench' })).authToken);
    }
    const [rates] = (
      await database.withConnection((c) =>
        c.query('select fee_rate_bps, iof_rate_bps, minimum_fee_cents::int as minimum_fee_cents from market_settings'),
      )
    ).rows as Array<{ fee_rate_bps: number; iof_rate_bps: number; minimum_fee_cents: number }>;
    // A market in service: a history of orders (most of them filled) placed through the matcher, with statistics
    // gathered along the way. On empty tables PostgreSQL plans the trades' foreign-key checks as sequential scans of
    // orders, and a connection keeps that plan until the statistics change: every trade would then read the whole
    // orders table (docs/performance.md, "Orders").
    const random = mulberry32(20_260_109);
    const [last] = (
      await database.withConnection((c) =>
        c.query('select price_cents::int as price from trades order by id desc limit 1'),
      )
    ).rows as Array<{ price: number }>;
    const mid = given && last ? last.price : MID_CENTS;
    const marketRates = {
      mid,
      feeRateBps: rates!.fee_rate_bps,
      iofRateBps: rates!.iof_rate_bps,
      minimumFeeCents: rates!.minimum_fee_cents,
    };
    const engine = engineOf(running.app.deps);
    // the orders there were before the bench's own (a seeded decade's): the report counts the bench's only
    const before = (
      await database.withConnection((c) => c.query('select coalesce(max(id), 0)::text as id from orders'))
    ).rows[0] as { id: string };
    // the book's depth first (BOOK_ROWS and more a side, away from the flow), then the flow's history
    const resting = restingBookCents(marketRates, BOOK_ROWS + 10);
    for (const [k, o] of resting.entries()) {
      const outcome = await engine.submit({
        kind: 'place',
        owner: { userId: ids[k % ids.length]! },
        mode: 'limit',
        side: o.side,
        pricePerGramCents: o.price,
        quantityCentigrams: o.quantity,
        expectedTotalCents: o.totalCents,
      });
      if (outcome.status !== 'open')
        throw new Error(`order bench: a resting order of the book's depth was ${outcome.status}`);
    }
    let placed = 0;
    for (const upTo of [Math.min(HISTORY, 500), HISTORY]) {
      await Promise.all(
        Array.from({ length: 128 }, async () => {
          while (placed < upTo) {
            const o = randomOrderCents(marketRates, random);
            const owner = { userId: ids[placed++ % ids.length]! };
            await engine.submit({
              kind: 'place',
              owner,
              mode: 'limit',
              side: o.side,
              pricePerGramCents: o.price,
              quantityCentigrams: o.quantity,
              expectedTotalCents: o.totalCents,
            });
          }
        }),
      );
      // a given database (a seeded decade) has its statistics already, as one in service has them from autovacuum;
      // gathering them again would sample its large tables (random reads of 32 GB at 1M customers) and push the
      // load's indexes out of the OS's cache just before the measurement
      if (analyze) await database.execScript('analyze');
    }
    // pgbench's tables once (scale 10, as the ledger's section; pgbench -i gathers their statistics), then statistics
    // for everything on a throwaway database
    await run('pgbench', ['-i', '-q', '-s', '10', scratch.url], { env: PGBENCH_ENV, timeout: 180_000 });
    if (analyze) await database.execScript('analyze');
    await opts.beforeLoad?.({ running, customerIds: ids, tokens });
    // What the load writes, counted from marks taken before it: the tables' ids and the time (a count of every row
    // before the load would read a seeded decade's 50 million transfers, and the OS's cache with them, just before
    // the measurement)
    const marks = (
      await database.withConnection((c) =>
        c.query(
          `select (select coalesce(max(id), 0) from orders)::text as orders,
                  (select coalesce(max(id), 0) from trades)::text as trades,
                  coalesce(pg_sequence_last_value(pg_get_serial_sequence('ledger_transfers', 'id')), 0)::text
                    as ledger_transfers,
                  now() as at`,
        ),
      )
    ).rows[0] as { orders: string; trades: string; ledger_transfers: string; at: Date };

    const rows: OrdersRow[] = [];
    for (const [i, clients] of clientCounts.entries()) {
      const pgbenchBefore = await pgbenchSimpleUpdate(scratch.url, clients, seconds);
      let cpu: NodeJS.CpuUsage | undefined;
      let profiling: Promise<(file: string) => Promise<void>> | undefined;
      let databaseCpu: ReturnType<typeof backendCpu> | undefined;
      const result = await orderLoad(
        {
          url: `http://127.0.0.1:${port}`,
          tokens,
          connections: clients,
          seconds,
          warmupSeconds: WARMUP_SECONDS,
          mid,
          feeRateBps: rates!.fee_rate_bps,
          iofRateBps: rates!.iof_rate_bps,
          minimumFeeCents: rates!.minimum_fee_cents,
          seed: 20_260_110 + i,
        },
        dir,
        () => {
          cpu = process.cpuUsage();
          batches.start();
          statements?.start();
          if (profileDir) profiling = startProfile();
          databaseCpu = backendCpu(serverUrl, new URL(scratch.url).pathname.slice(1));
        },
      );
      const used = process.cpuUsage(cpu);
      const databaseMs = await (await databaseCpu)?.stop();
      if (profiling && profileDir) {
        const file = path.resolve(profileDir, `orders-${clients}-clients-${process.pid}.cpuprofile`);
        await (await profiling)(file);
        console.log(`CPU profile of the measured ${seconds} s at ${clients} clients: ${file}`);
      }
      const batchStats = batches.stop();
      const statementStats = statements?.stop();
      // requests the load abandoned at its deadline finish before pgbench starts
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const pgbenchAfter = await pgbenchSimpleUpdate(scratch.url, clients, seconds);
      const created = result.statuses['201'] ?? 0;
      rows.push({
        clients,
        ordersPerSecond: created / result.seconds,
        p50: result.created.p50,
        p90: result.created.p90,
        p99: result.created.p99,
        max: result.created.max,
        pgbenchTps: mean([pgbenchBefore.tps, pgbenchAfter.tps].filter(Number.isFinite)) || Number.NaN,
        pgbenchBefore: pgbenchBefore.tps,
        pgbenchAfter: pgbenchAfter.tps,
        ...(pgbenchBefore.cpuUs !== undefined || pgbenchAfter.cpuUs !== undefined
          ? { pgbenchCpuUs: mean([pgbenchBefore.cpuUs, pgbenchAfter.cpuUs].filter((x) => x !== undefined)) }
          : {}),
        ...(databaseMs !== undefined ? { databaseCpuPerOrderUs: (databaseMs * 1000) / Math.max(1, created) } : {}),
        statuses: result.statuses,
        samples: result.samples,
        bytesPerOrder: result.bytesPerCreated,
        cpuPerOrderUs: (used.user + used.system) / Math.max(1, created),
        loadCpuPerOrderUs: result.cpuUs / Math.max(1, created),
        generator: result.generator,
        batches: batchStats,
        ...(statementStats ? { statements: statementStats } : {}),
      });
    }

    const [book] = (
      await database.withConnection((c) =>
        c.query(
          `select (select count(*) from orders where id > $1)::int as orders,
                  (select count(*) from orders where id > $1 and status = 'open')::int as open,
                  (select seq_scan from pg_stat_user_tables where relname = 'orders')::int as orders_seq_scans`,
          [before.id],
        ),
      )
    ).rows as Array<{ orders: number; open: number; orders_seq_scans: number }>;
    const load = (
      await database.withConnection((c) =>
        c.query(
          `select (select count(*) from orders where id > $1)::int as orders,
                  (select count(*) from trades where id > $2)::int as trades,
                  (select count(*) from ledger_holds where created_at >= $4)::int as holds,
                  (select count(*) from ledger_transfers where id > $3)::int as transfers`,
          [marks.orders, marks.trades, marks.ledger_transfers, marks.at],
        ),
      )
    ).rows[0] as { orders: number; trades: number; holds: number; transfers: number };
    await running.stop();
    running = undefined;
    // The ledger's reconciliation (every check, orders against their holds included) on what the bench left.
    const { openDatabase } = await import('@/db/client');
    const check =
      opts.reconcile === false
        ? null
        : await openDatabase({ url: scratch.url, poolSize: 2 }).then(async (d) => {
            try {
              return await reconcile(d.db);
            } finally {
              await d.close();
            }
          });

    const report = formatReport(rows, seconds, book!, load, check);
    console.log(report);
    return { rows, reconciled: check?.ok ?? null, problems: check?.problems ?? [], report };
  } finally {
    batches.restore();
    statements?.restore();
    await running?.stop();
    await scratch.drop();
    await rm(dir, { recursive: true, force: true });
  }
}

function formatReport(
  rows: OrdersRow[],
  seconds: number,
  book: { orders: number; open: number; orders_seq_scans: number },
  load: { orders: number; trades: number; holds: number; transfers: number },
  check: { ok: boolean; problems: string[] } | null,
): string {
  const cpus = os.cpus();
  const out = [
    `Order bench: ${os.availableParallelism()} cores (${cpus[0]?.model.trim() ?? '?'}), Node ${process.version}, ` +
      `${CUSTOMERS} customers, random crossing limit orders through HTTP (POST /api/order/buy|sell), ${seconds} s per ` +
      `client count after ${WARMUP_SECONDS} s of warm-up, ${new Date().toISOString()}`,
    `${'clients'.padStart(7)} ${'orders/s'.padStart(9)} ${'p50 ms'.padStart(7)} ${'p90 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'max ms'.padStart(7)} ${'pgbench -N'.padStart(11)} ${'ratio'.padStart(6)}  ${'CPU µs: Prata'.padStart(13)} ${'+ PG'.padStart(6)} ${'pgbench PG'.padStart(10)} ${'CPU ratio'.padStart(9)}  answers`,
  ];
  const cpuRatio = (r: OrdersRow) =>
    r.pgbenchCpuUs !== undefined && r.databaseCpuPerOrderUs !== undefined
      ? r.pgbenchCpuUs / (r.cpuPerOrderUs + r.databaseCpuPerOrderUs)
      : undefined;
  for (const r of rows) {
    const answers = Object.entries(r.statuses)
      .map(([code, n]) => `${code === '0' ? 'errors' : code}: ${fmt(n)}`)
      .join(', ');
    const ratio = cpuRatio(r);
    out.push(
      `${String(r.clients).padStart(7)} ${fmt(r.ordersPerSecond).padStart(9)} ${r.p50.toFixed(1).padStart(7)} ${r.p90.toFixed(1).padStart(7)} ${r.p99.toFixed(1).padStart(7)} ${r.max.toFixed(0).padStart(7)} ${fmt(r.pgbenchTps).padStart(11)} ${`${((100 * r.ordersPerSecond) / r.pgbenchTps).toFixed(0)}%`.padStart(6)}  ` +
        `${fmt(r.cpuPerOrderUs).padStart(13)} ${(r.databaseCpuPerOrderUs === undefined ? '-' : fmt(r.databaseCpuPerOrderUs)).padStart(6)} ${(r.pgbenchCpuUs === undefined ? '-' : fmt(r.pgbenchCpuUs)).padStart(10)} ${(ratio === undefined ? '-' : `${(100 * ratio).toFixed(0)}%`).padStart(9)}  ${answers}`,
    );
  }
  out.push(
    `orders/s: 201 answers only; latency ${rows.some((r) => r.generator === 'wrk') ? "(wrk's, in the load process) of every answer" : "(autocannon's, in the load process) of the 201s"}; pgbench -N -M prepared at the ` +
      'same client count on the same database, mean of a run before and after. CPU per order: the Prata process (server ' +
      "and matcher) and the database's backends; pgbench PG: its backends' CPU per transaction; CPU ratio = pgbench PG " +
      '÷ (Prata + PG), what the ratio of throughputs would be if CPU were all that counted (the steadier figure on a ' +
      'busy machine).',
  );
  const at64 = rows.find((r) => r.clients === 64);
  if (at64) {
    const share = at64.ordersPerSecond / at64.pgbenchTps;
    out.push(
      `Target at 64 clients (at least 50 % of pgbench -N, p99 under 50 ms): ${(100 * share).toFixed(0)} %, p99 ` +
        `${at64.p99.toFixed(0)} ms: ${share >= 0.5 && at64.p99 < 50 ? 'met' : 'MISSED'}. (64 clients wait ` +
        `64 / orders per second on average, Little's law: ${fmt(64_000 / at64.ordersPerSecond)} ms here; a p99 under ` +
        `50 ms needs well over 1,280 orders/s, whatever pgbench does.)`,
    );
  }
  for (const r of rows) {
    for (const [code, body] of Object.entries(r.samples)) out.push(`  ${r.clients} clients, first ${code}: ${body}`);
    const b = r.batches;
    out.push(
      `  ${r.clients} clients: ${fmt(b.count)} batches, size mean ${b.meanSize.toFixed(1)} (p50 ${b.p50Size}, p90 ${b.p90Size}, max ${b.maxSize}), ` +
        `${b.meanMs.toFixed(1)} ms each (p50 ${b.p50Ms.toFixed(1)}, p99 ${b.p99Ms.toFixed(1)}), from its read to its write's answer; ${fmt(r.bytesPerOrder)} bytes per answer; the load's own CPU ${fmt(r.loadCpuPerOrderUs)} µs per order; pgbench ${fmt(r.pgbenchBefore)} and ${fmt(r.pgbenchAfter)} tps` +
        (b.alone > 0 ? `; ${b.alone} operations re-run alone after a failed batch` : ''),
    );
    if (r.statements) {
      const created = Math.max(1, r.statuses['201'] ?? 0);
      out.push(`  ${r.clients} clients, statements (count per order, mean ms, total ms per order):`);
      for (const s of r.statements) {
        out.push(
          `    ${s.where.padEnd(7)} ${s.label.slice(0, 60).padEnd(60)} ${(s.count / created).toFixed(3).padStart(7)} ${(s.totalMs / s.count).toFixed(2).padStart(7)} ${(s.totalMs / created).toFixed(3).padStart(7)}`,
        );
      }
    }
  }
  out.push(
    `Afterwards: the bench's ${fmt(book.orders)} orders (${fmt(HISTORY)} of them the history placed before the measurements, ` +
      `${fmt(book.open)} open); the load's ${fmt(load.orders)} orders made ${fmt(load.trades)} trades, ${fmt(load.holds)} holds ` +
      `and ${fmt(load.transfers)} ledger transfers (per order: ${(load.trades / Math.max(1, load.orders)).toFixed(2)}, ` +
      `${(load.holds / Math.max(1, load.orders)).toFixed(2)} and ${(load.transfers / Math.max(1, load.orders)).toFixed(2)}); ` +
      `${fmt(book.orders_seq_scans)} sequential scans of orders in all; reconciliation: ` +
      (check === null
        ? 'not run'
        : check.ok
          ? 'clean'
          : `${check.problems.length} problems\n    ${check.problems.slice(0, 20).join('\n    ')}`),
  );
  return out.join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await runOrdersBench();
  if (result && result.reconciled === false) process.exitCode = 1;
}
