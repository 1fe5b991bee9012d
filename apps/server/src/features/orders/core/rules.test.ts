import { MESSAGES } from '@prata/domain';
import { describe, expect, it } from 'vitest';
import { AppError } from '@/lib/errors';
import { applyBatch } from './apply-batch';
import { CUSTOMER_RATES, LedgerSim, marketWith, NOW_ISO } from './testing';
import type { Account, MarketState, Op, Owner, PlaceOp } from './types';

/** The core's rules one by one, without a database: refusals, the self-trade rule, fees and IOF to the centavo. */

const SELLER: Owner = { userId: 1 };
const BUYER: Owner = { userId: 2 };
const RICH: Partial<Account> = { availableCents: 10_000_000, availableCentigrams: 100_000, tradingLimitCents: 1e12 };

const run = (state: MarketState, ...ops: Op[]) => applyBatch(state, ops, { rates: CUSTOMER_RATES, nowIso: NOW_ISO });
const limit = (owner: Owner, side: 'buy' | 'sell', pricePerGramCents: number, quantityCentigrams: number): PlaceOp => ({
  kind: 'place',
  owner,
  side,
  mode: 'limit',
  pricePerGramCents,
  quantityCentigrams,
});
const refusalOf = (r: unknown) => (r instanceof AppError ? r.code : 'applied');

describe('refusals: each answers its code, and changes nothing', () => {
  const cases: Array<[string, Partial<Account>, Op[], string]> = [
    ['a cancel of an order not open', RICH, [{ kind: 'cancel', owner: BUYER, orderId: 99 }], 'ORDER_NOT_OPEN'],
    ["a cancel of another's order", RICH, [{ kind: 'cancel', owner: BUYER, orderId: 1 }], 'ORDER_NOT_OPEN'],
    [
      'a take of an order on its own side',
      RICH,
      [{ kind: 'place', owner: BUYER, side: 'sell', mode: 'take', targetOrderId: 1, quantityCentigrams: 100 }],
      'ORDER_NOT_OPEN',
    ],
    [
      'a take of a price that changed',
      RICH,
      [
        {
          kind: 'place',
          owner: BUYER,
          side: 'buy',
          mode: 'take',
          targetOrderId: 1,
          pricePerGramCents: 499,
          quantityCentigrams: 100,
        },
      ],
      'ORDER_PRICE_CHANGED',
    ],
    [
      'a buy that would cost more than the total shown',
      RICH,
      [{ ...limit(BUYER, 'buy', 500, 1000), expectedTotalCents: 5520 }],
      'ORDER_PRICE_CHANGED',
    ],
    [
      'a market order the book cannot fill',
      RICH,
      [{ kind: 'place', owner: BUYER, side: 'buy', mode: 'market', quantityCentigrams: 1001 }],
      'ORDER_NOT_ENOUGH_IN_BOOK',
    ],
    [
      'a limit order without its price',
      RICH,
      [{ kind: 'place', owner: BUYER, side: 'buy', mode: 'limit', quantityCentigrams: 100 }],
      'VALIDATION_FAILED',
    ],
    ['an order worth nothing', RICH, [limit(BUYER, 'buy', 1, 1)], 'ORDER_NOT_ALLOWED'],
    ['a sell that would net nothing after the minimum fee', RICH, [limit(BUYER, 'sell', 500, 10)], 'ORDER_NOT_ALLOWED'],
    [
      'an order beyond the trading limit',
      { ...RICH, tradingLimitCents: 5_000, tradedCents: 1 },
      [limit(BUYER, 'buy', 500, 1000)],
      'TRADING_LIMIT_EXCEEDED',
    ],
    [
      'a buy beyond the available reais',
      { ...RICH, availableCents: 5_520 },
      [limit(BUYER, 'buy', 500, 1000)],
      'INSUFFICIENT_BALANCE',
    ],
    [
      'a sell beyond the available silver',
      { ...RICH, availableCentigrams: 999 },
      [limit(BUYER, 'sell', 600, 1000)],
      'INSUFFICIENT_BALANCE',
    ],
  ];
  it.each(cases)('%s', (_, buyer, ops, code) => {
    const state = marketWith({ u1: RICH, u2: buyer });
    run(state, limit(SELLER, 'sell', 500, 1000)); // order 1: 10 g at R$ 5,00
    const before = JSON.stringify([...state.openOrders.values(), [...state.accounts], state.lastOrderId]);
    const batch = run(state, ...ops);
    expect(batch.results.map(refusalOf)).toEqual([code]);
    expect(batch.ledgerCommands).toEqual([]);
    expect(batch.orderRows).toEqual([]);
    expect(JSON.stringify([...state.openOrders.values(), [...state.accounts], state.lastOrderId])).toBe(before);
  });

  it('the trading limit counts what was traded this year and the open orders at their prices', () => {
    const state = marketWith({ u2: { ...RICH, tradingLimitCents: 10_000, tradedCents: 4_000 } });
    expect(run(state, limit(BUYER, 'buy', 500, 600)).results.map(refusalOf)).toEqual(['applied']); // 30,00 open
    // 40,00 traded + 30,00 open + 35,00 more > 100,00: 30,00 left
    const refused = run(state, limit(BUYER, 'buy', 500, 700)).results[0];
    expect(refused).toMatchObject({
      code: 'TRADING_LIMIT_EXCEEDED',
      message: MESSAGES.tradingLimitExceeded('R$ 100,00', 'R$ 30,00'),
    });
  });

  it('the house never crosses its own resting orders', () => {
    const state = marketWith({ house: RICH });
    run(state, limit('house', 'sell', 500, 1000));
    expect(run(state, limit('house', 'buy', 500, 100)).results.map(refusalOf)).toEqual(['ORDER_NOT_ALLOWED']);
    expect(run(state, limit('house', 'buy', 499, 100)).results.map(refusalOf)).toEqual(['applied']);
  });
});

