import { sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { rows } from '@/db/sql';
import type { ReconciliationScope } from '@/ledger/index';

// The reads of the order book's reconciliation checks (reconciliation.ts says what each proves).

/**
 * The orders whose hold disagrees with their rest: an open order without its hold or with another amount under it, a
 * closed order with a hold still open. Reads the open orders (orders_open_idx) and those named by an open hold only.
 */
export function ordersDriftingFromHolds(db: Executor) {
  return rows<{ id: string; status: string; expected: string; held: string | null; open: string }>(
    db,
    sql`with open_refs as (
          select reference, count(*) as n from ledger_holds where state = 'held' group by reference),
        candidates as (
          select id from orders where status = 'open'
          union
          select substr(reference, 7)::bigint from open_refs where reference ~ '^order:[0-9]{1,18}$')
        select o.id::text, o.status,
               (case when o.side = 'sell' then o.remaining_cg
                     else o.hold_amount - o.value_cents - o.fee_cents - o.iof_cents end)::text as expected,
               h.amount::text as held, coalesce(r.n, 0)::text as open
          from candidates x join orders o on o.id = x.id
          left join ledger_holds h on h.hold_id = 'order:' || o.id || ':' || o.hold_seq and h.state = 'held'
          left join open_refs r on r.reference = 'order:' || o.id
         where (o.status = 'open' and (h.hold_id is null or h.amount <> (case when o.side = 'sell' then o.remaining_cg
                     else o.hold_amount - o.value_cents - o.fee_cents - o.iof_cents end)))
            or (o.status <> 'open' and r.n is not null)
         order by o.id`,
  );
}

/**
 * What is wrong of orders and trades, one line each: an order whose customer does not exist, a trade whose orders do
 * not exist, are of one side, or whose taker's side is not the taker order's. An incremental run looks at the trades
 * since the checkpoint (trades_created_idx) and the orders they and the book name.
 */
export async function strayOrdersAndTrades(db: Executor, scope: ReconciliationScope): Promise<string[]> {
  const orderScope = scope.full
    ? sql`true`
    : sql`(o.status = 'open' or o.id in (select maker_order_id from trades where created_at >= ${scope.since.toISOString()}::timestamptz
                                         union select taker_order_id from trades where created_at >= ${scope.since.toISOString()}::timestamptz))`;
  const tradeScope = scope.full ? sql`true` : sql`t.created_at >= ${scope.since.toISOString()}::timestamptz`;
  const found = await rows<{ what: string }>(
    db,
    sql`select 'ordem ' || o.id || ': cliente ' || o.user_id || ' inexistente' as what
          from orders o where o.user_id is not null and not exists (select 1 from users u where u.id = o.user_id)
           and ${orderScope}
        union all
        select 'negócio ' || t.id || ': ordens inexistentes ou do mesmo lado'
          from trades t
          left join orders m on m.id = t.maker_order_id
          left join orders k on k.id = t.taker_order_id
         where (m.id is null or k.id is null or m.side = k.side or k.side <> t.taker_side) and ${tradeScope}`,
  );
  return found.map((r) => r.what);
}
