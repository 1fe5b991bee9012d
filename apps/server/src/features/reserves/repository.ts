import { sql } from 'drizzle-orm';
import type { ReserveBar, ReserveProofSummary } from '@prata/domain';
import type { Executor } from '@/db/client';
import { rows } from '@/db/sql';
import { int } from '@/db/integers';

// The proof of reserves' SQL (migration 0026): explicit columns, the executor passed in.

type DayRow = {
  day: string;
  version: number;
  ends_at: Date | string;
  root: string;
  customer_count: number;
  customers_cg: string;
  customers_available_cg: string | null;
  customers_reserved_cg: string | null;
  unclaimed_cg: string;
  bars_cg: string;
  built_at: Date | string;
};

const DAY_COLUMNS = sql`to_char(day, 'YYYY-MM-DD') as day, version, ends_at, root, customer_count, customers_cg::text,
  customers_available_cg::text, customers_reserved_cg::text, unclaimed_cg::text, bars_cg::text, built_at`;

const iso = (v: Date | string) => new Date(v).toISOString();

function presentDay(r: DayRow): ReserveProofSummary {
  const customersCg = int(r.customers_cg);
  const unclaimedCg = int(r.unclaimed_cg);
  const barsCg = int(r.bars_cg);
  const liabilitiesCg = customersCg + unclaimedCg;
  return {
    day: r.day,
    version: r.version === 2 ? 2 : 1,
    endsAt: iso(r.ends_at),
    root: r.root,
    customerCount: r.customer_count,
    customersCg,
    customersAvailableCg: r.customers_available_cg === null ? null : int(r.customers_available_cg),
    customersReservedCg: r.customers_reserved_cg === null ? null : int(r.customers_reserved_cg),
    unclaimedCg,
    liabilitiesCg,
    barsCg,
    differenceCg: barsCg - liabilitiesCg,
    builtAt: iso(r.built_at),
  };
}

/** The days built, newest first. */
export async function listDays(db: Executor, limit: number): Promise<ReserveProofSummary[]> {
  // ordered by the column, not by DAY_COLUMNS' text alias of the same name: the primary key's backward scan reads
  // `limit` rows, where the alias made every day of the decade be formatted and sorted
  const list = await rows<DayRow>(
    db,
    sql`select ${DAY_COLUMNS} from reserve_days order by reserve_days.day desc limit ${limit}`,
  );
  return list.map(presentDay);
}

export async function findDay(db: Executor, day: string): Promise<ReserveProofSummary | null> {
  const [r] = await rows<DayRow>(db, sql`select ${DAY_COLUMNS} from reserve_days where day = ${day}::date`);
  return r ? presentDay(r) : null;
}

/** The day's summary, or the latest day's when none is named; null when there is no such day. */
export async function findDayOrLatest(db: Executor, day: string | undefined): Promise<ReserveProofSummary | null> {
  const [r] = await rows<DayRow>(
    db,
    sql`select ${DAY_COLUMNS} from reserve_days
         where day = coalesce(${day ?? null}::date, (select max(d.day) from reserve_days d))`,
  );
  return r ? presentDay(r) : null;
}

/** A day built as of its real end (a day in progress, built so far, is not). */
const CLOSED = sql`ends_at >= (day + 1)::timestamp at time zone 'America/Sao_Paulo'`;

/** The latest day built as of its real end. */
export async function latestClosedDay(db: Executor): Promise<string | null> {
  const [r] = await rows<{ day: string | null }>(
    db,
    sql`select to_char(max(day), 'YYYY-MM-DD') as day from reserve_days where ${CLOSED}`,
  );
  return r?.day ?? null;
}

/** The days from `from` on built as of their real end. */
export async function closedDaysSince(db: Executor, from: string): Promise<Set<string>> {
  const list = await rows<{ day: string }>(
    db,
    sql`select to_char(day, 'YYYY-MM-DD') as day from reserve_days where day >= ${from}::date and ${CLOSED}`,
  );
  return new Set(list.map((r) => r.day));
}

