// bench:scale's jobs in a process of their own: `node --import tsx job-child.ts <job>[,<job>...] <database url>` runs
// them one after the other and prints a line of JSON for each, { job, ms, peakRssMb, detail } or { job, error }. The
// full bench gives each job a process, so its peak memory (maxRSS) is its own; the quick mode (tests) runs them all in
// one and pays the server's import once. The jobs that write (proof, invoices, saving, outbox) are given a copy of the
// seeded database (jobs.ts).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { createAdapters } from '@/adapters/index';
import { buildApp } from '@/app';
import { loadConfig } from '@/config';
import { openDatabase } from '@/db/client';
import { rows } from '@/db/sql';
import { registerFeatureReconciliation } from '@/features/index';
import { alertCheckerOf } from '@/features/price-alerts/firing';
import { issueDueInvoices } from '@/features/invoices/index';
import { buildReserveDay } from '@/features/reserves/index';
import { reservesSecret } from '@/features/reserves/salts';
import { runSavingPlans } from '@/features/saving-plans/index';
import { postBatch, runReconciliation } from '@/ledger/index';
import { deliverDueMessages, enqueueEmail } from '@/messaging/outbox';
import { ensureSecret } from '@/seed/reference';

/** how many e-mails the outbox job queues (BENCH_SCALE_OUTBOX; 10,000 unless a test asks for fewer) */
const OUTBOX_MESSAGES = Number(process.env.BENCH_SCALE_OUTBOX ?? 10_000);

const [list, url] = process.argv.slice(2);
if (!list || !url) throw new Error('usage: job-child.ts <job>[,<job>...] <database url>');
const jobs = list.split(',');
const dataDir = await mkdtemp(path.join(tmpdir(), 'prata-bench-scale-job-'));
const config = loadConfig({
  ...process.env,
  DATABASE_URL: url,
  DATA_DIR: dataDir,
  NODE_ENV: 'development',
  PRATA_DEMO: '0',
  PRATA_DEV_MAILBOX: '0',
  LOG_LEVEL: 'warn',
});
const database = await openDatabase({ url, poolSize: 4 });
let sent = 0;
const adapters = {
  ...createAdapters(config, process.env, database.db),
  // the outbox's own cost: a transport that accepts at once (no SMTP server's latency in the figure)
  mail: {
    name: 'bench',
    async send() {
      sent++;
    },
  },
};
const jwtSecret = config.jwtSecret ?? (await ensureSecret(database.db, 'jwt_secret'));
const app = await buildApp({ config: { ...config, jwtSecret }, database, adapters, outbox: { kick() {} } });
const deps = app.deps;
// the price alerts' checker, started with the routes, is not the job measured here
await alertCheckerOf(deps)?.stop();
// the background pool, as the jobs' own in production (db/client.ts); the saving plans and invoices choose theirs
const db = database.background;

