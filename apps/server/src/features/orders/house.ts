import { randomUUID } from 'node:crypto';
import { type AdminMarketResponse, MESSAGES, minorToDecimal, type OrderSide, BRASILIA_TIME_ZONE } from '@prata/domain';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { withTransaction } from '../../db/tx';
import { writeAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { balanceOf, post, requireOk } from '../../ledger/index';
import { int, rows } from '../../db/sql';
import { cancelOrder, engineOf, marketRates, presentRates } from './service';
import { LAST_TRADE_ORDER } from './last-trade';

/**
 * The house: the platform's own account in the book (ARCHITECTURE §5), run by operators from the back office. It
 * trades like a customer but pays no fee and no IOF (it is the platform), has no trading limit, and is funded by
 * operators: silver put in the vault, capital paid in.
 */

export type Staff = { userId: number; ip: string };

/** GET /api/admin/market */
export async function marketOverview(deps: AppDeps): Promise<AdminMarketResponse> {
  const db = deps.database.db;
  const [rates, brlA, brlH, agA, agH, orders, levels, stats] = await Promise.all([
    marketRates(db),
    balanceOf(db, { house: 'available' }, 'BRL'),
    balanceOf(db, { house: 'held' }, 'BRL'),
    balanceOf(db, { house: 'available' }, 'AG'),
    balanceOf(db, { house: 'held' }, 'AG'),
    rows<{
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
      sql`select o.id::text, o.side, o.price_cents::text, o.quantity_cg::text, o.remaining_cg::text, o.filled_cg::text,
                 o.status, o.created_at
            from orders o where o.user_id is null order by (o.status = 'open') desc, o.id desc limit 100`,
    ),
    rows<{ side: OrderSide; price: string; quantity: string; orders: string }>(
      db,
      sql`(select side, price_cents::text as price, sum(remaining_cg)::text as quantity, count(*)::text as orders
             from orders where status = 'open' and side = 'sell' group by side, price_cents
            order by price_cents asc limit 20)
          union all
          (select side, price_cents::text, sum(remaining_cg)::text, count(*)::text
             from orders where status = 'open' and side = 'buy' group by side, price_cents
            order by price_cents desc limit 20)`,
    ),
    rows<{ last: string | null; n: string; volume: string }>(
      db,
      sql`select (select price_cents::text from trades order by ${LAST_TRADE_ORDER} limit 1) as last,
                 count(*)::text as n, coalesce(sum(quantity_cg), 0)::text as volume
            from trades
           where created_at >= date_trunc('day', now() at time zone ${BRASILIA_TIME_ZONE}) at time zone ${BRASILIA_TIME_ZONE}`,
    ),
  ]);
  const level = (r: { price: string; quantity: string; orders: string }) => ({
    price_per_gram: minorToDecimal(int(r.price)),
    quantity_grams: minorToDecimal(int(r.quantity)),
    orders: int(r.orders),
  });
  const s = stats[0];
  return {
    ...presentRates(rates),
    house: {
      available_reais: minorToDecimal(brlA),
      held_reais: minorToDecimal(brlH),
      available_grams: minorToDecimal(agA),
      held_grams: minorToDecimal(agH),
    },
    house_orders: orders.map((o) => ({
      id: int(o.id),
      type: o.side,
      price_per_gram: minorToDecimal(int(o.price_cents)),
      ordered_grams: minorToDecimal(int(o.quantity_cg)),
      quantity_grams: minorToDecimal(int(o.remaining_cg)),
      filled_grams: minorToDecimal(int(o.filled_cg)),
      status: o.status,
      created_at: new Date(o.created_at).toISOString(),
    })),
    asks: levels.filter((l) => l.side === 'sell').map(level),
    bids: levels.filter((l) => l.side === 'buy').map(level),
    last_price: s?.last ? minorToDecimal(int(s.last)) : null,
    trades_today: int(s?.n ?? 0),
    volume_today_grams: minorToDecimal(int(s?.volume ?? 0)),
  };
}

/** PUT /api/admin/market/settings: rates in basis points and the minimum fee in centavos; new orders only. */
export async function updateMarketSettings(
  deps: AppDeps,
  staff: Staff,
  input: { transaction_fee: number; iof_fee: number; minimum_fee: number },
) {
  // the contract parsed percents and reais into hundredths: 0,5% → 50 bps, R$ 5,00 → 500 centavos
  if (input.transaction_fee > 10_000 || input.iof_fee > 10_000) {
    throw new AppError('VALIDATION_FAILED', MESSAGES.amountInvalid);
  }
  await withTransaction(deps.database.db, async (tx) => {
    await tx.execute(
      sql`update market_settings set fee_rate_bps = ${input.transaction_fee}, iof_rate_bps = ${input.iof_fee},
                                     minimum_fee_cents = ${input.minimum_fee}, updated_by = ${staff.userId},
                                     updated_at = now()`,
    );
    // every matcher reads the new rates before its next batch: the update moves the market's version (migration
    // 0025's trigger)
    await writeAudit(tx, {
      actorUserId: staff.userId,
      action: 'market.settings',
      targetType: 'market',
      targetId: 1,
      details: {
        fee_rate_bps: input.transaction_fee,
        iof_rate_bps: input.iof_fee,
        minimum_fee_cents: input.minimum_fee,
      },
      ip: staff.ip,
    });
  });
  return { message: MESSAGES.marketSettingsSaved };
}

/** POST /api/admin/market/house-orders: a limit order of the house. */
export async function placeHouseOrder(
  deps: AppDeps,
  staff: Staff | null,
  input: { type: OrderSide; price_per_gram: number; quantity_grams: number },
) {
  const outcome = await engineOf(deps).submit({
    kind: 'place',
    owner: 'house',
    side: input.type,
    mode: 'limit',
    pricePerGramCents: input.price_per_gram,
    quantityCentigrams: input.quantity_grams,
  });
  if (staff) {
    await writeAudit(deps.database.db, {
      actorUserId: staff.userId,
      action: 'market.house_order',
      targetType: 'order',
      targetId: outcome.orderId,
      details: { side: input.type, price_cents: input.price_per_gram, quantity_cg: input.quantity_grams },
      ip: staff.ip,
    });
  }
  const overview = await marketOverview(deps);
  const order = overview.house_orders.find((o) => o.id === outcome.orderId);
  if (!order) throw new Error(`orders: house order ${outcome.orderId} not found after its commit`);
  return { message: MESSAGES.houseOrderPlaced, order };
}

/** DELETE /api/admin/market/house-orders/{id} */
export async function cancelHouseOrder(deps: AppDeps, staff: Staff, id: number) {
  const answer = await cancelOrder(deps, 'house', id);
  await writeAudit(deps.database.db, {
    actorUserId: staff.userId,
    action: 'market.house_order_cancel',
    targetType: 'order',
    targetId: id,
    ip: staff.ip,
  });
  return { message: answer.message };
}

/**
 * POST /api/admin/market/house-funding: silver the house put in the vault (vault → house, LEDGER example 9) or reais
 * it paid in at the company's bank account (ted:clearing → house).
 */
export async function fundHouse(deps: AppDeps, staff: Staff | null, input: { currency: 'AG' | 'BRL'; amount: number }) {
  await withTransaction(deps.database.db, async (tx) => {
    const id = `house-funding:${randomUUID()}`;
    requireOk(
      await post(tx, {
        id,
        debit: input.currency === 'AG' ? { system: 'vault' } : { system: 'ted:clearing' },
        credit: { house: 'available' },
        currency: input.currency,
        amount: input.amount,
        code: input.currency === 'AG' ? 'house.vault' : 'house.capital',
      }),
    );
    if (staff) {
      await writeAudit(tx, {
        actorUserId: staff.userId,
        action: 'market.house_funding',
        targetType: 'ledger_transfer',
        targetId: id,
        details: { currency: input.currency, amount: input.amount },
        ip: staff.ip,
      });
    }
  });
  return { message: MESSAGES.houseFunded };
}
