import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  brasiliaDayEnd,
  EMPTY_ROOT,
  lastClosedBrasiliaDay,
  leafHash,
  merkleLevels,
  type ReserveProofSummary,
  rootOf,
} from '@prata/domain';
import type { Db, Executor } from '../../db/client';
import { int, rows } from '../../db/sql';
import { withTransaction } from '../../db/tx';
import type { AppDeps } from '../../deps';
import { silverOwedAsOf } from '../../ledger/index';
import { every } from '../../lib/per-turn';
import { findDay, latestClosedDay, listBars } from './repository';

/** Leaves written per statement. */
const LEAF_CHUNK = 5_000;
/**
 * The daily job waits this long after midnight in Brasília before building the day that ended: a transfer's time is
 * its transaction's start, so a transaction begun at 23:59:59 may commit a moment after midnight.
 */
export const DAY_GRACE_MS = 5 * 60_000;
/** The most missing days one run of the job builds (after downtime), oldest first. */
const BACKFILL_DAYS_MAX = 31;

export type BuildSource = 'daily' | 'operator';

/**
 * Builds the day's tree from the ledger as of the day's end in Brasília and stores it with its leaves and the bars
 * listed now. 'daily' claims the day by inserting its row (nothing to do when it exists, even while another instance
 * builds it: the insert waits for that transaction; a day built before its end, by the development route, is built
 * again); 'operator' builds it again and answers the root it had.
 * Everything in one transaction: a crash leaves no half-built day and no claim.
 */
export async function buildReserveDay(
  db: Db,
  opts: {
    day: string;
    source: BuildSource;
    builtBy?: number | null;
    endsAt?: Date;
    /** runs in the build's transaction once the day is stored (the operator's audit entry) */
    afterBuild?: (tx: Executor, built: { proof: ReserveProofSummary; previousRoot: string | null }) => Promise<void>;
  },
): Promise<{ proof: ReserveProofSummary; previousRoot: string | null } | null> {
  const endsAt = opts.endsAt ?? brasiliaDayEnd(opts.day);
  return withTransaction(db, async (tx) => {
    const claimed =
      opts.source === 'daily'
        ? await rows<{ root: string; builds: number }>(
            tx,
            sql`insert into reserve_days (day, ends_at, root, customer_count, customers_cg, unclaimed_cg, bars_cg, source)
                values (${opts.day}::date, ${endsAt.toISOString()}::timestamptz, ${EMPTY_ROOT}, 0, 0, 0, 0, 'daily')
                on conflict (day) do update set builds = reserve_days.builds + 1
                  where reserve_days.ends_at < excluded.ends_at
                returning root, builds`,
          )
        : await rows<{ root: string; builds: number }>(
            tx,
            sql`insert into reserve_days (day, ends_at, root, customer_count, customers_cg, unclaimed_cg, bars_cg, source)
                values (${opts.day}::date, ${endsAt.toISOString()}::timestamptz, ${EMPTY_ROOT}, 0, 0, 0, 0, 'operator')
                on conflict (day) do update set builds = reserve_days.builds + 1 returning root, builds`,
          );
    const claim = claimed[0];
    if (!claim) return null;
    const previousRoot = claim.builds > 1 ? claim.root : null;
    await tx.execute(sql`delete from reserve_leaves where day = ${opts.day}::date`);

    const owed = await silverOwedAsOf(tx, endsAt);
    const salts = await saltsFor(
      tx,
      owed.customers.map((c) => c.userId),
    );
    const leaves = await Promise.all(owed.customers.map((c) => leafHash(opts.day, salts.get(c.userId)!, c.centigrams)));
    const root = rootOf(await merkleLevels(leaves));
    for (let start = 0; start < leaves.length; start += LEAF_CHUNK) {
      const chunk = owed.customers.slice(start, start + LEAF_CHUNK).map((c, k) => ({
        position: start + k,
        user_id: c.userId,
        centigrams: c.centigrams,
        leaf: leaves[start + k],
      }));
      await tx.execute(
        sql`insert into reserve_leaves (day, position, user_id, centigrams, leaf)
            select ${opts.day}::date, x.position, x.user_id, x.centigrams, x.leaf
              from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb)
                   as x(position integer, user_id bigint, centigrams bigint, leaf text)`,
      );
    }
    const bars = await listBars(tx);
    const barsCg = bars.reduce((sum, b) => sum + b.weightCg, 0);
    const customersCg = owed.customers.reduce((sum, c) => sum + c.centigrams, 0);
    await tx.execute(
      sql`update reserve_days
             set ends_at = ${endsAt.toISOString()}::timestamptz, root = ${root}, customer_count = ${leaves.length},
                 customers_cg = ${customersCg}, unclaimed_cg = ${owed.unclaimedCg}, bars_cg = ${barsCg},
                 bars = ${JSON.stringify(bars.map((b) => ({ id: b.id, serial: b.serial, refiner: b.refiner, weightCg: b.weightCg })))}::jsonb,
                 built_at = now(), built_by = ${opts.builtBy ?? null}, source = ${opts.source}
           where day = ${opts.day}::date`,
    );
    const built = { proof: (await findDay(tx, opts.day))!, previousRoot };
    await opts.afterBuild?.(tx, built);
    return built;
  });
}

/** Each customer's salt, created (32 random bytes) the first time they enter a tree. */
async function saltsFor(tx: Executor, userIds: number[]): Promise<Map<number, string>> {
  const fresh = userIds.map((id) => ({ user_id: id, salt: randomBytes(32).toString('hex') }));
  if (fresh.length > 0) {
    await tx.execute(
      sql`insert into reserve_salts (user_id, salt)
          select x.user_id, x.salt from jsonb_to_recordset(${JSON.stringify(fresh)}::jsonb) as x(user_id bigint, salt text)
          on conflict (user_id) do nothing`,
    );
  }
  const list = await rows<{ user_id: string; salt: string }>(
    tx,
    sql`select user_id::text, salt from reserve_salts
         where user_id in (select (jsonb_array_elements_text(${JSON.stringify(userIds)}::jsonb))::bigint)`,
  );
  return new Map(list.map((r) => [int(r.user_id), r.salt]));
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * One run of the daily job: every closed day after the latest built (at most BACKFILL_DAYS_MAX), or only the last
 * closed day on a fresh database. Safe with any number of instances. Answers the days this run built.
 */
export async function buildClosedDays(db: Db, now: Date = new Date()): Promise<string[]> {
  const last = lastClosedBrasiliaDay(new Date(now.getTime() - DAY_GRACE_MS));
  const latest = await latestClosedDay(db);
  if (latest !== null && latest >= last) return [];
  const days: string[] = [];
  for (let day = latest === null ? last : nextDay(latest); day <= last; day = nextDay(day)) days.push(day);
  const built: string[] = [];
  for (const day of days.slice(-BACKFILL_DAYS_MAX)) {
    if (await buildReserveDay(db, { day, source: 'daily' })) built.push(day);
  }
  return built;
}

/** The daily job: looks every `everyMs` for a closed day not yet built (boot.ts starts it on every instance). */
export function startReservesJob(deps: AppDeps, everyMs = 600_000): () => void {
  return every(everyMs, () => buildClosedDays(deps.database.db), 'reserves: daily proof');
}
