// `npm run seed:scale -- --customers 1000000`: a decade of Prata in a PostgreSQL database (docs/scale.md, "The
// generator"). Applies the product's migrations, then each step in one transaction recorded in scale_seed_steps, so
// a rerun skips what is done and redoes what was interrupted; `--fresh` starts over. Ends with the product's
// reconciliation (fails when it is not clean) and ANALYZE. Never imported by src/.
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase } from '@/db/client';
import { migrate } from '@/db/migrate';
import { registerFeatureReconciliation } from '@/features/index';
import { hashPassword } from '@/lib/passwords';
import { recordReconciliation, runReconciliation } from '@/ledger/index';
import { seedReferenceData } from '@/seed/reference';
import { checkpoints } from './checkpoints';
import type { Ctx, Stage, Step } from './context';
import { FUNCTIONS_SQL } from './functions';
import { dropIndexes, rebuildIndexes } from './indexes';
import { ledgerSteps } from './ledger';
import { moneySteps } from './money';
import { peopleStages } from './people';
import { besideMoneySteps, serviceStages } from './service';
import { silverSteps } from './silver';
import { dropTradePlan, tradingStages } from './trading';
import { reserveSteps } from './reserves';

/**
 * The steps in order, with lanes where steps neither read nor write each other's tables: the orders and their holds
 * beside the trades' transfers, the rewards and the tickets beside the money's steps, the invoices beside the plans,
 * alerts and audit; the last lanes build the proof of reserves' days (from the balances and the transfers) beside
 * the monthly checkpoints (from the transfers and the orders).
 */
export const STAGES: Stage[] = [
  ...peopleStages,
  dropIndexes,
  ...tradingStages,
  { lanes: [[...moneySteps, ...silverSteps], besideMoneySteps] },
  ...serviceStages,
  dropTradePlan,
  rebuildIndexes,
  ...ledgerSteps,
  { lanes: [reserveSteps, [checkpoints]] },
];
export const STEPS: Step[] = STAGES.flatMap((s) => ('lanes' in s ? s.lanes.flat() : [s]));

/** The generator's session: its writes need no wait for the disk, and its sorts and index builds room. */
const SESSION = `set synchronous_commit = off; set maintenance_work_mem = '512MB'; set work_mem = '128MB';
                 set jit = off; set max_parallel_workers_per_gather = 2`;

export type SeedOptions = {
  customers: number;
  database: string;
  fresh?: boolean;
  leafDays?: number;
  log?: (line: string) => void;
};

export type StepReport = { step: string; rows: number; seconds: number; skipped: boolean };

