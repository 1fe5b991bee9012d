import { describe, expect, it } from 'vitest';
import { orderCost } from './order-cost';
import {
  chargeFill,
  type FillProgress,
  feeAndIof,
  HOUSE_RATES,
  maxBuyValue,
  NO_FILLS,
  type OrderRates,
  progressTotal,
} from './order-fills';

const RATES: OrderRates = { feeRateBps: 50, iofRateBps: 38, minimumFeeCents: 500 };

/** Fills an order with (price, centigrams) pairs and answers its progress and what each fill charged. */
function fillAll(side: 'buy' | 'sell', fills: Array<[number, number]>, budget?: number) {
  let p: FillProgress = NO_FILLS;
  const charges = [];
  for (const [price, qty] of fills) {
    const c = chargeFill(p, side, price * qty, RATES, budget);
    charges.push(c);
    p = c.next;
  }
  return { progress: p, charges };
}

describe('feeAndIof', () => {
  it('is the spec formula: fee max(value × rate, R$ 5,00), IOF on value + fee (LEDGER example 2)', () => {
    expect(feeAndIof(5000, RATES)).toEqual({ feeCents: 500, iofCents: 21 });
    // R$ 2.000,00: 0,5% is R$ 10,00, above the minimum; IOF (200000 + 1000) × 0,38% = 763,8 → 764
    expect(feeAndIof(200_000, RATES)).toEqual({ feeCents: 1000, iofCents: 764 });
    expect(feeAndIof(0, RATES)).toEqual({ feeCents: 0, iofCents: 0 });
    expect(feeAndIof(200_000, HOUSE_RATES)).toEqual({ feeCents: 0, iofCents: 0 });
  });
});

