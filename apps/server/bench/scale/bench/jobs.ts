// bench:scale's jobs and write path. What writes runs on a copy of the seeded database (CREATE DATABASE … TEMPLATE,
// made once the HTTP section has closed its connections, dropped at the end), so the seeded database stays reusable.
import { execFile, spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { MIGRATIONS_DIR, migrate } from '@/db/migrate';
import { openDatabase } from '@/db/client';
import { hasPgbench, pgbench } from '../../load';
import runLedgerBench from '../../ledger';
import runOrdersBench from '../../orders';
import { exactMedian } from './rounds';

const run = promisify(execFile);
type OrdersRun = NonNullable<Awaited<ReturnType<typeof runOrdersBench>>>;
type LedgerRun = NonNullable<Awaited<ReturnType<typeof runLedgerBench>>>;
const HERE = path.dirname(fileURLToPath(import.meta.url));

export type JobRow = {
  name: string;
  ms: number;
  peakRssMb?: number;
  detail: string;
  /** the figure the targets read, when it is not `ms` (the migration's longest write-blocking lock) */
  value?: number;
  unit?: string;
  error?: string;
};

const urlOf = (base: string, name: string) => {
  const u = new URL(base);
  u.pathname = `/${name}`;
  return u.toString();
};

async function admin<T>(serverUrl: string, work: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: urlOf(serverUrl, 'postgres') });
  await c.connect();
  try {
    return await work(c);
  } finally {
    await c.end();
  }
}

/**
 * A copy of `database` (no other session may be connected to it while it is made), file by file: PostgreSQL 15's
 * default strategy writes every page of the copy to the WAL as well (32 GB twice at 1M customers).
 */
export async function copyOf(serverUrl: string, database: string, name: string) {
  const copy = await freshDatabase(serverUrl, name, `template ${database} strategy = file_copy`);
  // written out before anything is measured on it: the kernel's dirty pages of the copy (32 GB at 1M) would otherwise
  // be flushed during the first measurement (the empty database's order bench, which read 30 % low once)
  await run('sync');
  return copy;
}

