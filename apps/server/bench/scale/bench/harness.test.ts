// bench:scale's harness at 1,000 customers in its quick mode (each call answered once, then twice more one after the
// other: no autocannon, no 32 connections): every call of the table has its row and answered 2xx every time, and every
// job, run on the copy as the full bench runs it, has its row (check.ts). Needs PostgreSQL (TEST_DATABASE_URL) and the generator (bench/scale/seed.ts, seed:scale):
// without either it is skipped, saying which. The write path (order, ledger and pgbench benches) is left out: it is
// bench/orders.ts's and bench/ledger.ts's, and takes minutes.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@/db/client';
import { calls, lookUp, SCALE_SUBJECTS } from './calls';
import { JOB_ROWS, problemsOf } from './check';
import { runScaleBench } from './harness';

const url = process.env.TEST_DATABASE_URL;
const SEED = path.join(path.dirname(fileURLToPath(import.meta.url)), '../seed.ts');
const hasGenerator = existsSync(SEED);
const CUSTOMERS = 1000;
if (!url) console.warn('bench:scale harness test skipped: it needs PostgreSQL (TEST_DATABASE_URL)');
else if (!hasGenerator)
  console.warn('bench:scale harness test skipped: no generator at bench/scale/seed.ts (seed:scale)');

describe.skipIf(!url || !hasGenerator)('bench:scale at 1,000 customers (PostgreSQL)', () => {
  const name = `prata_scale_bench_test_${process.pid}_${Date.now()}`;
  const target = (() => {
    const u = new URL(url ?? 'postgres://localhost/');
    u.pathname = `/${name}`;
    return u.toString();
  })();
  let result: Awaited<ReturnType<typeof runScaleBench>>;
  let expected: string[];

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    // a path in a variable: the generator is another branch's file until both are merged
    const seed = (await import(/* @vite-ignore */ SEED)) as {
      seedScale(o: { customers: number; database: string; fresh: boolean; log: (s: string) => void }): Promise<unknown>;
    };
    const started = performance.now();
    await seed.seedScale({ customers: CUSTOMERS, database: target, fresh: true, log: () => {} });
    if (process.env.BENCH_SCALE_VERBOSE) console.error(`seed: ${Math.round(performance.now() - started)} ms`);
    const database = await openDatabase({ url: target, poolSize: 1 });
    try {
      expected = calls(await lookUp(database, SCALE_SUBJECTS)).map((c) => c.name);
    } finally {
      await database.close();
    }
    result = await runScaleBench({
      sizes: [CUSTOMERS],
      databaseBase: url!,
      databases: { [CUSTOMERS]: name },
      seconds: 1,
      subjects: SCALE_SUBJECTS,
      writes: false,
      outboxMessages: 200,
      quick: 2,
      // BENCH_SCALE_VERBOSE=1: the harness's progress, timed, on stderr
      ...(process.env.BENCH_SCALE_VERBOSE
        ? { log: (line: string) => console.error(`${new Date().toISOString().slice(11, 23)} ${line}`) }
        : {}),
    });
  }, 600_000);

  afterAll(async () => {
    if (!url) return;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('finds every subject, answers every call 2xx every time, and times every job', () => {
    const [size] = result.results;
    expect(problemsOf(size!, { calls: expected, jobs: JOB_ROWS, many: false })).toEqual([]);
    for (const r of size!.http) expect(r.at1!.requests).toBe(2);
    const jobs = size!.jobs;
    expect(jobs.map((j) => j.name.replace(/ \(.*\)$/, ''))).toEqual([...JOB_ROWS]);
    expect(jobs.find((j) => j.name === 'reconciliation')?.detail).toMatch(/^clean/);
    expect(jobs.find((j) => j.name.startsWith('latest migration'))?.detail).toMatch(/^applied/);
  });

  it('prints one markdown row per call and job, with a mark against the targets', () => {
    const lines = result.markdown.split('\n').filter((l) => /^\| (customer|operator|job) \|/.test(l));
    expect(lines).toHaveLength(expected.length + 8);
    for (const line of lines) expect(line).toMatch(/\| (met|MISSED|—) \|$/);
  });
});
