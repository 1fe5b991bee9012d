import { randomUUID } from 'node:crypto';
import { type AdminMarketResponse, MESSAGES, minorToDecimal, type OrderSide } from '@prata/domain';
import type { AppDeps } from '@/deps';
import { withTransaction } from '@/db/tx';
import { writeAudit } from '@/lib/audit';
import { AppError } from '@/lib/errors';
import { balanceOf, post, requireOk } from '@/ledger/index';
import { cancelOrder, engineOf, marketRates, presentRates } from './service';
import { type BookLevel, bookLevels, houseOrders, todaysTrades, updateMarketRates } from './repository/index';

/**
 * The house: the platform's own account in the book (ARCHITECTURE §5), run by operators from the back office. It
 * trades like a customer but pays no fee and no IOF (it is the platform), has no trading limit, and is funded by
 * operators: silver put in the vault, capital paid in.
 */

export type Staff = { userId: number; ip: string };

/** GET /api/admin/market */
export async function marketOverview(deps: AppDeps): Promise<AdminMarketResponse> {
  const db = deps.database.db;
  const [rates, availableCents, heldCents, availableCg, heldCg, orders, levels, today] = await Promise.all([
    marketRates(db),
    balanceOf(db, { house: 'available' }, 'BRL'),
    balanceOf(db, { house: 'held' }, 'BRL'),
    balanceOf(db, { house: 'available' }, 'AG'),
    balanceOf(db, { house: 'held' }, 'AG'),
    houseOrders(db),
    bookLevels(db),
    todaysTrades(db),
  ]);
  const level = (l: BookLevel) => ({
    price_per_gram: minorToDecimal(l.pricePerGramCents),
    quantity_grams: minorToDecimal(l.quantityCentigrams),
    orders: l.orders,
  });
  return {
    ...presentRates(rates),
    house: {
      available_reais: minorToDecimal(availableCents),
      held_reais: minorToDecimal(heldCents),
      available_grams: minorToDecimal(availableCg),
      held_grams: minorToDecimal(heldCg),
    },
    house_orders: orders.map((o) => ({
      id: o.id,
      type: o.side,
      price_per_gram: minorToDecimal(o.pricePerGramCents),
      ordered_grams: minorToDecimal(o.quantityCentigrams),
      quantity_grams: minorToDecimal(o.remainingCentigrams),
      filled_grams: minorToDecimal(o.filledCentigrams),
      status: o.status,
      created_at: new Date(o.createdAt).toISOString(),
    })),
    asks: levels.filter((l) => l.side === 'sell').map(level),
    bids: levels.filter((l) => l.side === 'buy').map(level),
    last_price: today.lastPricePerGramCents === null ? null : minorToDecimal(today.lastPricePerGramCents),
    trades_today: today.trades,
    volume_today_grams: minorToDecimal(today.volumeCentigrams),
  };
}

/** The market's rates as an operator sets them: basis points and centavos. */
export type MarketSettings = { feeRateBps: number; iofRateBps: number; minimumFeeCents: number };

/** PUT /api/admin/market/settings: rates in basis points and the minimum fee in centavos; new orders only. */
export async function updateMarketSettings(deps: AppDeps, staff: Staff, settings: MarketSettings) {
  if (settings.feeRateBps > 10_000 || settings.iofRateBps > 10_000) {
    throw new AppError('VALIDATION_FAILED', MESSAGES.amountInvalid);
  }
  await withTransaction(deps.database.db, async (tx) => {
    await updateMarketRates(tx, { ...settings, updatedBy: staff.userId });
    await writeAudit(tx, {
      actorUserId: staff.userId,
      action: 'market.settings',
      targetType: 'market',
      targetId: 1,
      details: {
        fee_rate_bps: settings.feeRateBps,
        iof_rate_bps: settings.iofRateBps,
        minimum_fee_cents: settings.minimumFeeCents,
      },
      ip: staff.ip,
    });
  });
  return { message: MESSAGES.marketSettingsSaved };
}

/** A limit order of the house: its side, its price in centavos per gram and its quantity in centigrams. */
export type HouseOrder = { side: OrderSide; pricePerGramCents: number; quantityCentigrams: number };

/** POST /api/admin/market/house-orders: a limit order of the house. */
export async function placeHouseOrder(deps: AppDeps, staff: Staff | null, placed: HouseOrder) {
  const outcome = await engineOf(deps).submit({ kind: 'place', owner: 'house', mode: 'limit', ...placed });
  if (staff) {
    await writeAudit(deps.database.db, {
      actorUserId: staff.userId,
      action: 'market.house_order',
      targetType: 'order',
      targetId: outcome.orderId,
      details: { side: placed.side, price_cents: placed.pricePerGramCents, quantity_cg: placed.quantityCentigrams },
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

/** What the house is funded with: centigrams of silver (AG) or centavos (BRL). */
export type HouseFunding = { currency: 'AG' | 'BRL'; amountMinorUnits: number };

/**
 * POST /api/admin/market/house-funding: silver the house put in the vault (vault → house, LEDGER example 9) or reais
 * it paid in at the company's bank account (ted:clearing → house).
 */
export async function fundHouse(deps: AppDeps, staff: Staff | null, funding: HouseFunding) {
  await withTransaction(deps.database.db, async (tx) => {
    const id = `house-funding:${randomUUID()}`;
    requireOk(
      await post(tx, {
        id,
        debit: funding.currency === 'AG' ? { system: 'vault' } : { system: 'ted:clearing' },
        credit: { house: 'available' },
        currency: funding.currency,
        amount: funding.amountMinorUnits,
        code: funding.currency === 'AG' ? 'house.vault' : 'house.capital',
      }),
    );
    if (staff) {
      await writeAudit(tx, {
        actorUserId: staff.userId,
        action: 'market.house_funding',
        targetType: 'ledger_transfer',
        targetId: id,
        details: { currency: funding.currency, amount: funding.amountMinorUnits },
        ip: staff.ip,
      });
    }
  });
  return { message: MESSAGES.houseFunded };
}