describe('chargeFill', () => {
  it('one fill of the whole order charges exactly the summary', () => {
    const cost = orderCost({
      side: 'buy',
      pricePerGramCents: 500,
      quantityCentigrams: 1000,
      feeRateBps: 50,
      iofRateBps: 38,
    });
    const { progress } = fillAll('buy', [[500, 1000]], cost.totalCents);
    expect(progressTotal(progress, 'buy')).toBe(cost.totalCents);
    expect(progress).toMatchObject({ valueCents: 5000, feeCents: 500, iofCents: 21 });
  });

  it('charges the R$ 5,00 minimum once, on the first fill, and only increments after it', () => {
    // 40 g at R$ 6,00/g in four fills of 10 g: value 24000, fee max(120, 500) = 500, IOF (24500 × 0,38%) = 93,1 → 93
    const cost = orderCost({
      side: 'buy',
      pricePerGramCents: 600,
      quantityCentigrams: 4000,
      feeRateBps: 50,
      iofRateBps: 38,
    });
    const { progress, charges } = fillAll(
      'buy',
      [
        [600, 1000],
        [600, 1000],
        [600, 1000],
        [600, 1000],
      ],
      cost.totalCents,
    );
    expect(charges.map((c) => c.feeCents)).toEqual([500, 0, 0, 0]);
    expect(progress.feeCents).toBe(500);
    expect(progressTotal(progress, 'buy')).toBe(cost.totalCents);
  });

  it('once above the minimum, the fee grows with the value and the fills sum to the formula on the total', () => {
    // 400 g at R$ 5,00/g in 7 uneven fills: value 200000, fee 1000, IOF 764
    const fills: Array<[number, number]> = [
      [500, 3333],
      [500, 7],
      [500, 10_000],
      [500, 6660],
      [500, 5000],
      [500, 5000],
      [500, 10_000],
    ];
    expect(fills.reduce((s, [, q]) => s + q, 0)).toBe(40_000);
    const cost = orderCost({
      side: 'buy',
      pricePerGramCents: 500,
      quantityCentigrams: 40_000,
      feeRateBps: 50,
      iofRateBps: 38,
    });
    const { progress, charges } = fillAll('buy', fills, cost.totalCents);
    expect(progress).toMatchObject({ valueCents: 200_000, feeCents: 1000, iofCents: 764 });
    expect(charges.reduce((s, c) => s + c.valueCents + c.feeCents + c.iofCents, 0)).toBe(cost.totalCents);
  });

  it('rounds the value once per order: 1000 fills of 1 cg at R$ 5,50/g cost R$ 55,00, not R$ 60,00', () => {
    const fills = Array.from({ length: 1000 }, (): [number, number] => [550, 1]);
    const cost = orderCost({
      side: 'buy',
      pricePerGramCents: 550,
      quantityCentigrams: 1000,
      feeRateBps: 50,
      iofRateBps: 38,
    });
    const { progress, charges } = fillAll('buy', fills, cost.totalCents);
    expect(progress.valueCents).toBe(5500);
    expect(charges.reduce((s, c) => s + c.valueCents, 0)).toBe(5500);
    expect(progressTotal(progress, 'buy')).toBe(cost.totalCents);
  });

  it('a buy filled at better prices than its limit pays less than its summary, never more', () => {
    const cost = orderCost({
      side: 'buy',
      pricePerGramCents: 700,
      quantityCentigrams: 2000,
      feeRateBps: 50,
      iofRateBps: 38,
    });
    const { progress } = fillAll(
      'buy',
      [
        [650, 500],
        [680, 1500],
      ],
      cost.totalCents,
    );
    expect(progressTotal(progress, 'buy')).toBeLessThan(cost.totalCents);
    expect(progress.valueCents).toBe(Math.round((650 * 500 + 680 * 1500) / 100));
  });

  it('refuses a buy fill worth more than the budget left', () => {
    expect(() => chargeFill(NO_FILLS, 'buy', 600 * 1000, RATES, 5000)).toThrow(RangeError);
    expect(() => chargeFill(NO_FILLS, 'buy', 500 * 1000, RATES)).toThrow(RangeError);
  });

  it("a sell's fee and IOF never exceed what it received; a small first fill defers the rest of the minimum", () => {
    // first fill: 1 g at R$ 2,00 = 200 centavos: fee due 500 but only 200 of room; IOF waits
    const first = chargeFill(NO_FILLS, 'sell', 200 * 100, RATES);
    expect(first).toMatchObject({ valueCents: 200, feeCents: 200, iofCents: 0 });
    expect(progressTotal(first.next, 'sell')).toBe(0);
    // second fill: 9 g more: the order is now worth 2000, fee 500 (300 caught up), IOF round(2500 × 0,38%) = 10
    const second = chargeFill(first.next, 'sell', 200 * 900, RATES);
    expect(second).toMatchObject({ valueCents: 1800, feeCents: 300, iofCents: 10 });
    const cost = orderCost({
      side: 'sell',
      pricePerGramCents: 200,
      quantityCentigrams: 1000,
      feeRateBps: 50,
      iofRateBps: 38,
    });
    expect(progressTotal(second.next, 'sell')).toBe(cost.totalCents);
    expect(cost.totalCents).toBe(1490);
  });

  it('a sell cancelled after a small fill never pays beyond its proceeds', () => {
    const only = chargeFill(NO_FILLS, 'sell', 300 * 50, RATES); // 0,5 g at R$ 3,00: 150 centavos
    expect(only.feeCents + only.iofCents).toBeLessThanOrEqual(only.valueCents);
    expect(progressTotal(only.next, 'sell')).toBe(0);
  });

  it('a fill worth less than half a centavo adds no value and no fee', () => {
    const tiny = chargeFill(NO_FILLS, 'sell', 1 * 1, RATES); // 1 cg at R$ 0,01/g: 0,0001 centavo
    expect(tiny).toMatchObject({ valueCents: 0, feeCents: 0, iofCents: 0 });
    expect(tiny.next.exact).toBe(1);
  });

  it('random fills: a complete order always sums to the formula, and a buy never passes its budget', () => {
    let seed = 42;
    const rand = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    for (let round = 0; round < 500; round++) {
      const limit = 100 + rand(100_000);
      const quantity = 1 + rand(50_000);
      for (const side of ['buy', 'sell'] as const) {
        const cost = orderCost({
          side,
          pricePerGramCents: limit,
          quantityCentigrams: quantity,
          feeRateBps: 50,
          iofRateBps: 38,
        });
        let left = quantity;
        let p = NO_FILLS;
        let charged = 0;
        let exact = 0;
        while (left > 0) {
          const qty = Math.min(left, 1 + rand(Math.max(1, Math.floor(quantity / 3))));
          // buys fill at or below their limit, sells at or above it
          const price = side === 'buy' ? limit - rand(Math.min(limit, 50)) : limit + rand(50);
          const c = chargeFill(p, side, price * qty, RATES, side === 'buy' ? cost.totalCents : undefined);
          p = c.next;
          exact += price * qty;
          charged += c.valueCents + (side === 'buy' ? 1 : -1) * (c.feeCents + c.iofCents);
          left -= qty;
          if (side === 'buy') expect(progressTotal(p, 'buy')).toBeLessThanOrEqual(cost.totalCents);
          else expect(p.feeCents + p.iofCents).toBeLessThanOrEqual(p.valueCents);
        }
        const value = Math.floor((exact + 50) / 100);
        expect(p.valueCents).toBe(value);
        expect(charged).toBe(progressTotal(p, side));
        if (side === 'sell' && cost.allowed) {
          // a complete sell pays the formula on what it received
          const { feeCents, iofCents } = feeAndIof(value, RATES);
          expect(p.feeCents + p.iofCents).toBe(feeCents + iofCents);
        }
      }
    }
  });
});

describe('maxBuyValue', () => {
  it('is the largest value whose total fits the budget', () => {
    expect(maxBuyValue(5521, RATES)).toBe(5000);
    expect(maxBuyValue(5520, RATES)).toBe(4999);
    expect(maxBuyValue(501, RATES)).toBe(0); // the minimum fee alone does not fit with its IOF
    expect(maxBuyValue(504, RATES)).toBe(2);
    for (const budget of [600, 1000, 12_345, 987_654]) {
      const v = maxBuyValue(budget, RATES);
      const at = (x: number) => x + feeAndIof(x, RATES).feeCents + feeAndIof(x, RATES).iofCents;
      expect(at(v)).toBeLessThanOrEqual(budget);
      expect(at(v + 1)).toBeGreaterThan(budget);
    }
  });
});
