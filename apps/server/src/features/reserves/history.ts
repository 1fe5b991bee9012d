import { sql } from 'drizzle-orm';
import { addSums, sumRootOf, sumTreeLevels } from '@prata/domain';
import type { Db, Executor } from '../../db/client';
import { rows } from '../../db/sql';
import { withTransaction } from '../../db/tx';
import { silverOwedAtInstants } from '../../ledger/index';
import { dayLeaves, insertLeaves } from './build';
import { listBars } from './repository';
import { reservesChanged } from './summary';

/** The most days one call builds: a history of years at once. */
export const HISTORY_DAYS_MAX = 1_000;

type Wanted = { day: string; endsAt: Date };

/** Each day's tree, worked out in memory from one read of the ledger. */
async function dayTrees(db: Executor, secret: string, days: readonly Wanted[]) {
  const owed = await silverOwedAtInstants(
    db,
    days.map((d) => d.endsAt),
  );
  const out = [];
  for (const [i, d] of days.entries()) {
    const { leaves, unclaimedCg } = await dayLeaves(d.day, owed[i]!, secret);
    const root = sumRootOf(await sumTreeLevels(leaves));
    const reservedCg = leaves.reduce((sum, l) => addSums(sum, l.reservedCg), 0);
    out.push({ ...d, leaves, root, reservedCg, unclaimedCg });
  }
  return out;
}

/**
 * Many days at once, each as of its own end (the demo's history: hundreds of days at a fresh start), from one read of
 * the ledger and a few statements, with the same trees buildReserveDay gives each day. A day already built as of that
 * instant or later is left as it is (as the daily job's claim does); a day in progress built earlier is built again.
 * Answers the days built.
 */
export async function buildReserveDays(db: Db, secret: string, wanted: readonly Wanted[]): Promise<string[]> {
  if (wanted.length > HISTORY_DAYS_MAX) throw new RangeError(`reserves: more than ${HISTORY_DAYS_MAX} days at once`);
  const trees = await dayTrees(db, secret, wanted);
  const days = await withTransaction(db, async (tx) => {
    const bars = await listBars(tx);
    const barsCg = bars.reduce((sum, b) => sum + b.weightCg, 0);
    const listed = JSON.stringify(
      bars.map((b) => ({ id: b.id, serial: b.serial, refiner: b.refiner, weightCg: b.weightCg })),
    );
    const days = trees.map((t) => ({
      day: t.day,
      ends_at: t.endsAt.toISOString(),
      root: t.root.hash,
      customer_count: t.leaves.length,
      customers_cg: t.root.sum,
      reserved_cg: t.reservedCg,
      unclaimed_cg: t.unclaimedCg,
    }));
    const claimed = await rows<{ day: string }>(
      tx,
      sql`insert into reserve_days (day, ends_at, version, root, customer_count, customers_cg, customers_available_cg,
                                    customers_reserved_cg, unclaimed_cg, bars_cg, bars, source)
          select x.day, x.ends_at, 2, x.root, x.customer_count, x.customers_cg, x.customers_cg - x.reserved_cg,
                 x.reserved_cg, x.unclaimed_cg, ${barsCg}, ${listed}::jsonb, 'daily'
            from jsonb_to_recordset(${JSON.stringify(days)}::jsonb)
                 as x(day date, ends_at timestamptz, root text, customer_count integer, customers_cg bigint,
                      reserved_cg bigint, unclaimed_cg bigint)
          on conflict (day) do update
             set ends_at = excluded.ends_at, version = 2, root = excluded.root, customer_count = excluded.customer_count,
                 customers_cg = excluded.customers_cg, customers_available_cg = excluded.customers_available_cg,
                 customers_reserved_cg = excluded.customers_reserved_cg, unclaimed_cg = excluded.unclaimed_cg,
                 bars_cg = excluded.bars_cg, bars = excluded.bars, built_at = now(), built_by = null, source = 'daily',
                 builds = reserve_days.builds + 1
           where reserve_days.ends_at < excluded.ends_at
          returning to_char(day, 'YYYY-MM-DD') as day`,
    );
    const built = new Set(claimed.map((r) => r.day));
    await tx.execute(sql`delete from reserve_leaves where day = any(${sql.param([...built])}::date[])`);
    await insertLeaves(
      tx,
      trees.filter((t) => built.has(t.day)),
    );
    return trees.filter((t) => built.has(t.day)).map((t) => t.day);
  });
  reservesChanged(db);
  return days;
}
