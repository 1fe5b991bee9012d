// Times one daily job against DATABASE_URL (a big database: bench/jobs/fixture.sql or the decade generator) and prints
// its time and the process's peak memory (RSS), for docs/decisions.md "Jobs at a decade's size". One job a process,
// so the peak is that job's:
//   node --import tsx bench/jobs/measure.ts reserves [yyyy-mm-dd]      the daily proof (streamed), one day rebuilt
//   node --import tsx bench/jobs/measure.ts reserves-objects [day]     the same tree the way it was built before
//   node --import tsx bench/jobs/measure.ts reconcile [--full]         the reconciliation from its checkpoint
//                                          (RECONCILE_GRACE_MS: the checkpoint grace, default 5 minutes)
//   node --import tsx bench/jobs/measure.ts reconcile-plain            the reconciliation of everything, as before
// The reserves jobs write the day's leaves in a transaction they roll back, so the database is left as it was.
import { brasiliaDayEnd, EMPTY_ROOT, lastClosedBrasiliaDay, sumRootOf, sumTreeLevels } from '@prata/domain';
import { sql } from 'drizzle-orm';
import { openDatabase } from '@/db/client';
import { registerFeatureReconciliation } from '@/features/index';
import { dayLeaves, insertLeaves } from '@/features/reserves/build';
import { buildDayTree } from '@/features/reserves/stream';
import { reconcile, runReconciliation, silverOwedAtInstants } from '@/ledger/index';

const SECRET = 'bench-jobs-secret';
const [job = 'reserves', arg] = process.argv.slice(2);
const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL: the big database to measure on');
const database = await openDatabase({ url });
// the background pool, as the jobs' own in production (db/client.ts)
const db = database.background;
const day = arg && /^\d{4}-\d{2}-\d{2}$/.test(arg) ? arg : lastClosedBrasiliaDay();
class Rollback extends Error {}

const started = performance.now();
let outcome: unknown;
try {
  if (job === 'reserves' || job === 'reserves-objects') {
    await db
      .transaction(async (tx) => {
        await tx.execute(sql`delete from reserve_leaves where day = ${day}::date`);
        await tx.execute(
          sql`insert into reserve_days (day, ends_at, root, customer_count, customers_cg, unclaimed_cg, bars_cg, source)
              values (${day}::date, ${brasiliaDayEnd(day).toISOString()}::timestamptz, ${EMPTY_ROOT}, 0, 0, 0, 0, 'operator')
              on conflict (day) do nothing`,
        );
        if (job === 'reserves') {
          const built = await buildDayTree(tx, day, brasiliaDayEnd(day), SECRET);
          outcome = { day, ...built };
        } else {
          const [owed] = await silverOwedAtInstants(tx, [brasiliaDayEnd(day)]);
          const { leaves, unclaimedCg } = await dayLeaves(day, owed!, SECRET);
          const root = sumRootOf(await sumTreeLevels(leaves));
          await insertLeaves(tx, [{ day, leaves }]);
          outcome = { day, root, customerCount: leaves.length, unclaimedCg };
        }
        throw new Rollback();
      })
      .catch((err) => {
        if (!(err instanceof Rollback)) throw err;
      });
  } else if (job === 'reconcile') {
    registerFeatureReconciliation();
    const graceMs = process.env.RECONCILE_GRACE_MS ? Number(process.env.RECONCILE_GRACE_MS) : undefined;
    const run = await runReconciliation(db, { full: arg === '--full', graceMs });
    outcome = run && { ok: run.ok, full: run.full, problems: run.problems.slice(0, 5) };
  } else if (job === 'reconcile-plain') {
    registerFeatureReconciliation();
    const run = await reconcile(db);
    outcome = { ok: run.ok, problems: run.problems.slice(0, 5) };
  } else {
    throw new Error(`unknown job ${job}`);
  }
} finally {
  await database.close();
}
const seconds = ((performance.now() - started) / 1000).toFixed(1);
const peakMb = Math.round(process.resourceUsage().maxRSS / 1024);
console.log(JSON.stringify({ job, arg: arg ?? null, seconds, peakRssMb: peakMb, outcome }));