describe('the self-trade rule: an order skips its owner’s resting orders', () => {
  it("a buy passes over its owner's ask, trades with the next owner's behind it, and rests beside its own", () => {
    const state = marketWith({ u1: RICH, u2: RICH });
    const resting = run(state, limit(BUYER, 'sell', 500, 1000), limit(SELLER, 'sell', 500, 1000));
    expect(resting.results.map(refusalOf)).toEqual(['applied', 'applied']);
    const batch = run(state, limit(BUYER, 'buy', 500, 3000));
    expect(batch.trades.map((t) => [t.maker_order_id, t.quantity_cg])).toEqual([[2, 1000]]);
    expect([...state.openOrders.values()].map((o) => [o.id, o.side, o.remainingCentigrams])).toEqual([
      [1, 'sell', 1000],
      [3, 'buy', 2000],
    ]);
  });

  it('a take of its own order is refused; a market order cannot walk only its own', () => {
    const state = marketWith({ u2: RICH });
    run(state, limit(BUYER, 'sell', 500, 1000));
    const own = { kind: 'place', owner: BUYER, side: 'buy', quantityCentigrams: 100 } as const;
    const batch = run(state, { ...own, mode: 'take', targetOrderId: 1 }, { ...own, mode: 'market' });
    expect(batch.results.map(refusalOf)).toEqual(['ORDER_OWN', 'ORDER_NOT_ENOUGH_IN_BOOK']);
  });
});

describe('fees and IOF to the centavo', () => {
  it('taking 10 g at R$ 5,00: the buyer pays 55,21, the seller nets 44,79 (LEDGER example 3)', () => {
    const ledger = new LedgerSim();
    ledger.fund('u1', 'AG', 1000);
    ledger.fund('u2', 'BRL', 10_000);
    const state = marketWith({ u1: { availableCentigrams: 1000, tradingLimitCents: 1e9 } });
    state.accounts.set('u2', {
      availableCents: 10_000,
      availableCentigrams: 0,
      tradingLimitCents: 1e9,
      tradedCents: 0,
    });
    expect(ledger.apply(run(state, limit(SELLER, 'sell', 500, 1000)))).toEqual([]);
    const take = run(state, {
      kind: 'place',
      owner: BUYER,
      side: 'buy',
      mode: 'take',
      targetOrderId: 1,
      pricePerGramCents: 500,
      quantityCentigrams: 1000,
      expectedTotalCents: 5521,
    });
    expect(ledger.apply(take)).toEqual([]);
    expect(take.results[0]).toMatchObject({ status: 'filled', filledCentigrams: 1000, trades: 1 });
    expect(take.trades[0]).toMatchObject({
      buyer_value_cents: 5000,
      buyer_fee_cents: 500,
      buyer_iof_cents: 21,
      seller_value_cents: 5000,
      seller_fee_cents: 500,
      seller_iof_cents: 21,
    });
    expect(ledger.balance('u2', 'available', 'BRL')).toBe(10_000 - 5521);
    expect(ledger.balance('u2', 'available', 'AG')).toBe(1000);
    expect(ledger.balance('u1', 'available', 'BRL')).toBe(4479);
    expect(ledger.balances.get('system:revenue:operating-fee:BRL')).toBe(1000);
    expect(ledger.balances.get('system:tax:iof:BRL')).toBe(42);
    // filled whole by its own placement: the taker's money moved without a hold of its own
    expect(take.ledgerCommands.some((c) => c.kind === 'hold')).toBe(false);
    expect(state.accounts.get('u2')).toMatchObject({ availableCents: 10_000 - 5521, tradedCents: 5000 });
    expect(take.usage).toEqual([
      [2, 5000],
      [1, 5000],
    ]);
  });

  it('partial fills: the resting order keeps its rest under its next hold and pays the R$ 5,00 minimum once', () => {
    const ledger = new LedgerSim();
    ledger.fund('u1', 'AG', 1000);
    ledger.fund('u2', 'BRL', 1_000_000);
    const state = marketWith({ u1: { availableCentigrams: 1000, tradingLimitCents: 1e9 } });
    state.accounts.set('u2', {
      availableCents: 1_000_000,
      availableCentigrams: 0,
      tradingLimitCents: 1e9,
      tradedCents: 0,
    });
    ledger.apply(run(state, limit(SELLER, 'sell', 500, 1000)));
    const fees: number[] = [];
    for (const quantityCentigrams of [300, 300, 400]) {
      const batch = run(state, { kind: 'place', owner: BUYER, side: 'buy', mode: 'market', quantityCentigrams });
      expect(ledger.apply(batch)).toEqual([]);
      fees.push(batch.trades[0]!.seller_fee_cents);
    }
    expect(fees.reduce((a, b) => a + b, 0)).toBe(500);
    expect(ledger.balance('u1', 'held', 'AG')).toBe(0);
    expect(state.openOrders.size).toBe(0);
    expect(ledger.balance('u2', 'available', 'AG')).toBe(1000);
  });
});
