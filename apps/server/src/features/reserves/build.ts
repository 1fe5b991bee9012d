import { brasiliaDayEnd, lastClosedBrasiliaDay, type ReserveProofSummary, sortLeaves, sumLeaf } from '@prata/domain';
import type { Db, Executor } from '@/db/client';
import { allowIdleInTransaction, withTransaction } from '@/db/tx';
import type { AppDeps } from '@/deps';
import type { SilverOwedAsOf } from '@/ledger/index';
import { loggedAs } from '@/lib/log-failure';
import { every } from '@/lib/per-turn';
import { claimReserveDay, deleteDayLeaves, insertLeafRecords, storeReserveDay } from './days-repository';
import { findDay, latestClosedDay, listBars } from './repository';
import { daySalt, reservesSecret } from './salts';
import { buildDayTree, committed } from './stream';
import { reservesChanged } from './summary';

/** Leaves written per statement. */
const LEAF_CHUNK = 5_000;
/**
 * The daily job waits this long after midnight in Brasília before building the day that ended: a transfer's time is
 * its transaction's start, so a transaction begun at 23:59:59 may commit a moment after midnight.
 */
const DAY_GRACE_MS = 5 * 60_000;
/** The most missing days one run of the job builds (after downtime), oldest first. */
const BACKFILL_DAYS_MAX = 31;

type BuildSource = 'daily' | 'operator';

/** A customer's leaf before it is placed: balances as the leaf commits to them. */
export type Placed = { userId: number; availableCg: number; reservedCg: number; hash: string; sum: number };

/** The day's leaves, in tree order (by hash: the salts change every day, and so does the order). */
export async function dayLeaves(day: string, owed: SilverOwedAsOf, secret: string) {
  const leaves = await Promise.all(
    owed.customers.map(async (c) => {
      const { availableCg, reservedCg } = committed(c);
      const node = await sumLeaf(day, daySalt(secret, day, c.userId), availableCg, reservedCg);
      return { userId: c.userId, availableCg, reservedCg, ...node };
    }),
  );
  return { leaves: sortLeaves<Placed>(leaves), unclaimedCg: owed.unclaimedCg };
}

/** Writes days' leaves, each with its place in its day's tree, LEAF_CHUNK rows per statement. */
export async function insertLeaves(tx: Executor, days: ReadonlyArray<{ day: string; leaves: readonly Placed[] }>) {
  const all = days.flatMap(({ day, leaves }) =>
    leaves.map((l, position) => ({
      day,
      position,
      user_id: l.userId,
      available_cg: l.availableCg,
      reserved_cg: l.reservedCg,
      leaf: l.hash,
    })),
  );
  for (let start = 0; start < all.length; start += LEAF_CHUNK) {
    await insertLeafRecords(tx, all.slice(start, start + LEAF_CHUNK));
  }
}

type Built = { proof: ReserveProofSummary; previousRoot: string | null };

/** How long a day's build may compute between two of its statements. */
const BUILD_IDLE_MS = 10 * 60_000;

type DayBuild = {
  day: string;
  source: BuildSource;
  /** the salts' key (reservesSecret) */
  secret: string;
  builtBy?: number | null;
  /** the instant the balances are as of; default the day's end in Brasília */
  endsAt?: Date;
  /** runs in the build's transaction once the day is stored (the operator's audit entry) */
  afterBuild?: (tx: Executor, built: Built) => Promise<void>;
};

/**
 * One day, in the caller's transaction: the claim, then the tree streamed from the ledger as of the day's end
 * (stream.ts: memory bounded by a batch of balances and 32 bytes of hash a customer), its leaves and its row.
 */
async function buildInTransaction(tx: Executor, opts: DayBuild & { endsAt: Date }): Promise<Built | null> {
  // the tree is hashed in Node between the reading of the balances and the writing of the leaves: seconds at a million
  // customers, more at the most leaves a day takes (RESERVES_MAX_LEAVES)
  await allowIdleInTransaction(tx, BUILD_IDLE_MS);
  const claim = await claimReserveDay(tx, opts.day, opts.endsAt, opts.source);
  if (!claim) return null;
  const previousRoot = claim.builds > 1 ? claim.root : null;
  await deleteDayLeaves(tx, opts.day);

  const { root, customerCount, reservedCg, unclaimedCg } = await buildDayTree(tx, opts.day, opts.endsAt, opts.secret);
  const bars = await listBars(tx);
  const barsCg = bars.reduce((sum, b) => sum + b.weightCg, 0);
  await storeReserveDay(tx, {
    day: opts.day,
    endsAt: opts.endsAt,
    root: root.hash,
    customerCount,
    customersCg: root.sum,
    reservedCg,
    unclaimedCg,
    barsCg,
    bars: bars.map((b) => ({ id: b.id, serial: b.serial, refiner: b.refiner, weightCg: b.weightCg })),
    builtBy: opts.builtBy ?? null,
    source: opts.source,
  });
  const built = { proof: (await findDay(tx, opts.day))!, previousRoot };
  await opts.afterBuild?.(tx, built);
  return built;
}

/**
 * Builds the day's Merkle sum tree (version 2) from the ledger as of the day's end in Brasília and stores it with its
 * leaves and the bars listed now. 'daily' claims the day by inserting its row (nothing to do when it exists, even
 * while another instance builds it: the insert waits for that transaction; a day built before its end, as a day in
 * progress, is built again); 'operator' builds it again and answers the root it had.
 * Everything in one transaction: a crash leaves no half-built day and no claim.
 */
export async function buildReserveDay(db: Db, opts: DayBuild): Promise<Built | null> {
  const endsAt = opts.endsAt ?? brasiliaDayEnd(opts.day);
  const built = await withTransaction(db, (tx) => buildInTransaction(tx, { ...opts, endsAt }));
  if (built) reservesChanged(db);
  return built;
}

export const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * One run of the daily job: every closed day after the latest built (at most BACKFILL_DAYS_MAX), or only the last
 * closed day on a fresh database. Safe with any number of instances. Answers the days this run built.
 */
export async function buildClosedDays(db: Db, secret: string, now: Date = new Date()): Promise<string[]> {
  const last = lastClosedBrasiliaDay(new Date(now.getTime() - DAY_GRACE_MS));
  const latest = await latestClosedDay(db);
  if (latest !== null && latest >= last) return [];
  const days: string[] = [];
  for (let day = latest === null ? last : nextDay(latest); day <= last; day = nextDay(day)) days.push(day);
  const built: string[] = [];
  for (const day of days.slice(-BACKFILL_DAYS_MAX)) {
    if (await buildReserveDay(db, { day, source: 'daily', secret })) built.push(day);
  }
  return built;
}

/**
 * The daily job: runs once at once (a fresh or restarted server publishes the day that ended without waiting for the
 * first interval), then looks every `everyMs` for a closed day not yet built (boot.ts starts it on every instance).
 */
export function startReservesJob(deps: AppDeps, everyMs = 600_000): () => void {
  // a day's build reads every customer's balance: the background pool's limit, not a request's (db/client.ts)
  const db = deps.database.background;
  const run = async () => buildClosedDays(db, await reservesSecret(deps, db));
  run().catch(loggedAs('reserves: daily proof: run failed'));
  return every(everyMs, run, 'reserves: daily proof');
}