/** One job: its detail, and its figure when it is not the whole run (the outbox: its delivery, not its queueing). */
async function runJob(job: string): Promise<{ detail: string; measuredMs?: number }> {
  let detail = '';
  let measuredMs: number | undefined;
  switch (job) {
    case 'proof': {
      // the latest closed day built again, as the daily job builds a day (the operator's source rebuilds one that exists)
      const [latest] = await rows<{ day: string | null }>(db, sql`select max(day)::text as day from reserve_days`);
      const day = latest?.day ?? new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
      const built = await buildReserveDay(db, { day, source: 'operator', secret: await reservesSecret(deps, db) });
      detail = `day ${day}, ${built?.proof.customerCount ?? 0} leaves`;
      break;
    }
    case 'reconciliation': {
      registerFeatureReconciliation();
      // the daily run, from the checkpoint. The generator's full run left a mark: the first run here (full too) moves
      // the horizon there, as a platform's second day would (no grace here: nothing else writes this copy); a database
      // with no mark at all takes one more full run. The figure is the run after them.
      const fullRuns: number[] = [];
      for (let i = 0; i < 2; i++) {
        const first = await runReconciliation(db, { graceMs: 0 });
        if (!first) throw new Error('bench: another reconciliation is running on this database');
        if (!first.full) break;
        fullRuns.push(first.durationMs);
      }
      // then a day of the decade's movement (its transfers over 3,650 days), as deposits of customers
      const [estimate] = await rows<{ n: string }>(
        db,
        sql`select reltuples::bigint::text as n from pg_class where relname = 'ledger_transfers'`,
      );
      const dayOfTransfers = Math.max(1, Math.round(Number(estimate?.n ?? 0) / 3650));
      const customers = (await rows<{ id: string }>(db, sql`select id::text from users order by id limit 1000`)).map(
        (r) => Number(r.id),
      );
      for (let i = 0; i < dayOfTransfers; i += 500) {
        const batch = Array.from({ length: Math.min(500, dayOfTransfers - i) }, (_, k) => ({
          id: `bench-day:${process.pid}:${i + k}`,
          debit: { system: 'pix:clearing' as const },
          credit: { customer: customers[(i + k) % customers.length]!, bucket: 'available' as const },
          currency: 'BRL' as const,
          amount: 100,
          code: 'deposit',
        }));
        await postBatch(db, batch, { atomic: true });
      }
      const daily = performance.now();
      const run = await runReconciliation(db, { graceMs: 0 });
      measuredMs = performance.now() - daily;
      if (!run) throw new Error('bench: another reconciliation is running on this database');
      const outcome = run.ok ? 'clean' : `${run.problems.length} problems: ${run.problems.slice(0, 3).join('; ')}`;
      const before = fullRuns.length > 0 ? `, after ${fullRuns.map((ms) => `${ms} ms`).join(' and ')} full` : '';
      detail = `${outcome}, ${run.full ? 'full' : 'from the checkpoint'} over a day of ${dayOfTransfers} transfers${before}`;
      break;
    }
    case 'invoices': {
      const result = await issueDueInvoices(deps);
      detail = `${result.service} service and ${result.product} product invoices issued`;
      break;
    }
    case 'saving': {
      const result = await runSavingPlans(deps);
      detail = `${result.claimed} runs claimed, ${result.bought} bought`;
      break;
    }
    case 'outbox': {
      const queued = performance.now();
      for (let i = 0; i < OUTBOX_MESSAGES; i += 500) {
        await db.transaction(async (tx) => {
          for (let k = i; k < Math.min(OUTBOX_MESSAGES, i + 500); k++) {
            await enqueueEmail(tx, {
              to: `fila-${k % 2000}@escala.prata.test`,
              subject: 'Aviso',
              text: `Mensagem ${k}`,
            });
          }
        });
      }
      const queueMs = performance.now() - queued;
      const delivering = performance.now();
      while ((await deliverDueMessages(db, adapters)) > 0) {}
      measuredMs = performance.now() - delivering;
      detail = `${sent.toLocaleString('en-US')} delivered (${OUTBOX_MESSAGES.toLocaleString('en-US')} queued by the bench in ${Math.round(queueMs)} ms)`;
      break;
    }
    default:
      throw new Error(`unknown job ${job}`);
  }
  return { detail, ...(measuredMs === undefined ? {} : { measuredMs }) };
}

try {
  for (const job of jobs) {
    /** what the process held before the job began (the server's modules, the app): the peak is read beside it */
    const baseRssMb = Math.round(process.memoryUsage().rss / 1024 / 1024);
    sent = 0;
    const started = performance.now();
    let outcome: { detail: string; measuredMs?: number };
    try {
      outcome = await runJob(job);
    } catch (err) {
      // the job's row says why; the next jobs still run
      console.log(JSON.stringify({ job, error: err instanceof Error ? err.message : String(err) }));
      continue;
    }
    const ms = outcome.measuredMs ?? performance.now() - started;
    // maxRSS: kilobytes on Linux; the process's peak so far (an earlier job's, when several share the process)
    const peakRssMb = process.resourceUsage().maxRSS / 1024;
    console.log(
      JSON.stringify({
        job,
        ms: Math.round(ms),
        peakRssMb: Math.round(peakRssMb),
        detail: `${outcome.detail}; RSS ${baseRssMb} MB before the job`,
      }),
    );
  }
} finally {
  await app.close();
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
}