/** Database `name` made anew (`how`: create database's options), and how to drop it. */
async function freshDatabase(serverUrl: string, name: string, how = '') {
  await admin(serverUrl, async (c) => {
    await c.query(`drop database if exists ${name} with (force)`);
    await c.query(`create database ${name} ${how}`);
  });
  return {
    url: urlOf(serverUrl, name),
    drop: () => admin(serverUrl, (c) => c.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}

export type ChildJobResult = { ms: number; peakRssMb: number; detail: string } | { error: string };

/**
 * Jobs in one child process (job-child.ts), one after the other: each one's time, peak RSS and detail, or its error.
 * A job the process never reached (it died) has an error naming the exit.
 */
export async function childJobs(
  jobs: string[],
  url: string,
  env: NodeJS.ProcessEnv = {},
): Promise<Map<string, ChildJobResult>> {
  const proc = spawn(process.execPath, ['--import', 'tsx', path.join(HERE, 'job-child.ts'), jobs.join(','), url], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  let out = '';
  let err = '';
  proc.stdout.on('data', (b: Buffer) => {
    out += b.toString();
  });
  proc.stderr.on('data', (b: Buffer) => {
    err += b.toString();
  });
  const code = await new Promise<number | null>((resolve) => proc.once('exit', resolve));
  const results = new Map<string, ChildJobResult>();
  for (const line of out.split('\n')) {
    if (!line.startsWith('{"job":')) continue;
    const { job, ...result } = JSON.parse(line) as { job: string } & ChildJobResult;
    results.set(job, result);
  }
  for (const job of jobs)
    if (!results.has(job)) results.set(job, { error: `exited with ${code}: ${(err || out).trim().slice(-600)}` });
  return results;
}

async function timed<T>(work: () => Promise<T>): Promise<[number, T]> {
  const t = performance.now();
  const out = await work();
  return [Math.round(performance.now() - t), out];
}

/** pg_dump -Fc of the seeded database, then pg_restore into a scratch database (both dropped afterwards). */
export async function backupAndRestore(serverUrl: string, database: string): Promise<JobRow[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'prata-bench-scale-dump-'));
  const file = path.join(dir, `${database}.dump`);
  const scratch = `${database}_restore`.slice(0, 63);
  try {
    const [dumpMs] = await timed(() =>
      run('pg_dump', ['-Fc', '-f', file, urlOf(serverUrl, database)], { timeout: 3_600_000 }),
    );
    const size = (await stat(file)).size;
    await admin(serverUrl, async (c) => {
      await c.query(`drop database if exists ${scratch} with (force)`);
      await c.query(`create database ${scratch}`);
    });
    const [restoreMs] = await timed(() =>
      run('pg_restore', ['--no-owner', '-j', '2', '-d', urlOf(serverUrl, scratch), file], { timeout: 3_600_000 }),
    );
    return [
      { name: 'backup (pg_dump -Fc)', ms: dumpMs, detail: `${(size / 1e6).toFixed(0)} MB` },
      { name: 'restore (pg_restore -j 2)', ms: restoreMs, detail: 'into a scratch database' },
    ];
  } finally {
    await admin(serverUrl, (c) => c.query(`drop database if exists ${scratch} with (force)`)).catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
  }
}

/** Lock modes that conflict with ROW EXCLUSIVE (what INSERT, UPDATE and DELETE take): they block writes. */
const BLOCKS_WRITES = ['ShareLock', 'ShareRowExclusiveLock', 'ExclusiveLock', 'AccessExclusiveLock'];

/**
 * What the latest migration's file creates, dropped again (indexes, tables, columns, constraints, functions, triggers,
 * rows inserted by key), so migrate() applies it afresh. Parsed from the file: a statement it cannot undo makes the
 * migration fail, and the row says so.
 */
function undoStatements(text: string): string[] {
  // what the forms below cannot undo (a column's type converted) the migration says itself, one statement a line
  const undo = [...text.matchAll(/^--\s*undo:\s*(.+)$/gm)].map((m) => m[1]!.trim());
  const code = text.replace(/--[^\n]*/g, '');
  for (const m of code.matchAll(/create\s+(?:unique\s+)?index\s+(?:concurrently\s+)?(?:if\s+not\s+exists\s+)?(\w+)/gi))
    undo.push(`drop index if exists ${m[1]}`);
  for (const m of code.matchAll(/create\s+trigger\s+(\w+)[\s\S]*?\bon\s+(\w+)/gi))
    undo.push(`drop trigger if exists ${m[1]} on ${m[2]}`);
  for (const m of code.matchAll(/create\s+(?:unlogged\s+)?table\s+(?:if\s+not\s+exists\s+)?(\w+)/gi))
    undo.push(`drop table if exists ${m[1]} cascade`);
  for (const m of code.matchAll(/create\s+(?:or\s+replace\s+)?function\s+(\w+)/gi))
    undo.push(`drop function if exists ${m[1]} cascade`);
  for (const m of code.matchAll(/create\s+(?:materialized\s+)?view\s+(\w+)/gi))
    undo.push(`drop view if exists ${m[1]} cascade`);
  for (const m of code.matchAll(/create\s+extension\s+(?:if\s+not\s+exists\s+)?(\w+)/gi))
    undo.push(`drop extension if exists ${m[1]} cascade`);
  for (const m of code.matchAll(/alter\s+table\s+(\w+)\s+add\s+constraint\s+(\w+)/gi))
    undo.push(`alter table ${m[1]} drop constraint if exists ${m[2]}`);
  for (const m of code.matchAll(/alter\s+table\s+(\w+)\s+add\s+column\s+(?:if\s+not\s+exists\s+)?(\w+)/gi))
    undo.push(`alter table ${m[1]} drop column if exists ${m[2]} cascade`);
  for (const m of code.matchAll(/alter\s+type\s+(\w+)\s+rename\s+attribute\s+(\w+)\s+to\s+(\w+)/gi))
    undo.push(`alter type ${m[1]} rename attribute ${m[3]} to ${m[2]}`);
  for (const m of code.matchAll(/insert\s+into\s+(\w+)\s*\((\w+)[^)]*\)\s*values\s*\(\s*'([^']*)'/gi))
    undo.push(`delete from ${m[1]} where ${m[2]} = '${m[3]}'`);
  // tables first would drop their indexes and triggers already: the order above is the order of the file's kinds
  return undo;
}

/**
 * The latest migration applied to the full database (the copy), through migrate() itself (its transaction), while a
 * second connection samples pg_locks every 10 ms: the longest time any lock that blocks writes (SHARE and stronger on
 * a table) was held by the migration's backend. Tables the migration creates are invisible to the watcher until it
 * commits, and nobody else can write them: their locks are not counted. Its objects are dropped first (undoStatements, and its own `-- undo:` lines) and its row deleted
 * from schema_migrations.
 */
export async function migrationLock(url: string): Promise<JobRow> {
  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f)).sort();
  const latest = files[files.length - 1]!;
  const text = await readFile(path.join(MIGRATIONS_DIR, latest), 'utf8');
  const setup = new pg.Client({ connectionString: url });
  await setup.connect();
  try {
    // on the copy only: without foreign-key triggers, so a row the migration inserted goes even when others point to it
    await setup.query('set session_replication_role = replica');
    for (const statement of undoStatements(text)) await setup.query(statement).catch(() => undefined);
    await setup.query('delete from schema_migrations where name = $1', [latest]);
  } finally {
    await setup.end();
  }
  const database = await openDatabase({ url, poolSize: 1 });
  const watcher = new pg.Client({ connectionString: url });
  await watcher.connect();
  const held = new Map<string, { first: number; last: number }>();
  let longest = { ms: 0, what: 'none' };
  let watching = true;
  const watch = (async () => {
    while (watching) {
      const now = performance.now();
      const { rows } = await watcher.query<{ rel: string; mode: string }>(
        `select c.relname as rel, l.mode
           from pg_locks l join pg_stat_activity a on a.pid = l.pid join pg_class c on c.oid = l.relation
          where l.locktype = 'relation' and l.granted and l.mode = any($1) and a.pid <> pg_backend_pid()
            and c.relkind in ('r', 'p')
            and a.datname = current_database() and a.application_name <> 'bench-scale-watcher'`,
        [BLOCKS_WRITES],
      );
      for (const r of rows) {
        const key = `${r.mode} on ${r.rel}`;
        const h = held.get(key) ?? { first: now, last: now };
        h.last = now;
        held.set(key, h);
        if (h.last - h.first > longest.ms) longest = { ms: h.last - h.first, what: key };
      }
      await new Promise((r) => setTimeout(r, 10));
    }
  })();
  try {
    await watcher.query("set application_name = 'bench-scale-watcher'");
    const [ms, applied] = await timed(() => migrate(database));
    watching = false;
    await watch;
    const locked =
      longest.ms > 0 ? `${longest.what}, held ${Math.round(longest.ms)} ms` : 'no lock that blocks writes seen';
    return {
      name: `latest migration (${latest})`,
      ms,
      value: Math.round(longest.ms),
      unit: 'ms lock',
      detail: `${applied.length > 0 ? 'applied' : 'NOT applied'} in ${ms} ms; longest write-blocking lock: ${locked}`,
    };
  } catch (err) {
    return { name: `latest migration (${latest})`, ms: 0, detail: '', error: (err as Error).message.slice(0, 300) };
  } finally {
    watching = false;
    await watch.catch(() => undefined);
    await watcher.end();
    await database.close();
  }
}

