import { BRASILIA_TIME_ZONE, type OrderSide } from '@prata/domain';
import { sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { int } from '@/db/integers';
import { rows } from '@/db/sql';
import { LAST_TRADE_ORDER } from './last-trade';

// The house's back office (house.ts): its orders, the book's levels, the day's trades, the market's rates.

/** How many of the house's orders the back office lists: the open ones first, then the latest. */
const HOUSE_ORDERS_SHOWN = 100;
/** How many price levels of each side the back office shows. */
const LEVELS_SHOWN = 20;

export type HouseOrderRow = {
  id: number;
  side: OrderSide;
  pricePerGramCents: number;
  quantityCentigrams: number;
  remainingCentigrams: number;
  filledCentigrams: number;
  status: 'open' | 'filled' | 'cancelled';
  createdAt: string;
};

/** The house's orders, the open ones first, then the latest. */
export async function houseOrders(db: Executor): Promise<HouseOrderRow[]> {
  const found = await rows<{
    id: string;
    side: OrderSide;
    price_cents: string;
    quantity_cg: string;
    remaining_cg: string;
    filled_cg: string;
    status: 'open' | 'filled' | 'cancelled';
    created_at: string;
  }>(
    db,
    // the open ones first, then the latest others: two index ranges (orders_house_open_idx, orders_house_idx), never
    // the house's whole history sorted
    sql`select h.id::text, h.side, h.price_cents::text, h.quantity_cg::text, h.remaining_cg::text, h.filled_cg::text,
               h.status, h.created_at
          from ((select o.* from orders o where o.user_id is null and o.status = 'open'
                  order by o.id desc limit ${HOUSE_ORDERS_SHOWN})
                union all
                (select o.* from orders o where o.user_id is null and o.status <> 'open'
                  order by o.id desc limit ${HOUSE_ORDERS_SHOWN})) h
         order by (h.status = 'open') desc, h.id desc
         limit ${HOUSE_ORDERS_SHOWN}`,
  );
  return found.map((o) => ({
    id: int(o.id),
    side: o.side,
    pricePerGramCents: int(o.price_cents),
    quantityCentigrams: int(o.quantity_cg),
    remainingCentigrams: int(o.remaining_cg),
    filledCentigrams: int(o.filled_cg),
    status: o.status,
    createdAt: o.created_at,
  }));
}

export type BookLevel = { side: OrderSide; pricePerGramCents: number; quantityCentigrams: number; orders: number };

/** The book's best price levels of each side (asks ascending, bids descending), every owner's orders together. */
export async function bookLevels(db: Executor): Promise<BookLevel[]> {
  const found = await rows<{ side: OrderSide; price_cents: string; quantity_cg: string; orders: string }>(
    db,
    sql`(select side, price_cents::text, sum(remaining_cg)::text as quantity_cg, count(*)::text as orders
           from orders where status = 'open' and side = 'sell' group by side, price_cents
          order by price_cents asc limit ${LEVELS_SHOWN})
        union all
        (select side, price_cents::text, sum(remaining_cg)::text, count(*)::text
           from orders where status = 'open' and side = 'buy' group by side, price_cents
          order by price_cents desc limit ${LEVELS_SHOWN})`,
  );
  return found.map((l) => ({
    side: l.side,
    pricePerGramCents: int(l.price_cents),
    quantityCentigrams: int(l.quantity_cg),
    orders: int(l.orders),
  }));
}

/** The last trade's price, and the number and grams of today's trades (the day in Brasília). */
export async function todaysTrades(
  db: Executor,
): Promise<{ lastPricePerGramCents: number | null; trades: number; volumeCentigrams: number }> {
  const [stats] = await rows<{ last_cents: string | null; n: string; volume_cg: string }>(
    db,
    sql`select (select price_cents::text from trades order by ${LAST_TRADE_ORDER} limit 1) as last_cents,
               count(*)::text as n, coalesce(sum(quantity_cg), 0)::text as volume_cg
          from trades
         where created_at >= date_trunc('day', now() at time zone ${BRASILIA_TIME_ZONE}) at time zone ${BRASILIA_TIME_ZONE}`,
  );
  return {
    lastPricePerGramCents: stats?.last_cents ? int(stats.last_cents) : null,
    trades: int(stats?.n ?? 0),
    volumeCentigrams: int(stats?.volume_cg ?? 0),
  };
}

/**
 * The market's rates for new orders. Every matcher reads them before its next batch: the update moves the market's
 * version (migration 0025's trigger).
 */
export async function updateMarketRates(
  tx: Executor,
  rates: { feeRateBps: number; iofRateBps: number; minimumFeeCents: number; updatedBy: number },
): Promise<void> {
  await tx.execute(
    sql`update market_settings set fee_rate_bps = ${rates.feeRateBps}, iof_rate_bps = ${rates.iofRateBps},
                                   minimum_fee_cents = ${rates.minimumFeeCents}, updated_by = ${rates.updatedBy},
                                   updated_at = now()`,
  );
}
