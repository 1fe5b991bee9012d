import { orderCost } from '@prata/domain';
import { expect } from 'vitest';
import { placeHouseOrder } from '@/features/orders/index';
import { bearer, type Customer, type TestApp } from './helpers';

/** The test app's market rates (config defaults): 0,5 % fee, 0,38 % IOF. */
const TEST_RATES = { feeRateBps: 50, iofRateBps: 38 } as const;

/** What an order of `quantityCg` at `priceCents` a gram costs (buy) or pays (sell) at the test app's rates. */
export const testOrderCost = (side: 'buy' | 'sell', priceCents: number, quantityCg: number) =>
  orderCost({ side, pricePerGramCents: priceCents, quantityCentigrams: quantityCg, ...TEST_RATES });

/**
 * The customer takes a resting order the house places for it (buy: the house sells) through POST /api/order/{side}:
 * one fill at `priceCents`, its value, fee and IOF posted by the order book. Answers the customer's order.
 */
export async function takeHouseOrder(
  t: TestApp,
  c: Customer,
  side: 'buy' | 'sell',
  priceCents: number,
  quantityCg: number,
) {
  const house = await placeHouseOrder(t.app.deps, null, {
    side: side === 'buy' ? 'sell' : 'buy',
    pricePerGramCents: priceCents,
    quantityCentigrams: quantityCg,
  });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/order/${side}`,
    headers: bearer(c.token),
    payload: {
      order_id: house.order.id,
      price_per_gram: priceCents / 100,
      quantity_grams: quantityCg / 100,
      total_amount: testOrderCost(side, priceCents, quantityCg).totalCents / 100,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().order as { id: number; transaction_fee: number };
}