/**
 * A write path's figure: the median of its runs, and for the order bench the median of each run's orders/s ÷ the
 * pgbench -N tps of that run on the same database (`ratio`, the figure its target reads, as every bench of the project
 * is read: the database's own capacity in that minute measured beside it)
 */
export type WriteRow = { name: string; value: number; unit: string; detail: string; ratio?: number };

/**
 * The order and ledger benches on `url` (the copy) and on an empty database made for them, with pgbench on the copy.
 * Each side keeps one database for all its runs: a run leaves its customers, its history and its resting orders in
 * the market, so the full side's later runs would otherwise trade in a deeper market than the empty side's fresh ones.
 */
export async function writePath(
  serverUrl: string,
  url: string,
  seconds: number,
  log: (s: string) => void,
  blocks = 1,
): Promise<WriteRow[]> {
  const rows: WriteRow[] = [];
  if (!(await hasPgbench())) {
    log('  write path: pgbench is not installed, skipped');
    return rows;
  }
  for (const p of [
    await pgbench(url, { clients: 32, seconds, selectOnly: true }),
    await pgbench(url, { clients: 32, seconds, selectOnly: false }),
  ]) {
    rows.push({
      name: `pgbench ${p.mode}, 32 clients`,
      value: Math.round(p.tps),
      unit: 'tps',
      detail: `latency ${p.latencyMs} ms`,
    });
  }
  // the empty and the full database in alternated order (empty, full, full, empty; `blocks` times): each figure the
  // median of its runs, so that neither side gets all of the machine's quieter minutes (the order bench's run-to-run
  // spread on a 2-core machine is about ±15 %). The ledger is reconciled after the last run on each database only: on
  // the full one a reconciliation reads its 50 million transfers, minutes of reads that would also leave the next
  // run a cold cache.
  const runs: Record<'empty' | 'full', Array<{ orders?: OrdersRun; ledger?: LedgerRun }>> = { empty: [], full: [] };
  // an empty database (the benches migrate it when they boot Prata on it)
  const empty = await freshDatabase(serverUrl, `prata_scale_empty_${process.pid}`);
  const quiet = console.log;
  const order = Array.from({ length: Math.max(1, blocks) }, () => ['empty', 'full', 'full', 'empty'] as const).flat();
  try {
    for (const [i, where] of order.entries()) {
      const onDatabase = where === 'full' ? url : empty.url;
      // statistics on the empty database once it holds its first run's history; the full one has the decade's
      const analyze = where === 'empty' && order.indexOf('empty') === i;
      const reconcile = order.lastIndexOf(where) === i;
      console.log = () => {};
      try {
        const orders = await runOrdersBench({
          seconds,
          clients: [32],
          databaseUrl: serverUrl,
          jobs: false,
          reconcile,
          analyze,
          onDatabase,
        });
        const ledger = await runLedgerBench({
          seconds,
          connections: 32,
          databaseUrl: serverUrl,
          reconcile,
          analyze,
          onDatabase,
        });
        runs[where].push({ ...(orders ? { orders } : {}), ...(ledger ? { ledger } : {}) });
        log(
          `  write path (${where}): ${orders?.rows[0] ? `${Math.round(orders.rows[0].ordersPerSecond)} orders/s` : '—'}, ` +
            `${ledger ? `${Math.round(ledger.customerToCustomer)} c2c transfers/s` : '—'}`,
        );
      } finally {
        console.log = quiet;
      }
    }
  } finally {
    await empty.drop();
  }
  const median = (xs: number[]) => Math.round(exactMedian(xs));
  for (const where of ['empty', 'full'] as const) {
    const orders = runs[where].flatMap((r) => (r.orders?.rows[0] ? [{ run: r.orders, row: r.orders.rows[0] }] : []));
    if (orders.length > 0) {
      rows.push({
        name: `order bench (${where}), 32 clients`,
        value: median(orders.map((o) => o.row.ordersPerSecond)),
        unit: 'orders/s',
        ratio: exactMedian(orders.map((o) => o.row.ordersPerSecond / o.row.pgbenchTps)),
        detail: `runs ${orders.map((o) => Math.round(o.row.ordersPerSecond)).join(', ')}; p99 ${orders.map((o) => o.row.p99.toFixed(0)).join('/')} ms; pgbench -N ${orders.map((o) => Math.round(o.row.pgbenchTps)).join('/')} tps; reconciled: ${orders.map((o) => o.run.reconciled ?? '-').join('/')}`,
      });
    }
    const ledgers = runs[where].flatMap((r) => (r.ledger ? [r.ledger] : []));
    if (ledgers.length > 0) {
      rows.push({
        name: `ledger bench (${where}), c2c transfers`,
        value: median(ledgers.map((l) => l.customerToCustomer)),
        unit: 'transfers/s',
        detail: `runs ${ledgers.map((l) => Math.round(l.customerToCustomer)).join(', ')}; deposit ${median(ledgers.map((l) => l.depositToCustomer))}/s, batched ${median(ledgers.map((l) => l.batchedTransfers))}/s, pgbench -N ${median(ledgers.map((l) => l.pgbenchTps))} tps`,
      });
    }
  }
  return rows;
}
