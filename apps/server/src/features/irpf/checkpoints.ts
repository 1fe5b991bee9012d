import { statementMonthOf, statementMonthRange } from '@prata/domain';
import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { rows } from '../../db/sql';
import { int } from '../../db/integers';
import { withTransaction } from '../../db/tx';
import { CHECKPOINT_GRACE_MS } from '../../ledger/index';
import { loggedAs } from '../../lib/log-failure';
import { every } from '../../lib/per-turn';
import { BUYER_COST, type CostBasis, walkCost } from './facts';

/** The most months one run builds, oldest first (as the ledger's checkpoints). */
const MONTHS_PER_RUN = 24;
/** Rows written per statement. */
const WRITE_CHUNK = 5_000;

const monthEndAfter = (at: Date) => statementMonthRange(statementMonthOf(at)).to;

/**
 * One month's average-cost checkpoints in the caller's transaction: claims the month (its row in
 * irpf_checkpoint_months: another instance's claim makes this one wait, then do nothing), then walks each customer who
 * had a fill in [previous, end) on from their latest checkpoint through the month's fills (the trades' created_at
 * index, each fill's order by its key), and writes where each walk stands at `end`. Months are built in order without
 * gaps, so a customer's latest checkpoint covers every fill before `previous`. Answers the customers written, or null
 * when the month was claimed.
 */
async function buildMonth(tx: Executor, previous: Date | null, end: Date): Promise<number | null> {
  const claimed = await rows<{ ends_at: string }>(
    tx,
    sql`insert into irpf_checkpoint_months (ends_at) values (${end.toISOString()}::timestamptz)
        on conflict (ends_at) do nothing returning ends_at::text`,
  );
  if (claimed.length === 0) return null;
  const from = previous ? sql`${previous.toISOString()}::timestamptz` : sql`'-infinity'::timestamptz`;
  const to = sql`${end.toISOString()}::timestamptz`;
  const fills = await rows<{ user_id: string; side: 'buy' | 'sell'; cg: string; cost: string }>(
    tx,
    sql`select f.user_id::text, f.side, f.cg::text, f.cost::text from (
          select o.user_id, o.side, t.created_at, t.id, t.quantity_cg as cg, ${BUYER_COST} as cost
            from trades t join orders o on o.id = t.maker_order_id
           where t.created_at >= ${from} and t.created_at < ${to} and o.user_id is not null
          union all
          select o.user_id, o.side, t.created_at, t.id, t.quantity_cg, ${BUYER_COST}
            from trades t join orders o on o.id = t.taker_order_id
           where t.created_at >= ${from} and t.created_at < ${to} and o.user_id is not null) f
        order by f.user_id, f.created_at, f.id`,
  );
  const byUser = new Map<number, Array<{ side: 'buy' | 'sell'; cg: number; cost: number }>>();
  for (const f of fills) {
    const userId = int(f.user_id);
    const list = byUser.get(userId) ?? [];
    if (list.length === 0) byUser.set(userId, list);
    list.push({ side: f.side, cg: int(f.cg), cost: int(f.cost) });
  }
  const users = [...byUser.keys()];
  const starts = new Map<number, CostBasis>();
  for (let i = 0; i < users.length; i += WRITE_CHUNK) {
    const found = await rows<{ user_id: string; grams: string; cost_cents: string }>(
      tx,
      sql`select u.id::text as user_id, c.grams::text, c.cost_cents::text
            from unnest(${`{${users.slice(i, i + WRITE_CHUNK).join(',')}}`}::bigint[]) u(id)
            join lateral (select grams, cost_cents from irpf_cost_months m
                           where m.user_id = u.id and m.ends_at <= ${from}
                           order by m.ends_at desc limit 1) c on true`,
    );
    for (const r of found) starts.set(int(r.user_id), { grams: int(r.grams), costCents: int(r.cost_cents) });
  }
  const walked = users.map((userId) => {
    const basis = walkCost(starts.get(userId) ?? { costCents: 0, grams: 0 }, byUser.get(userId)!);
    return { user_id: userId, grams: basis.grams, cost_cents: basis.costCents };
  });
  for (let i = 0; i < walked.length; i += WRITE_CHUNK) {
    await tx.execute(
      sql`insert into irpf_cost_months (user_id, ends_at, grams, cost_cents)
          select x.user_id, ${to}, x.grams, x.cost_cents
            from jsonb_to_recordset(${JSON.stringify(walked.slice(i, i + WRITE_CHUNK))}::jsonb)
                 as x(user_id bigint, grams bigint, cost_cents bigint)`,
    );
  }
  await tx.execute(sql`update irpf_checkpoint_months set users = ${walked.length}, built_at = now()
                        where ends_at = ${to}`);
  return walked.length;
}

/**
 * One run of the IRPF's monthly checkpoint job: every month closed for longer than the ledger's grace after the latest
 * built (at most MONTHS_PER_RUN, oldest first; on a fresh database from the month of the first trade), each in its own
 * transaction, claimed by its row. Answers the months' ends this run built.
 */
export async function buildCostMonths(db: Db, now: Date = new Date()): Promise<Date[]> {
  const last = statementMonthRange(statementMonthOf(new Date(now.getTime() - CHECKPOINT_GRACE_MS))).from;
  const [latest] = await rows<{ ends_at: string | Date | null }>(
    db,
    sql`select max(ends_at) as ends_at from irpf_checkpoint_months`,
  );
  let previous = latest?.ends_at ? new Date(latest.ends_at) : null;
  let end: Date;
  if (previous) end = monthEndAfter(previous);
  else {
    const [first] = await rows<{ at: string | Date | null }>(db, sql`select min(created_at) as at from trades`);
    if (!first?.at) return [];
    end = monthEndAfter(new Date(first.at));
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

/** The job (boot.ts starts it on every instance): once at once, then every `everyMs`. */
export function startCostMonthsJob(db: Db, everyMs = 3_600_000): () => void {
  const run = () => buildCostMonths(db);
  run().catch(loggedAs('irpf: monthly checkpoints: run failed'));
  return every(everyMs, run, 'irpf: monthly checkpoints');
}