type BarRow = {
  id: string;
  serial: string;
  refiner: string;
  weight_cg: string;
  document_name: string;
  created_at: Date | string;
};

const presentBar = (r: BarRow): ReserveBar => ({
  id: int(r.id),
  serial: r.serial,
  refiner: r.refiner,
  weightCg: int(r.weight_cg),
  documentName: r.document_name,
  addedAt: iso(r.created_at),
});

/** The bars in the vault now (not removed), by serial. */
export async function listBars(db: Executor): Promise<ReserveBar[]> {
  const list = await rows<BarRow>(
    db,
    sql`select id::text, serial, refiner, weight_cg::text, document_name, created_at
          from reserve_bars where removed_at is null order by serial, id`,
  );
  return list.map(presentBar);
}

export async function findBar(db: Executor, id: number, opts: { includeRemoved: boolean }) {
  const [r] = await rows<BarRow & { document_storage_key: string; removed_at: Date | null }>(
    db,
    sql`select id::text, serial, refiner, weight_cg::text, document_name, created_at, document_storage_key, removed_at
          from reserve_bars where id = ${id} and (${opts.includeRemoved} or removed_at is null)`,
  );
  return r ? { bar: presentBar(r), storageKey: r.document_storage_key } : null;
}

export type BarDocument = { storageKey: string; name: string; size: number; sha256: string };

export async function insertBar(
  tx: Executor,
  bar: { serial: string; refiner: string; weightCg: number; createdBy: number; document: BarDocument },
): Promise<number> {
  const [r] = await rows<{ id: string }>(
    tx,
    sql`insert into reserve_bars (serial, refiner, weight_cg, document_storage_key, document_name, document_size,
                                  document_sha256, created_by)
        values (${bar.serial}, ${bar.refiner}, ${bar.weightCg}, ${bar.document.storageKey}, ${bar.document.name},
                ${bar.document.size}, ${bar.document.sha256}, ${bar.createdBy})
        returning id::text`,
  );
  return int(r!.id);
}

export async function updateBar(
  tx: Executor,
  id: number,
  bar: { serial: string; refiner: string; weightCg: number; document: BarDocument | null },
): Promise<boolean> {
  const doc = bar.document;
  const updated = await rows<{ id: string }>(
    tx,
    sql`update reserve_bars
           set serial = ${bar.serial}, refiner = ${bar.refiner}, weight_cg = ${bar.weightCg}, updated_at = now(),
               document_storage_key = coalesce(${doc?.storageKey ?? null}, document_storage_key),
               document_name = coalesce(${doc?.name ?? null}, document_name),
               document_size = coalesce(${doc?.size ?? null}::integer, document_size),
               document_sha256 = coalesce(${doc?.sha256 ?? null}, document_sha256)
         where id = ${id} and removed_at is null
        returning id::text`,
  );
  return updated.length === 1;
}

export async function removeBar(tx: Executor, id: number): Promise<boolean> {
  const removed = await rows<{ id: string }>(
    tx,
    sql`update reserve_bars set removed_at = now(), updated_at = now() where id = ${id} and removed_at is null
        returning id::text`,
  );
  return removed.length === 1;
}

/** The day's leaves in tree order: each hash and the sum under it (its silver, available + reserved). */
export async function dayLeaves(db: Executor, day: string): Promise<Array<{ hash: string; sum: number }>> {
  const list = await rows<{ leaf: string; centigrams: string }>(
    db,
    sql`select leaf, centigrams::text from reserve_leaves where day = ${day}::date order by position`,
  );
  return list.map((r) => ({ hash: r.leaf, sum: int(r.centigrams) }));
}

