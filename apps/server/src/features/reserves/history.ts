import { addSums, sumRootOf, sumTreeLevels } from '@prata/domain';
import type { Db, Executor } from '@/db/client';
import { withTransaction } from '@/db/tx';
import { silverOwedAtInstants } from '@/ledger/index';
import { dayLeaves, insertLeaves } from './build';
import { deleteLeavesOfDays, upsertReserveDays } from './days-repository';
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
    const built = new Set(await upsertReserveDays(tx, days, { barsCg, listed }));
    await deleteLeavesOfDays(tx, [...built]);
    await insertLeaves(
      tx,
      trees.filter((t) => built.has(t.day)),
    );
    return trees.filter((t) => built.has(t.day)).map((t) => t.day);
  });
  reservesChanged(db);
  return days;
}
