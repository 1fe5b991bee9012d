import { brasiliaYear } from '@prata/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { int, rows } from '@/db/sql';
import { withTransaction } from '@/db/tx';
import type { AppDeps } from '@/deps';
import type { DemoEvent } from '@/lib/demo-calendar';
import { backdateForDemo, type DemoWindow } from '@/ledger/index';

/**
 * The tables a demo event writes outside the ledger, each with the column that says when a row was born: a row born
 * in the event moves whole (its expiry with it), an older row only in the columns the event set.
 */
const DATED_TABLES: ReadonlyArray<[table: string, born: string]> = [
  ['users', 'created_at'],
  ['addresses', 'created_at'],
  ['companies', 'created_at'],
  ['banking_information', 'created_at'],
  ['deposits', 'created_at'],
  ['payment_events', 'received_at'],
  ['withdrawals', 'created_at'],
  ['orders', 'created_at'],
  ['trades', 'created_at'],
  ['affiliate_rewards', 'created_at'],
  ['coupons', 'created_at'],
  ['silver_product_types', 'created_at'],
  ['silver_transfers', 'created_at'],
  ['silver_withdrawals', 'created_at'],
  ['product_invoices', 'created_at'],
  ['service_invoices', 'created_at'],
  ['event_logs', 'created_at'],
  ['audit_log', 'created_at'],
];

type Columns = Map<string, string[]>;

/** The timestamp columns of DATED_TABLES, read once per run. */
async function datedColumns(deps: AppDeps): Promise<Columns> {
  const found = await rows<{ table_name: string; column_name: string }>(
    deps.database.db,
    sql`select table_name, column_name from information_schema.columns
         where table_schema = current_schema() and data_type = 'timestamp with time zone'
           and table_name in (${sql.join(
             DATED_TABLES.map(([t]) => sql`${t}`),
             sql`, `,
           )})
         order by table_name, ordinal_position`,
  );
  const columns: Columns = new Map();
  for (const r of found) columns.set(r.table_name, [...(columns.get(r.table_name) ?? []), r.column_name]);
  return columns;
}

type Instant = { js: number; db: number };

/** The instant on both clocks: the process's (the rows a feature dates itself) and the database's (`now()`). */
async function instant(deps: AppDeps): Promise<Instant> {
  const js = Date.now();
  const [r] = await rows<{ t: string | Date }>(deps.database.db, sql`select clock_timestamp() as t`);
  return { js, db: new Date(r!.t).getTime() };
}

function shiftTable(table: string, born: string, columns: string[], w: DemoWindow): SQL {
  const since = w.since.toISOString();
  const until = w.until.toISOString();
  const at = w.at.toISOString();
  const inWindow = (c: string) => sql`${sql.identifier(c)} between ${since}::timestamptz and ${until}::timestamptz`;
  const sets = columns.map(
    (c) =>
      sql`${sql.identifier(c)} = case when ${inWindow(c)} or (${inWindow(born)} and ${sql.identifier(c)} >= ${since}::timestamptz)
                                      then ${at}::timestamptz + (${sql.identifier(c)} - ${since}::timestamptz)
                                      else ${sql.identifier(c)} end`,
  );
  return sql`update ${sql.identifier(table)} set ${sql.join(sets, sql`, `)}
              where ${sql.join(
                columns.map((c) => inWindow(c)),
                sql` or `,
              )}`;
}

/** Every dated table's shift in one statement (one round trip per event: the demo has about a hundred). */
function shiftRows(columns: Columns, w: DemoWindow): SQL {
  const shifts = DATED_TABLES.filter(([table]) => columns.get(table)?.length).map(
    ([table, born], i) => sql`${sql.identifier(`moved_${i}`)} as (${shiftTable(table, born, columns.get(table)!, w)})`,
  );
  return sql`with ${sql.join(shifts, sql`, `)} select 1`;
}

type Usage = Map<number, number>;

/** What each customer traded in this year so far: the matcher counts an event's trades in the year it runs in. */
async function usageOf(deps: AppDeps, year: number): Promise<Usage> {
  const found = await rows<{ user_id: string; cents: string }>(
    deps.database.db,
    sql`select user_id::text, traded_cents::text as cents from trading_usage where year = ${year}`,
  );
  return new Map(found.map((r) => [int(r.user_id), int(r.cents)]));
}

/** Moves what the event traded from the year it ran in to the year it happened in. */
async function moveUsage(tx: Tx, before: Usage, after: Usage, from: number, to: number) {
  for (const [userId, cents] of after) {
    const traded = cents - (before.get(userId) ?? 0);
    if (traded <= 0) continue;
    await tx.execute(
      sql`update trading_usage set traded_cents = traded_cents - ${traded} where user_id = ${userId} and year = ${from}`,
    );
    await tx.execute(sql`insert into trading_usage (user_id, year, traded_cents) values (${userId}, ${to}, ${traded})
                         on conflict (user_id, year) do update set traded_cents = trading_usage.traded_cents + excluded.traded_cents`);
  }
}

/**
 * Runs one dated event now, then moves the rows it wrote to the event's date, and its trades to the trading limit of
 * the event's year, in one transaction. Answers the event's window on the database's clock, where the ledger's rows
 * are (they move once every event ran: nothing the events do reads their dates).
 */
async function runAt(deps: AppDeps, columns: Columns, event: DemoEvent & { at: Date }): Promise<DemoWindow> {
  const year = brasiliaYear();
  const past = brasiliaYear(event.at);
  const before = past === year ? undefined : await usageOf(deps, year);
  const start = await instant(deps);
  try {
    await event.run();
  } catch (err) {
    throw new Error(`demo: ${event.what}: ${(err as Error).message}`, { cause: err });
  }
  const end = await instant(deps);
  const after = before && (await usageOf(deps, year));
  const since = new Date(Math.min(start.js, start.db));
  const until = new Date(Math.max(end.js, end.db));
  await withTransaction(deps.database.db, async (tx) => {
    await tx.execute(shiftRows(columns, { since, until, at: event.at }));
    if (before && after) await moveUsage(tx, before, after, year, past);
  });
  return { since: new Date(start.db), until: new Date(end.db), at: event.at };
}

/**
 * The demo's clock (`npm start` only): runs the events of the demo's history through the product's own code in date
 * order, each moved to its date once it ran (its ledger transfers, holds and rows, and its trades' count against the
 * trading limit of its year), so every statement adds up from zero and every screen agrees with the ledger; then the
 * events of now. Refused in production.
 */
export async function runDemoEvents(deps: AppDeps, events: readonly DemoEvent[]): Promise<void> {
  if (deps.config.env === 'production') throw new Error('demo: the demo is never seeded in production');
  const now = new Date();
  const dated = events
    .filter((e): e is DemoEvent & { at: Date } => e.at !== null)
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  const future = dated.find((e) => e.at >= now);
  if (future) throw new RangeError(`demo: ${future.what} is dated ${future.at.toISOString()}, after now`);
  const columns = await datedColumns(deps);
  const windows: DemoWindow[] = [];
  for (const event of dated) windows.push(await runAt(deps, columns, event));
  await withTransaction(deps.database.db, (tx) => backdateForDemo(tx, deps.config.env, windows));
  for (const event of events) if (event.at === null) await event.run();
}
