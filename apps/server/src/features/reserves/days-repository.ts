import { sql } from 'drizzle-orm';
import { EMPTY_ROOT } from '@prata/domain';
import type { Executor } from '@/db/client';
import { rows } from '@/db/sql';

// The SQL of building the proof of reserves' days (build.ts, history.ts, stream.ts), its salt secret (salts.ts) and
// the demo's reads (demo.ts). The days' and bars' reads and the bars' writes are in repository.ts.

/** Leaf rows as built.ts and history.ts place them: a day, a place in its tree, balances in centigrams and a hash. */
export type LeafRecord = {
  day: string;
  position: number;
  user_id: number;
  available_cg: number;
  reserved_cg: number;
  leaf: string;
};

/** Writes leaf rows (one statement: the caller chunks them). */
export async function insertLeafRecords(tx: Executor, leaves: LeafRecord[]): Promise<void> {
  await tx.execute(
    sql`insert into reserve_leaves (day, position, user_id, centigrams, available_cg, reserved_cg, leaf)
        select x.day, x.position, x.user_id, x.available_cg + x.reserved_cg, x.available_cg, x.reserved_cg, x.leaf
          from jsonb_to_recordset(${JSON.stringify(leaves)}::jsonb)
               as x(day date, position integer, user_id bigint, available_cg bigint, reserved_cg bigint, leaf text)`,
  );
}

/**
 * Writes one day's leaves from `firstPosition` on, in the order of the arrays (one statement: the caller chunks
 * them); balances in centigrams, hashes in hex.
 */
export async function insertDayLeaves(
  tx: Executor,
  day: string,
  firstPosition: number,
  leaves: { userIds: number[]; availableCg: number[]; reservedCg: number[]; hashes: string[] },
): Promise<void> {
  await tx.execute(
    sql`insert into reserve_leaves (day, position, user_id, centigrams, available_cg, reserved_cg, leaf)
        select ${day}::date, ${firstPosition} + x.n - 1, x.user_id, x.available_cg + x.reserved_cg, x.available_cg,
               x.reserved_cg, x.leaf
          from unnest(${sql.param(leaves.userIds)}::bigint[], ${sql.param(leaves.availableCg)}::bigint[],
                      ${sql.param(leaves.reservedCg)}::bigint[], ${sql.param(leaves.hashes)}::text[])
               with ordinality as x(user_id, available_cg, reserved_cg, leaf, n)`,
  );
}

export async function deleteDayLeaves(tx: Executor, day: string): Promise<void> {
  await tx.execute(sql`delete from reserve_leaves where day = ${day}::date`);
  await tx.execute(sql`delete from reserve_tree_levels where day = ${day}::date`);
}

export async function deleteLeavesOfDays(tx: Executor, days: string[]): Promise<void> {
  await tx.execute(sql`delete from reserve_leaves where day = any(${sql.param(days)}::date[])`);
  await tx.execute(sql`delete from reserve_tree_levels where day = any(${sql.param(days)}::date[])`);
}

/**
 * Stores the tree's levels from its block level up (their hashes end to end, their sums as 8-byte big-endian integers
 * end to end); a level stored already is left as it is (two first proofs of a day built before the levels were kept
 * store the same nodes).
 */
export async function insertTreeLevels(
  tx: Executor,
  day: string,
  levels: ReadonlyArray<{ level: number; hashes: Buffer; sums: ArrayLike<number> }>,
): Promise<void> {
  if (levels.length === 0) return;
  const rowsOf = levels.map((l) => {
    const sums = Buffer.alloc(l.sums.length * 8);
    for (let i = 0; i < l.sums.length; i++) sums.writeBigInt64BE(BigInt(l.sums[i]!), i * 8);
    return { level: l.level, hashes: l.hashes.toString('hex'), sums: sums.toString('hex') };
  });
  await tx.execute(
    sql`insert into reserve_tree_levels (day, level, hashes, sums)
        select ${day}::date, x.level, decode(x.hashes, 'hex'), decode(x.sums, 'hex')
          from jsonb_to_recordset(${JSON.stringify(rowsOf)}::jsonb) as x(level smallint, hashes text, sums text)
        on conflict (day, level) do nothing`,
  );
}

/**
 * Inserts the day's row as a claim, empty; 'daily' only when the day is not built or was built before `endsAt`
 * (a day in progress), 'operator' always. The root it had and its count of builds; null when not claimed.
 */
