// `npm run bench:ledger` (or `node --import tsx bench/ledger.ts`): the ledger's throughput beside `pgbench -N` on the
// same PostgreSQL server, in the same run, and the ratio. On a throwaway database of DATABASE_URL's server (default
// postgres://postgres@127.0.0.1:5432/postgres), dropped at the end. Single transfers, one per transaction, from
// BENCH_CONNECTIONS (32) concurrent clients of one pool: customer → customer, then deposit-like clearing → customer
// (clearing is a hot account: every transfer touches it). Then batches of 100 (the order book's shape). Bounded.
// bench/api.ts calls the default export, which prints the report. Figures: docs/performance.md.
import { execFile } from 'node:child_process';
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { openDatabase } from '@/db/client';
import { migrate } from '@/db/migrate';
import { registerFeatureReconciliation } from '@/features/index';
import { execute, post, postBatch, reconcile, startBalanceFolder, type TransferInput } from '@/ledger/index';

const run = promisify(execFile);
const CUSTOMERS = 1000;
const WARMUP_SECONDS = 1;
const BATCH = 100;

export type LedgerBenchOptions = {
  seconds?: number;
  connections?: number;
  databaseUrl?: string;
  /** run on this database as it is (bench:scale's copy of a seeded one) instead of a throwaway one; not dropped */
  onDatabase?: string;
  /** false: no reconciliation afterwards (bench:scale runs it after its last run on each database) */
  reconcile?: boolean;
  /** gather statistics after the setup (default: on a throwaway database only, as bench/orders.ts) */
  analyze?: boolean;
};
export type LedgerBenchResult = {
  cores: number;
  connections: number;
  seconds: number;
  pgbenchTps: number;
  customerToCustomer: number;
  depositToCustomer: number;
  batchedTransfers: number;
  report: string;
};

async function throwaway(serverUrl: string) {
  const name = `prata_bench_ledger_${process.pid}_${Date.now()}`;
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

/** pgbench's simple-update mode (-N: one UPDATE, one SELECT, one INSERT per transaction), prepared, on `url`. */
async function pgbenchSimpleUpdate(url: string, clients: number, seconds: number): Promise<number> {
  const env = { ...process.env, PGOPTIONS: '-c client_min_messages=warning' };
  await run('pgbench', ['-i', '-q', '-s', '10', url], { env, timeout: 120_000 });
  const args = ['-n', '-N', '-M', 'prepared', '-c', String(clients), '-j', String(Math.min(clients, 2))];
  const { stdout } = await run('pgbench', [...args, '-T', String(seconds), url], {
    env,
    timeout: (seconds + 60) * 1000,
  });
  const tps = Number(stdout.match(/tps = ([\d.]+)/)?.[1]);
  if (!Number.isFinite(tps)) throw new Error(`pgbench answered no tps:\n${stdout}`);
  return tps;
}

/** `clients` loops calling `op` for `seconds` (after a warm-up); the completed operations per second. */
async function drive(clients: number, seconds: number, op: (worker: number, i: number) => Promise<number>) {
  let stop = performance.now() + WARMUP_SECONDS * 1000;
  await Promise.all(
    Array.from({ length: clients }, async (_, w) => {
      for (let i = 0; performance.now() < stop; i++) await op(w, -1 - i);
    }),
  );
  let done = 0;
  const started = performance.now();
  stop = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async (_, w) => {
      for (let i = 0; performance.now() < stop; i++) {
        // not `done += await op()`: that reads `done` before the await and loses the other workers' counts
        const n = await op(w, i);
        done += n;
      }
    }),
  );
  return done / ((performance.now() - started) / 1000);
}

