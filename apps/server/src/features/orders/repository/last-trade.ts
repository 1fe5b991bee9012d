import { sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { rows } from '@/db/sql';
import { int } from '@/db/integers';

/**
 * The last trade is the latest by its time (`created_at`, then id), not the highest id: ids follow the matcher's
 * batches, but the demos (orders, invoices, affiliates) date their trades back after placing them, so a higher id can
 * be an older trade (a R$ 7,97 trade of "last month" shown as the last price while the chart's last candle said
 * R$ 8,95). Every place that shows "the last price" (the price history, the back office) reads it here.
 */
export const LAST_TRADE_ORDER = sql`created_at desc, id desc`;

/** Centavos per gram of the last trade, or null before the first. */
export async function lastTradePrice(db: Executor): Promise<number | null> {
  const [last] = await rows<{ price: string }>(
    db,
    sql`select price_cents::text as price from trades order by ${LAST_TRADE_ORDER} limit 1`,
  );
  return last ? int(last.price) : null;
}

/**
 * The reference of the period's change: the last trade at or before the period began (the price as it stood then,
 * e.g. 24 hours ago for the day), or, when the market had no trade before, the period's first trade. Null without
 * either. The change shown beside the last price is last ÷ reference − 1.
 */
export async function referencePrice(db: Executor, since: string): Promise<number | null> {
  const [found] = await rows<{ price: string }>(
    db,
    sql`select coalesce(
          (select price_cents from trades where created_at < now() - ${since}::interval
            order by ${LAST_TRADE_ORDER} limit 1),
          (select price_cents from trades where created_at >= now() - ${since}::interval
            order by created_at asc, id asc limit 1))::text as price`,
  );
  return found?.price ? int(found.price) : null;
}