/** The database named in a URL, and the URL of the server's maintenance database beside it. */
function splitUrl(url: string): { name: string; admin: string } {
  const u = new URL(url);
  const name = decodeURIComponent(u.pathname.replace(/^\//, ''));
  u.pathname = '/postgres';
  return { name, admin: u.toString() };
}

async function ensureDatabase(url: string, fresh: boolean) {
  const { name, admin } = splitUrl(url);
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    const quoted = `"${name.replace(/"/g, '""')}"`;
    if (fresh) await client.query(`drop database if exists ${quoted} with (force)`);
    const { rows } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (rows.length === 0) await client.query(`create database ${quoted}`);
  } finally {
    await client.end();
  }
}

/**
 * The product's reconciliation, with every feature's check, as `npm run reconcile --full` runs it: a full run, recorded
 * (the back office shows it as the last run) and leaving the checkpoint's mark, so the next run moves the horizon to it
 * as a platform's second day would. Fails unless it is clean.
 */
async function reconcileClean(url: string, log: (line: string) => void) {
  const checked = await openDatabase({ url, poolSize: 2, statementTimeoutMs: 0 });
  try {
    registerFeatureReconciliation();
    const run = await runReconciliation(checked.db, { full: true });
    if (!run) throw new Error('outra reconciliação está em andamento neste banco');
    await recordReconciliation(checked.db, run, { source: 'cli', userId: null });
    log(`reconciliação ${run.ok ? 'limpa' : 'COM PROBLEMAS'} (${(run.durationMs / 1000).toFixed(1)} s)`);
    if (!run.ok) throw new Error(`reconciliação com problemas:\n${run.problems.join('\n')}`);
  } finally {
    await checked.close();
  }
}

/** Generates (or finishes generating) the database; answers each step's rows and seconds. */
export async function seedScale(opts: SeedOptions): Promise<StepReport[]> {
  const log = opts.log ?? ((line: string) => console.log(line));
  await ensureDatabase(opts.database, opts.fresh === true);
  const database = await openDatabase({ url: opts.database, poolSize: 2, statementTimeoutMs: 0 });
  try {
    await migrate(database);
    await seedReferenceData(database.db);
  } finally {
    await database.close();
  }
  const client = new pg.Client({ connectionString: opts.database });
  await client.connect();
  const reports: StepReport[] = [];
  try {
    await client.query(SESSION);
    await client.query(FUNCTIONS_SQL);
    const sys: Record<string, number> = {};
    for (const r of (
      await client.query<{ id: string; code: string }>(
        'select id::text, code from ledger_accounts where owner_user_id is null',
      )
    ).rows)
      sys[r.code] = Number(r.id);
    const house = await client.query<{ id: string }>(`select id::text from ledger_owners where code = 'house'`);
    sys.houseOwner = Number(house.rows[0]?.id);
    const n = opts.customers;
    const ctx: Ctx = {
      client,
      url: opts.database,
      customers: n,
      leafDays: opts.leafDays ?? 7,
      passwordHash: await hashPassword('prata1234'),
      sys,
      staff: { admin: n + 1, finance: n + 2, support: n + 3, logistics: n + 4, compliance: n + 5 },
    };
    const done = new Set(
      (await client.query<{ step: string }>('select step from scale_seed_steps')).rows.map((r) => r.step),
    );
    const runStep = async (c: pg.Client, step: Step) => {
      if (done.has(step.name)) {
        reports.push({ step: step.name, rows: 0, seconds: 0, skipped: true });
        log(`${step.name.padEnd(24)} já feito`);
        return;
      }
      const started = performance.now();
      await c.query('begin');
      try {
        if (step.replica) await c.query('set local session_replication_role = replica');
        const rows = await step.run({ ...ctx, client: c });
        if (step.analyze) await c.query(`analyze ${step.analyze.join(', ')}`);
        const seconds = (performance.now() - started) / 1000;
        await c.query('insert into scale_seed_steps (step, rows, seconds) values ($1, $2, $3)', [
          step.name,
          rows,
          seconds.toFixed(2),
        ]);
        await c.query('commit');
        reports.push({ step: step.name, rows, seconds, skipped: false });
        log(
          `${step.name.padEnd(24)} ${String(rows).padStart(11)} linhas ${seconds.toFixed(1).padStart(8)} s ${
            seconds > 0 ? Math.round(rows / seconds) : rows
          } linhas/s`,
        );
      } catch (err) {
        await c.query('rollback');
        throw new Error(`etapa ${step.name}: ${(err as Error).message}`);
      }
    };
    for (const stage of STAGES) {
      if (!('lanes' in stage)) {
        await runStep(client, stage);
        continue;
      }
      // every lane runs to its end (or its error) before the next stage; the first error is the stage's
      const lanes = await Promise.allSettled(
        stage.lanes.map(async (lane, i) => {
          const c = i === 0 ? client : new pg.Client({ connectionString: opts.database });
          try {
            if (c !== client) {
              await c.connect();
              await c.query(SESSION);
            }
            for (const step of lane) await runStep(c, step);
          } finally {
            if (c !== client) await c.end();
          }
        }),
      );
      const failed = lanes.find((l) => l.status === 'rejected');
      if (failed) throw (failed as PromiseRejectedResult).reason;
    }
    // VACUUM too: a decade-old database has had autovacuum's passes, whose visibility map lets the covering indexes
    // answer from the index alone (a freshly written table has none, and every index-only scan reads the heap). The
    // product's reconciliation reads beside it (its plans have each step's ANALYZE).
    const vacuumed = async () => {
      if (done.has('analyze')) return;
      const started = performance.now();
      await client.query('vacuum (analyze)');
      const seconds = (performance.now() - started) / 1000;
      await client.query(`insert into scale_seed_steps (step, rows, seconds) values ('analyze', 0, $1)`, [
        seconds.toFixed(2),
      ]);
      log(`${'vacuum analyze'.padEnd(24)} ${seconds.toFixed(1)} s`);
    };
    const [vacuum, reconciled] = await Promise.allSettled([vacuumed(), reconcileClean(opts.database, log)]);
    if (vacuum.status === 'rejected') throw vacuum.reason;
    if (reconciled.status === 'rejected') throw reconciled.reason;
  } finally {
    await client.end();
  }
  return reports;
}

async function main() {
  const { values } = parseArgs({
    options: {
      customers: { type: 'string', default: '1000' },
      database: { type: 'string' },
      fresh: { type: 'boolean', default: false },
      'leaf-days': { type: 'string', default: '7' },
    },
  });
  const customers = Number(values.customers);
  if (!Number.isSafeInteger(customers) || customers < 10) throw new Error('--customers: um número inteiro ≥ 10');
  const database = values.database ?? `postgres://postgres@127.0.0.1:5432/prata_scale_${customers}`;
  const started = performance.now();
  await seedScale({ customers, database, fresh: values.fresh, leafDays: Number(values['leaf-days']) });
  console.log(
    `pronto em ${((performance.now() - started) / 1000).toFixed(0)} s: ${database.replace(/\/\/[^@]*@/, '//')}`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((err) => {
    console.error((err as Error).message);
    process.exit(1);
  });
}