/** Runs the ledger bench and prints its report; answers the figures too (null when skipped: no PostgreSQL or pgbench). */
export default async function runLedgerBench(opts: LedgerBenchOptions = {}): Promise<LedgerBenchResult | null> {
  const seconds = opts.seconds ?? Number(process.env.BENCH_SECONDS ?? 5);
  const connections = opts.connections ?? Number(process.env.BENCH_CONNECTIONS ?? 32);
  const serverUrl = opts.databaseUrl || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  // It compares with pgbench on a PostgreSQL server: without either there is nothing to measure against.
  const given = opts.onDatabase;
  const missing = await run('pgbench', ['--version']).then(
    () =>
      (given ? Promise.resolve({ url: given, drop: async () => {} }) : throwaway(serverUrl)).then(
        (db) => ({ db }),
        (err: Error) => ({ why: `PostgreSQL at ${serverUrl}: ${err.message}` }),
      ),
    () => ({ why: 'pgbench is not installed' }),
  );
  if (!('db' in missing)) {
    console.log(`Ledger bench skipped: ${missing.why} (set DATABASE_URL to a PostgreSQL server).`);
    return null;
  }
  const scratch = missing.db;
  const database = await openDatabase({ url: scratch.url, poolSize: connections });
  try {
    await migrate(database);
    const db = database.db;
    // Customers (the ledger opens their accounts with the user row), each funded in reais.
    const ids = (
      await database.withConnection((c) =>
        c.query(
          `insert into users (name, email, password_hash, account_type)
           select 'Cliente ' || g, 'bench-' || $2::text || g || '@example.com', 'x', 'individual'
             from generate_series(1, $1) g
           returning id`,
          [CUSTOMERS, given ? `${process.pid}-${Date.now()}-` : ''],
        ),
      )
    ).rows.map((r) => Number(r.id));
    const funding = await execute(
      db,
      ids.map((id) => ({
        kind: 'transfer' as const,
        id: `fund:${id}`,
        debit: { system: 'pix:clearing' as const },
        credit: { customer: id, bucket: 'available' as const },
        currency: 'BRL' as const,
        amount: 1_000_000_000,
        code: 'deposit',
      })),
      { atomic: true },
    );
    if (!funding.every((r) => r.ok)) throw new Error('bench: funding was refused');
    // A database in service has statistics (autovacuum); a fresh one must have them before the pool plans its
    // statements, or the plans are for empty tables. A given one (a seeded decade) has them: sampling its large tables
    // again would only push the load's indexes out of the OS's cache before the measurement.
    if (opts.analyze ?? !given) await database.execScript('analyze');
    const folder = startBalanceFolder(db, { intervalMs: 500 });
    const customer = () => ids[Math.floor(Math.random() * ids.length)]!;
    const run = `${process.pid}-${Date.now()}`;
    const single = (kind: string, make: (id: string) => TransferInput) => (w: number, i: number) =>
      post(db, make(`${kind}:${run}:${w}:${i}`)).then((r) => {
        if (!r.ok) throw new Error(`bench: ${kind} refused (${r.reason})`);
        return 1;
      });

    const pgbenchBefore = await pgbenchSimpleUpdate(scratch.url, connections, seconds);
    const customerToCustomer = await drive(
      connections,
      seconds,
      single('c2c', (id) => {
        const from = customer();
        let to = customer();
        while (to === from) to = customer();
        return {
          id,
          debit: { customer: from, bucket: 'available' },
          credit: { customer: to, bucket: 'available' },
          currency: 'BRL',
          amount: 1,
          code: 'transfer',
        };
      }),
    );
    const depositToCustomer = await drive(
      connections,
      seconds,
      single('deposit', (id) => ({
        id,
        debit: { system: 'pix:clearing' },
        credit: { customer: customer(), bucket: 'available' },
        currency: 'BRL',
        amount: 1,
        code: 'deposit',
      })),
    );
    const batchedTransfers = await drive(Math.max(1, Math.floor(connections / 4)), seconds, async (w, i) => {
      const transfers: TransferInput[] = Array.from({ length: BATCH }, (_, k) => {
        const from = customer();
        let to = customer();
        while (to === from) to = customer();
        return {
          id: `batch:${run}:${w}:${i}:${k}`,
          debit: { customer: from, bucket: 'available' },
          credit: { customer: to, bucket: 'available' },
          currency: 'BRL',
          amount: 1,
          code: 'trade.value',
        };
      });
      const results = await postBatch(db, transfers);
      return results.filter((r) => r.ok).length;
    });
    const pgbenchAfter = await pgbenchSimpleUpdate(scratch.url, connections, seconds);
    await folder.stop();
    if (opts.reconcile !== false) {
      registerFeatureReconciliation();
      const check = await reconcile(db);
      if (!check.ok) throw new Error(`bench: the ledger does not reconcile:\n${check.problems.join('\n')}`);
    }

    const pgbenchTps = (pgbenchBefore + pgbenchAfter) / 2;
    const cores = os.availableParallelism?.() ?? os.cpus().length;
    const pct = (n: number) => `${((100 * n) / pgbenchTps).toFixed(0)}%`;
    const line = (name: string, n: number, ratio = true) =>
      `${name.padEnd(58)}${Math.round(n).toString().padStart(8)}/s${ratio ? pct(n).padStart(7) : ''}`;
    const report = [
      `Ledger bench: ${cores} cores (${os.cpus()[0]?.model.trim() ?? '?'}), ${connections} concurrent clients of one pool, ${seconds} s each, ${new Date().toISOString()}`,
      `${'pgbench -N -M prepared (mean of a run before and after)'.padEnd(58)}${Math.round(pgbenchTps).toString().padStart(8)}/s   100%   (${Math.round(pgbenchBefore)} and ${Math.round(pgbenchAfter)})`,
      line('transfers customer → customer, one per transaction', customerToCustomer),
      line('transfers clearing → customer (deposit), one per transaction', depositToCustomer),
      line(`transfers in batches of ${BATCH}, ${Math.max(1, Math.floor(connections / 4))} clients`, batchedTransfers),
      `ratio = transfers/s ÷ pgbench -N transactions/s on the same server, same run; ${opts.reconcile === false ? 'no reconciliation asked' : 'the ledger reconciles afterwards'}.`,
    ].join('\n');
    console.log(report);
    return { cores, connections, seconds, pgbenchTps, customerToCustomer, depositToCustomer, batchedTransfers, report };
  } finally {
    await database.close();
    await scratch.drop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await runLedgerBench();
}