/** The leaves at positions [from, to) of the day's tree, in tree order (a proof's block: the primary key's range). */
export async function leavesBetween(db: Executor, day: string, from: number, to: number) {
  const list = await rows<{ leaf: string; centigrams: string }>(
    db,
    sql`select leaf, centigrams::text from reserve_leaves
         where day = ${day}::date and position >= ${from} and position < ${to} order by position`,
  );
  return list.map((r) => ({ hash: r.leaf, sum: int(r.centigrams) }));
}

/**
 * The stored nodes at these (level, position) pairs of the day's tree, in the order asked; null where the level is
 * not stored (a day built before the levels were kept).
 */
export async function treeNodes(
  db: Executor,
  day: string,
  wanted: ReadonlyArray<{ level: number; position: number }>,
): Promise<Array<{ hash: string; sum: number } | null>> {
  if (wanted.length === 0) return [];
  const found = await rows<{ n: number; hash: Uint8Array | null; sum: Uint8Array | null }>(
    db,
    sql`select w.n::int as n, substring(l.hashes from w.position * 32 + 1 for 32) as hash,
               substring(l.sums from w.position * 8 + 1 for 8) as sum
          from unnest(${sql.param(wanted.map((w) => w.level))}::int[], ${sql.param(wanted.map((w) => w.position))}::int[])
               with ordinality as w(level, position, n)
          left join reserve_tree_levels l on l.day = ${day}::date and l.level = w.level
         order by w.n`,
  );
  return found.map((r) => {
    if (r.hash?.length !== 32 || r.sum?.length !== 8) return null;
    const sum = Buffer.from(r.sum.buffer, r.sum.byteOffset, r.sum.length).readBigInt64BE(0);
    return { hash: Buffer.from(r.hash.buffer, r.hash.byteOffset, r.hash.length).toString('hex'), sum: Number(sum) };
  });
}

/** The stored levels of a day's tree from `from` up, whole: each level's hashes and sums end to end. */
export async function treeLevelsFrom(
  db: Executor,
  day: string,
  from: number,
): Promise<Map<number, { hashes: Buffer; sums: Buffer }>> {
  const found = await rows<{ level: number; hashes: Uint8Array; sums: Uint8Array }>(
    db,
    sql`select level, hashes, sums from reserve_tree_levels where day = ${day}::date and level >= ${from}`,
  );
  const bytes = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.length);
  return new Map(found.map((r) => [r.level, { hashes: bytes(r.hashes), sums: bytes(r.sums) }]));
}

/** Whether the day still has its leaves (the retention rule 'reserve_leaves' erases those of old days). */
export async function hasLeaves(db: Executor, day: string): Promise<boolean> {
  const found = await rows<{ one: number }>(
    db,
    sql`select 1 as one from reserve_leaves where day = ${day}::date limit 1`,
  );
  return found.length > 0;
}

/**
 * A customer's leaf of a day: its place, balances and hash, and the customer's version 1 salt (the same every day;
 * a version 2 salt is derived, never stored).
 */
export async function customerLeaf(db: Executor, day: string, userId: number) {
  const [r] = await rows<{
    position: number;
    centigrams: string;
    available_cg: string | null;
    reserved_cg: string | null;
    leaf: string;
    salt: string | null;
  }>(
    db,
    sql`select l.position, l.centigrams::text, l.available_cg::text, l.reserved_cg::text, l.leaf, s.salt
          from reserve_leaves l left join reserve_salts s on s.user_id = l.user_id
         where l.day = ${day}::date and l.user_id = ${userId}`,
  );
  if (!r) return null;
  return {
    position: r.position,
    centigrams: int(r.centigrams),
    availableCg: int(r.available_cg ?? r.centigrams),
    reservedCg: int(r.reserved_cg ?? 0),
    leaf: r.leaf,
    v1Salt: r.salt,
  };
}

/** Bars are a shared list with a most (RESERVE_BARS_MAX): two operators adding at once are counted one after the other. */
export async function lockBars(tx: Executor): Promise<void> {
  await tx.execute(sql`lock table reserve_bars in share row exclusive mode`);
}
