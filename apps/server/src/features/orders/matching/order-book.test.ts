import { describe, expect, it } from 'vitest';
import { OrderBook } from './index';

function book(...orders: Array<[id: string, owner: string, side: 'buy' | 'sell', price: number, quantity: number]>) {
  const b = new OrderBook();
  for (const [id, owner, side, price, quantity] of orders) b.placeLimit({ id, owner, side, price, quantity });
  return b;
}

describe('OrderBook: placing limit orders', () => {
  it('rests an order that crosses nothing, and aggregates levels best first', () => {
    const b = book(['b1', 'ana', 'buy', 500, 100], ['b2', 'bia', 'buy', 510, 50], ['b3', 'caio', 'buy', 500, 30]);
    b.placeLimit({ id: 's1', owner: 'ana', side: 'sell', price: 520, quantity: 10 });
    expect(b.snapshot()).toEqual({
      bids: [
        { price: 510, quantity: 50, orders: 1 },
        { price: 500, quantity: 130, orders: 2 },
      ],
      asks: [{ price: 520, quantity: 10, orders: 1 }],
    });
    expect(b.bestBid()).toBe(510);
    expect(b.bestAsk()).toBe(520);
    expect(b.size).toBe(4);
    expect(b.get('b3')).toMatchObject({ owner: 'caio', side: 'buy', price: 500, quantity: 30, remaining: 30 });
  });

  it('matches the best price first, then the oldest order at that price, each fill at the resting price', () => {
    const b = book(['s1', 'ana', 'sell', 510, 100], ['s2', 'bia', 'sell', 500, 100], ['s3', 'caio', 'sell', 500, 100]);
    const r = b.placeLimit({ id: 'b1', owner: 'davi', side: 'buy', price: 520, quantity: 250 });
    expect(r.fills.map((f) => [f.makerId, f.price, f.quantity, f.makerFilled])).toEqual([
      ['s2', 500, 100, true],
      ['s3', 500, 100, true],
      ['s1', 510, 50, false],
    ]);
    expect(r.fills[0]).toEqual({
      makerId: 's2',
      makerOwner: 'bia',
      takerId: 'b1',
      takerOwner: 'davi',
      takerSide: 'buy',
      price: 500,
      quantity: 100,
      value: 500, // 1 g at R$ 5,00
      makerFilled: true,
    });
    expect(r).toMatchObject({ filledQuantity: 250, value: 500 + 500 + 255, resting: null });
    expect(b.get('s1')?.remaining).toBe(50);
    expect(b.snapshot().asks).toEqual([{ price: 510, quantity: 50, orders: 1 }]);
  });

  it('rests the remainder at its own price once prices stop crossing', () => {
    const b = book(['b1', 'ana', 'buy', 500, 100], ['b2', 'bia', 'buy', 490, 100]);
    const r = b.placeLimit({ id: 's1', owner: 'caio', side: 'sell', price: 495, quantity: 300 });
    expect(r.fills.map((f) => [f.makerId, f.price, f.quantity])).toEqual([['b1', 500, 100]]);
    expect(r.resting).toMatchObject({ id: 's1', price: 495, quantity: 300, remaining: 200 });
    expect(b.bestAsk()).toBe(495);
    expect(b.bestBid()).toBe(490);
  });

  it('rounds each fill value half up: 3 cg at R$ 0,50/g is 1,5 centavo → 2', () => {
    const b = book(['s1', 'ana', 'sell', 50, 3]);
    expect(b.placeLimit({ id: 'b1', owner: 'bia', side: 'buy', price: 50, quantity: 3 }).fills[0]?.value).toBe(2);
  });

  it('orders by seq within a price when seqs are given (rebuilding a book in any order)', () => {
    const b = new OrderBook();
    b.placeLimit({ id: 'late', owner: 'ana', side: 'sell', price: 500, quantity: 10, seq: 20 });
    b.placeLimit({ id: 'early', owner: 'bia', side: 'sell', price: 500, quantity: 10, seq: 10 });
    b.placeLimit({ id: 'next', owner: 'caio', side: 'sell', price: 500, quantity: 10 }); // seq 21
    expect(b.restingOrders('sell').map((o) => [o.id, o.seq])).toEqual([
      ['early', 10],
      ['late', 20],
      ['next', 21],
    ]);
    const r = b.placeMarket({ id: 'm', owner: 'davi', side: 'buy', quantity: 15 });
    expect(r.fills.map((f) => f.makerId)).toEqual(['early', 'late']);
  });
});

