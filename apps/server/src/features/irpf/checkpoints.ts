import { statementMonthOf, statementMonthRange } from '@prata/domain';
import type { Db, Executor } from '@/db/client';
import { withTransaction } from '@/db/tx';
import { CHECKPOINT_GRACE_MS } from '@/ledger/index';
import { loggedAs } from '@/lib/log-failure';
import { every } from '@/lib/per-turn';
import { type CostBasis, walkCost } from './cost';
import {
  claimCostMonth,
  fillsByCustomer,
  firstTradeAt,
  latestCostMonth,
  latestStarts,
  lockCostThrough,
  monthStarts,
  type Walked,
  writeCostLatest,
  writeCostMonth,
} from './repository/checkpoints';

/** The most months (or running windows) one run builds, oldest first (as the ledger's checkpoints). */
const MONTHS_PER_RUN = 24;
/** The longest window the running checkpoint walks in one transaction (its fills are held in memory). */
const WINDOW_MS = 31 * 86_400_000;

const monthEndAfter = (at: Date) => statementMonthRange(statementMonthOf(at)).to;

/**
 * Walks each customer who had a fill in [from, to) on from their start (`startsOf`) through those fills: where each
 * walk stands at `to`.
 */
async function walkWindow(
  tx: Executor,
  from: Date | null,
  to: Date,
  startsOf: (users: number[]) => Promise<Map<number, CostBasis>>,
): Promise<Walked[]> {
  const byUser = await fillsByCustomer(tx, from, to);
  const users = [...byUser.keys()];
  const starts = await startsOf(users);
  return users.map((userId) => {
    const basis = walkCost(starts.get(userId) ?? { costCents: 0, grams: 0 }, byUser.get(userId)!);
    return { user_id: userId, grams: basis.grams, cost_cents: basis.costCents };
  });
}

/**
 * One month's average-cost checkpoints in the caller's transaction: claims the month (its row in
 * irpf_checkpoint_months: another instance's claim makes this one wait, then do nothing), then walks each customer who
 * had a fill in [previous, end) on from their latest checkpoint through the month's fills, and writes where each walk
 * stands at `end`. Months are built in order without gaps, so a customer's latest checkpoint covers every fill before
 * `previous`. Answers the customers written, or null when the month was claimed.
 */
async function buildMonth(tx: Executor, previous: Date | null, end: Date): Promise<number | null> {
  if (!(await claimCostMonth(tx, end))) return null;
  const walked = await walkWindow(tx, previous, end, (users) => monthStarts(tx, users, previous));
  await writeCostMonth(tx, end, walked);
  return walked.length;
}

/**
 * One run of the IRPF's monthly checkpoint job: every month closed for longer than the ledger's grace after the latest
 * built (at most MONTHS_PER_RUN, oldest first; on a fresh database from the month of the first trade), each in its own
 * transaction, claimed by its row. Answers the months' ends this run built.
 */
export async function buildCostMonths(db: Db, now: Date = new Date()): Promise<Date[]> {
  const last = statementMonthRange(statementMonthOf(new Date(now.getTime() - CHECKPOINT_GRACE_MS))).from;
  let previous = await latestCostMonth(db);
  let end: Date;
  if (previous) end = monthEndAfter(previous);
  else {
    const first = await firstTradeAt(db);
    if (!first) return [];
    end = monthEndAfter(first);
  }
  const built: Date[] = [];
  while (end <= last && built.length < MONTHS_PER_RUN) {
    const upTo = end;
    const from = previous;
    if ((await withTransaction(db, (tx) => buildMonth(tx, from, upTo))) === null) return built;
    built.push(upTo);
    previous = upTo;
    end = monthEndAfter(upTo);
  }
  return built;
}

/**
 * One window of the running checkpoint in its own transaction: locks its instant (irpf_cost_through; started at the
 * latest month the first time), walks each customer who had a fill between it and `upTo` (at most WINDOW_MS later)
 * on from their running row, writes their rows and moves the instant there. Answers the instant reached.
 */
const advanceLatest = (db: Db, upTo: Date) =>
  withTransaction(db, async (tx) => {
    const from = await lockCostThrough(tx, upTo);
    if (from >= upTo) return from;
    const to = new Date(Math.min(upTo.getTime(), from.getTime() + WINDOW_MS));
    await writeCostLatest(tx, to, await walkWindow(tx, from, to, (users) => latestStarts(tx, users)));
    return to;
  });

/**
 * One run of the running checkpoint: every customer's walk carried to the ledger's grace before `now` (a fill is
 * stamped when its batch starts, so one stamped earlier may still be committing), at most MONTHS_PER_RUN windows.
 * The reads then walk only the fills of the last minutes (facts.ts, averageCostAt). Answers the instant reached.
 */
export async function buildCostLatest(db: Db, now: Date = new Date()): Promise<Date> {
  const upTo = new Date(now.getTime() - CHECKPOINT_GRACE_MS);
  let reached = await advanceLatest(db, upTo);
  for (let n = 1; reached < upTo && n < MONTHS_PER_RUN; n++) reached = await advanceLatest(db, upTo);
  return reached;
}

/**
 * The job (boot.ts starts it on every instance): once at once, then every `everyMs`, the months closed since the last
 * run (checkpoints.ts's first builder; nothing most minutes), then the running checkpoint, which starts from them.
 */
export function startCostMonthsJob(db: Db, everyMs = 60_000): () => void {
  const run = async () => {
    await buildCostMonths(db);
    await buildCostLatest(db);
  };
  run().catch(loggedAs('irpf: average cost checkpoints: run failed'));
  return every(everyMs, run, 'irpf: average cost checkpoints');
}
