// bench:scale's harness: for each size whose database exists, the HTTP reads (read-only on the seeded database), the
// backup and its restore (read-only), then on a copy of it the jobs, the latest migration and the write path.
import os from 'node:os';
import pg from 'pg';
import type { Subjects } from './calls';
import { measureHttp } from './http';
import { backupAndRestore, childJobs, copyOf, type JobRow, migrationLock, type WriteRow, writePath } from './jobs';
import { markdown, type SizeResult, tableRows } from './report';
import { medianOfRounds } from './rounds';

export const DEFAULT_SIZES = [10_000, 100_000, 1_000_000];
export const DEFAULT_BASE = 'postgres://postgres@127.0.0.1:5432/';

export type ScaleOptions = {
  sizes: number[];
  /** the server's URL; each size's database is prata_scale_<N> on it (or `databases[size]`) */
  databaseBase: string;
  databases?: Record<number, string>;
  seconds: number;
  /** the HTTP reads measured this many times, the sizes alternated, each figure the median (rounds.ts); default 1 */
  rounds?: number;
  /** the write path's blocks of empty, full, full, empty runs, each figure the median of its runs; default 1 */
  writeBlocks?: number;
  only?: RegExp;
  /** only the HTTP reads of this side (no jobs, no write path) */
  side?: 'customer' | 'operator';
  subjects: Subjects;
  /** the write path (order, ledger and pgbench benches on the copy); default true */
  writes?: boolean;
  /** the second connection count of the HTTP calls; default 32 */
  many?: number;
  /** the quick mode (tests): each call answered once and then this many times more, no autocannon (http.ts) */
  quick?: number;
  /** e-mails the outbox job queues; default 10,000 */
  outboxMessages?: number;
  log?: (line: string) => void;
};

const databaseNameOf = (size: number) => `prata_scale_${size}`;

async function exists(base: string, name: string): Promise<boolean> {
  const url = new URL(base);
  url.pathname = '/postgres';
  const c = new pg.Client({ connectionString: url.toString() });
  await c.connect();
  try {
    return (await c.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
  } finally {
    await c.end();
  }
}

const JOBS: Array<[string, string]> = [
  ['proof', 'daily proof of reserves'],
  ['reconciliation', 'reconciliation'],
  ['invoices', 'monthly invoices'],
  ['saving', 'saving-plan pass'],
  ['outbox', 'outbox'],
];

export async function runScaleBench(opts: ScaleOptions) {
  const log = opts.log ?? (() => {});
  const only = opts.only;
  const wants = (name: string) => !opts.side && (!only || only.test(name));
  const results: SizeResult[] = [];
  const present: Array<{ size: number; database: string; url: URL }> = [];
  for (const size of opts.sizes) {
    const database = opts.databases?.[size] ?? databaseNameOf(size);
    const url = new URL(opts.databaseBase);
    url.pathname = `/${database}`;
    if (await exists(opts.databaseBase, database)) present.push({ size, database, url });
    else {
      const skipped = `no database ${database}: make it with \`npm run seed:scale -- --customers ${size}\``;
      log(`${size}: ${skipped}`);
      results.push({ size, database, skipped, http: [], jobs: [], writes: [], missingSubjects: [] });
    }
  }
  // the reads first, every size in each round (a, b, a, b, ...): the machine's slower minutes fall on both sizes
  const rounds = Math.max(1, opts.rounds ?? 1);
  const reads = new Map(present.map((p) => [p.size, [] as Awaited<ReturnType<typeof measureHttp>>[]]));
  for (let round = 1; round <= rounds; round++) {
    for (const { size, database, url } of present) {
      log(`${size} customers (${database}): HTTP${rounds > 1 ? `, round ${round} of ${rounds}` : ''}`);
      reads.get(size)!.push(
        await measureHttp({
          databaseUrl: url.toString(),
          subjects: opts.subjects,
          seconds: opts.seconds,
          only,
          ...(opts.side ? { side: opts.side } : {}),
          log,
          ...(opts.many ? { many: opts.many } : {}),
          ...(opts.quick !== undefined ? { quick: opts.quick } : {}),
        }),
      );
    }
  }
  for (const { size, database } of present) {
    const measured = reads.get(size)!;
    const http = { rows: medianOfRounds(measured.map((m) => m.rows)), missing: measured[0]!.missing };
    const jobs: JobRow[] = [];
    const writes: WriteRow[] = [];
    if (wants('backup') || wants('restore')) {
      log(`${size}: backup and restore`);
      const dumped = await backupAndRestore(opts.databaseBase, database);
      for (const j of dumped) log(`  ${j.name}: ${j.ms} ms, ${j.detail}`);
      jobs.push(...dumped);
    }
    const wantedJobs = JOBS.filter(([, name]) => wants(name));
    const wantsMigration = wants('latest migration');
    const wantsWrites = opts.writes !== false && (wants('order bench') || wants('ledger bench') || wants('pgbench'));
    if (wantedJobs.length > 0 || wantsMigration || wantsWrites) {
      log(`${size}: a copy of ${database} for what writes`);
      const copy = await copyOf(opts.databaseBase, database, `${database}_benchcopy`.slice(0, 63));
      try {
        const env = opts.outboxMessages ? { BENCH_SCALE_OUTBOX: String(opts.outboxMessages) } : {};
        // a process per job, so each peak of memory is its own; the quick mode (tests) runs them all in one
        const batches = opts.quick !== undefined ? [wantedJobs] : wantedJobs.map((j) => [j]);
        for (const batch of batches) {
          const done = await childJobs(
            batch.map(([job]) => job),
            copy.url,
            env,
          );
          for (const [job, name] of batch) {
            const r = done.get(job)!;
            const label =
              job === 'outbox' && !('error' in r)
                ? `outbox, ${(opts.outboxMessages ?? 10_000).toLocaleString('en-US')} queued e-mails`
                : name;
            if ('error' in r) {
              jobs.push({ name: label, ms: 0, detail: '', error: r.error });
              log(`  ${label}: ${r.error}`);
            } else {
              jobs.push({ name: label, ...r });
              log(`  ${label}: ${r.ms} ms, ${r.peakRssMb} MB, ${r.detail}`);
            }
          }
        }
        if (wantsMigration) {
          const m = await migrationLock(copy.url);
          jobs.push(m);
          log(`  ${m.name}: ${m.error ?? m.detail}`);
        }
        // last: it writes the most (customers, orders, pgbench's tables)
        if (wantsWrites)
          writes.push(...(await writePath(opts.databaseBase, copy.url, opts.seconds, log, opts.writeBlocks)));
      } finally {
        await copy.drop();
      }
    }
    results.push({ size, database, http: http.rows, jobs, writes, missingSubjects: http.missing });
  }
  const cpus = os.cpus();
  const meta = {
    date: new Date().toISOString(),
    seconds: opts.seconds,
    machine: `${os.availableParallelism()} cores (${cpus[0]?.model.trim() ?? '?'}), Node ${process.version}`,
  };
  return { meta, results, rows: tableRows(results), markdown: markdown(results, meta) };
}