describe('OrderBook: market orders', () => {
  it('walks the book up to its quantity and never rests', () => {
    const b = book(['b1', 'ana', 'buy', 500, 100], ['b2', 'bia', 'buy', 480, 100]);
    const r = b.placeMarket({ id: 'm', owner: 'caio', side: 'sell', quantity: 150 });
    expect(r.fills.map((f) => [f.makerId, f.price, f.quantity])).toEqual([
      ['b1', 500, 100],
      ['b2', 480, 50],
    ]);
    expect(r).toMatchObject({ filledQuantity: 150, unfilledQuantity: 0, value: 500 + 240 });
    expect(b.get('m')).toBeNull();
  });

  it('answers the unfilled quantity when the book runs out', () => {
    const b = book(['s1', 'ana', 'sell', 500, 100]);
    const r = b.placeMarket({ id: 'm', owner: 'bia', side: 'buy', quantity: 300 });
    expect(r).toMatchObject({ filledQuantity: 100, unfilledQuantity: 200, value: 500 });
    expect(b.size).toBe(0);
    expect(b.placeMarket({ id: 'm2', owner: 'bia', side: 'buy', quantity: 5 })).toEqual({
      fills: [],
      filledQuantity: 0,
      unfilledQuantity: 5,
      value: 0,
    });
  });

  it('a buy stops at limitValue: the largest quantity whose value fits', () => {
    const b = book(['s1', 'ana', 'sell', 500, 100], ['s2', 'bia', 'sell', 700, 1000]);
    // 500 centavos buy s1 whole; 1,000 more at R$ 7,00/g: 142 cg are worth 994, 143 cg 1,001.
    const r = b.placeMarket({ id: 'm', owner: 'caio', side: 'buy', quantity: 10_000, limitValue: 1500 });
    expect(r.fills.map((f) => [f.makerId, f.quantity, f.value])).toEqual([
      ['s1', 100, 500],
      ['s2', 142, 994],
    ]);
    expect(r).toMatchObject({ filledQuantity: 242, unfilledQuantity: 9758, value: 1494 });
  });

  it('limitValue counts half-up rounding: budget 1 buys 3 cg at 50/g (1,5 → 2 would not fit)', () => {
    const b = book(['s1', 'ana', 'sell', 50, 100]);
    const r = b.placeMarket({ id: 'm', owner: 'bia', side: 'buy', quantity: 100, limitValue: 1 });
    expect(r.fills.map((f) => [f.quantity, f.value])).toEqual([[2, 1]]);
  });
});

describe('OrderBook: take (buy or sell this order)', () => {
  it('fills against that one order at its price, up to its remaining quantity', () => {
    const b = book(['s1', 'ana', 'sell', 500, 100], ['s2', 'bia', 'sell', 600, 100]);
    const r = b.take({ id: 't', owner: 'caio', targetId: 's2', quantity: 150 });
    expect(r).toEqual({
      ok: true,
      fill: expect.objectContaining({ makerId: 's2', takerSide: 'buy', price: 600, quantity: 100, makerFilled: true }),
    });
    expect(b.get('s2')).toBeNull();
    expect(b.get('s1')?.remaining).toBe(100); // a better price elsewhere is not touched
    const partial = b.take({ id: 't2', owner: 'caio', targetId: 's1', quantity: 40 });
    expect(partial.ok && partial.fill).toMatchObject({ quantity: 40, value: 200, makerFilled: false });
    expect(b.get('s1')?.remaining).toBe(60);
  });

  it("refuses a missing target and one's own order, changing nothing", () => {
    const b = book(['b1', 'ana', 'buy', 500, 100]);
    expect(b.take({ id: 't', owner: 'bia', targetId: 'nope', quantity: 10 })).toEqual({
      ok: false,
      reason: 'not_found',
    });
    expect(b.take({ id: 't', owner: 'ana', targetId: 'b1', quantity: 10 })).toEqual({ ok: false, reason: 'own_order' });
    expect(b.get('b1')?.remaining).toBe(100);
  });
});

describe('OrderBook: cancel', () => {
  it('removes the order, answers its open quantity, and drops its emptied level', () => {
    const b = book(['b1', 'ana', 'buy', 500, 100], ['b2', 'bia', 'buy', 490, 100]);
    b.placeMarket({ id: 'm', owner: 'caio', side: 'sell', quantity: 30 });
    expect(b.cancel('b1')).toBe(70);
    expect(b.cancel('b1')).toBeNull();
    expect(b.bestBid()).toBe(490);
    expect(b.snapshot().bids).toEqual([{ price: 490, quantity: 100, orders: 1 }]);
    expect(b.size).toBe(1);
  });

  it('keeps the FIFO intact when the middle order of a level goes', () => {
    const b = book(['a', 'ana', 'sell', 500, 10], ['b', 'bia', 'sell', 500, 10], ['c', 'caio', 'sell', 500, 10]);
    b.cancel('b');
    b.placeLimit({ id: 'd', owner: 'davi', side: 'sell', price: 500, quantity: 10 });
    expect(b.restingOrders('sell').map((o) => o.id)).toEqual(['a', 'c', 'd']);
  });
});