export async function claimReserveDay(tx: Executor, day: string, endsAt: Date, source: 'daily' | 'operator') {
  const values = sql`(${day}::date, ${endsAt.toISOString()}::timestamptz, ${EMPTY_ROOT}, 0, 0, 0, 0, ${source})`;
  const claimed =
    source === 'daily'
      ? await rows<{ root: string; builds: number }>(
          tx,
          sql`insert into reserve_days (day, ends_at, root, customer_count, customers_cg, unclaimed_cg, bars_cg, source)
              values ${values}
              on conflict (day) do update set builds = reserve_days.builds + 1
                where reserve_days.ends_at < excluded.ends_at
              returning root, builds`,
        )
      : await rows<{ root: string; builds: number }>(
          tx,
          sql`insert into reserve_days (day, ends_at, root, customer_count, customers_cg, unclaimed_cg, bars_cg, source)
              values ${values}
              on conflict (day) do update set builds = reserve_days.builds + 1 returning root, builds`,
        );
  return claimed[0] ?? null;
}

/** A bar as a day's row lists it. */
export type ListedBar = { id: number; serial: string; refiner: string; weightCg: number };

/** Stores a claimed day's tree (version 2), its totals in centigrams and the bars listed. */
export async function storeReserveDay(
  tx: Executor,
  day: {
    day: string;
    endsAt: Date;
    root: string;
    customerCount: number;
    customersCg: number;
    reservedCg: number;
    unclaimedCg: number;
    barsCg: number;
    bars: ListedBar[];
    builtBy: number | null;
    source: 'daily' | 'operator';
  },
): Promise<void> {
  await tx.execute(
    sql`update reserve_days
           set ends_at = ${day.endsAt.toISOString()}::timestamptz, version = 2, root = ${day.root},
               customer_count = ${day.customerCount}, customers_cg = ${day.customersCg},
               customers_available_cg = ${day.customersCg - day.reservedCg}, customers_reserved_cg = ${day.reservedCg},
               unclaimed_cg = ${day.unclaimedCg}, bars_cg = ${day.barsCg},
               bars = ${JSON.stringify(day.bars)}::jsonb,
               built_at = now(), built_by = ${day.builtBy}, source = ${day.source}
         where day = ${day.day}::date`,
  );
}

/** A day's row as history.ts writes many at once (jsonb keys); balances in centigrams. */
export type DayRecord = {
  day: string;
  ends_at: string;
  root: string;
  customer_count: number;
  customers_cg: number;
  reserved_cg: number;
  unclaimed_cg: number;
};

/**
 * Inserts or rebuilds many days at once (version 2, 'daily'), each only when not built or built before its end; the
 * days written.
 */
export async function upsertReserveDays(
  tx: Executor,
  days: DayRecord[],
  bars: { barsCg: number; listed: string },
): Promise<string[]> {
  const claimed = await rows<{ day: string }>(
    tx,
    sql`insert into reserve_days (day, ends_at, version, root, customer_count, customers_cg, customers_available_cg,
                                  customers_reserved_cg, unclaimed_cg, bars_cg, bars, source)
        select x.day, x.ends_at, 2, x.root, x.customer_count, x.customers_cg, x.customers_cg - x.reserved_cg,
               x.reserved_cg, x.unclaimed_cg, ${bars.barsCg}, ${bars.listed}::jsonb, 'daily'
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
  return claimed.map((r) => r.day);
}

/** The kept salt secret, generated (hex of `generated`) the first time; undefined if it could not be read. */
export async function keptSaltSecret(db: Executor, key: string, generated: string): Promise<string | undefined> {
  await db.execute(
    sql`insert into app_settings (key, value) values (${key}, ${generated})
        on conflict (key) do nothing`,
  );
  const [kept] = await rows<{ value: string }>(db, sql`select value from app_settings where key = ${key}`);
  return kept?.value;
}

/** When the ledger's first transfer was made (null on an empty ledger). */
export async function firstLedgerTransferAt(db: Executor): Promise<string | Date | null> {
  const [first] = await rows<{ at: string | Date | null }>(db, sql`select min(created_at) as at from ledger_transfers`);
  return first?.at ?? null;
}

export async function reserveBarCount(db: Executor): Promise<number> {
  const [listed] = await rows<{ n: number }>(db, sql`select count(*)::int as n from reserve_bars`);
  return listed?.n ?? 0;
}

/** The demo operator's id, when that account exists. */
export async function demoOperatorId(db: Executor): Promise<number | null> {
  const [operator] = await rows<{ id: string }>(
    db,
    sql`select id::text from users where lower(email) = 'operador@prata.dev'`,
  );
  return operator ? Number(operator.id) : null;
}