describe('OrderBook: self-trade prevention', () => {
  it("skips the owner's own orders, which keep resting, and matches behind them", () => {
    const b = book(['own1', 'ana', 'sell', 500, 100], ['x', 'bia', 'sell', 500, 100], ['own2', 'ana', 'sell', 510, 50]);
    b.placeLimit({ id: 'y', owner: 'caio', side: 'sell', price: 520, quantity: 100 });
    const r = b.placeLimit({ id: 'b1', owner: 'ana', side: 'buy', price: 520, quantity: 150 });
    expect(r.fills.map((f) => [f.makerId, f.quantity])).toEqual([
      ['x', 100],
      ['y', 50],
    ]);
    expect(b.restingOrders('sell').map((o) => [o.id, o.remaining])).toEqual([
      ['own1', 100],
      ['own2', 50],
      ['y', 50],
    ]);
  });

  it('lets the remainder rest crossing only its own orders', () => {
    const b = book(['own', 'ana', 'sell', 500, 100]);
    const r = b.placeLimit({ id: 'b1', owner: 'ana', side: 'buy', price: 510, quantity: 100 });
    expect(r.fills).toEqual([]);
    expect(r.resting?.remaining).toBe(100);
    expect([b.bestBid(), b.bestAsk()]).toEqual([510, 500]);
    // Someone else selling meets the best bid (ana's 510); her own sell stays.
    const s = b.placeMarket({ id: 'm', owner: 'bia', side: 'sell', quantity: 100 });
    expect(s.fills.map((f) => [f.makerId, f.price])).toEqual([['b1', 510]]);
  });

  it('a market order of only own orders fills nothing', () => {
    const b = book(['own', 'ana', 'buy', 500, 100]);
    expect(b.placeMarket({ id: 'm', owner: 'ana', side: 'sell', quantity: 10 }).unfilledQuantity).toBe(10);
    expect(b.get('own')?.remaining).toBe(100);
  });
});

describe('OrderBook: averagePrice', () => {
  it('is the walk a market order then makes, without changing the book', () => {
    const b = book(
      ['s1', 'ana', 'sell', 500, 100],
      ['s2', 'bia', 'sell', 501, 33],
      ['s3', 'caio', 'sell', 777, 1000],
      ['b1', 'ana', 'buy', 400, 10],
    );
    const before = b.snapshot();
    const avg = b.averagePrice('buy', 250);
    expect(b.snapshot()).toEqual(before);
    // 500 + 165 (165,33) + 909 (908,09) = 1574 for 2,50 g → 629,6 → 630 centavos per gram
    expect(avg).toEqual({
      filledQuantity: 250,
      value: 1574,
      exact: 500 * 100 + 501 * 33 + 777 * 117,
      averagePricePerGram: 630,
    });
    const m = b.placeMarket({ id: 'm', owner: 'davi', side: 'buy', quantity: 250 });
    expect([m.filledQuantity, m.value]).toEqual([avg.filledQuantity, avg.value]);
  });

  it("skips the asker's own orders when given the owner, and answers null with nothing to fill", () => {
    const b = book(['s1', 'ana', 'sell', 500, 100], ['s2', 'bia', 'sell', 600, 100]);
    expect(b.averagePrice('buy', 100, 'ana')).toEqual({
      filledQuantity: 100,
      value: 600,
      exact: 60_000,
      averagePricePerGram: 600,
    });
    expect(b.averagePrice('sell', 100)).toEqual({ filledQuantity: 0, value: 0, exact: 0, averagePricePerGram: null });
  });
});

describe('OrderBook: programmer errors throw', () => {
  const b = book(['b1', 'ana', 'buy', 500, 100]);
  it.each([
    [{ price: 1.5 }, RangeError],
    [{ price: 0 }, RangeError],
    [{ quantity: -1 }, RangeError],
    [{ quantity: Number.MAX_SAFE_INTEGER + 1 }, RangeError],
    [{ quantity: '10' }, TypeError],
    [{ side: 'hold' }, TypeError],
    [{ id: '' }, RangeError],
    [{ id: 'b1' }, RangeError], // already resting
    [{ seq: 0 }, RangeError],
  ])('placeLimit with %o', (override, error) => {
    const input = { id: 'n', owner: 'bia', side: 'sell', price: 500, quantity: 10, ...override };
    expect(() => b.placeLimit(input as never)).toThrow(error);
    expect(b.size).toBe(1);
  });

  it('limitValue on a market sell, and a non-integer take', () => {
    expect(() => b.placeMarket({ id: 'm', owner: 'bia', side: 'sell', quantity: 1, limitValue: 10 })).toThrow(
      RangeError,
    );
    expect(() => b.take({ id: 't', owner: 'bia', targetId: 'b1', quantity: 0.5 })).toThrow(RangeError);
    expect(() => b.averagePrice('buy', 0)).toThrow(RangeError);
  });
});
