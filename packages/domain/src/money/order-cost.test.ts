import { describe, expect, it } from 'vitest';
import { MINIMUM_FEE_CENTS, orderCost } from './order-cost';

const ledgerExample = { pricePerGramCents: 500, quantityCentigrams: 1000, feeRateBps: 50, iofRateBps: 38 };

describe('orderCost', () => {
  it('matches LEDGER.md example 2: a buy of 10 g at R$ 5,00/g', () => {
    expect(orderCost({ side: 'buy', ...ledgerExample })).toEqual({
      valueCents: 5000,
      feeCents: 500, // max(25, 500)
      iofCents: 21, // (5000 + 500) × 0.0038 = 20.9
      totalCents: 5521,
      vetPerGramCents: 552, // 5521 / 10 = 552.1
      allowed: true,
    });
  });

  it('matches LEDGER.md example 3: the seller receives value − fee − IOF', () => {
    expect(orderCost({ side: 'sell', ...ledgerExample })).toEqual({
      valueCents: 5000,
      feeCents: 500,
      iofCents: 21,
      totalCents: 4479,
      vetPerGramCents: 448, // 447.9
      allowed: true,
    });
  });

  it('defaults the minimum fee to R$ 5,00', () => {
    expect(MINIMUM_FEE_CENTS).toBe(500);
    expect(orderCost({ side: 'buy', ...ledgerExample, minimumFeeCents: 0 }).feeCents).toBe(25);
    expect(orderCost({ side: 'buy', ...ledgerExample, minimumFeeCents: 1000 }).feeCents).toBe(1000);
  });

  it('uses the percentage once it exceeds the minimum', () => {
    // 1 kg at R$ 6,00/g: value R$ 6.000,00; fee 0,5% = R$ 30,00; IOF (600000 + 3000) × 0.0038 = 2291.4
    const cost = orderCost({
      side: 'buy',
      pricePerGramCents: 600,
      quantityCentigrams: 100_000,
      feeRateBps: 50,
      iofRateBps: 38,
    });
    expect(cost).toEqual({
      valueCents: 600_000,
      feeCents: 3000,
      iofCents: 2291,
      totalCents: 605_291,
      vetPerGramCents: 605, // 605.291
      allowed: true,
    });
  });

  it('rounds the value half-up to the centavo', () => {
    // 0,01 g at R$ 0,50/g = 0,5 centavo → 1; 0,01 g at R$ 0,49/g = 0,49 centavo → 0
    expect(orderCost({ side: 'buy', ...ledgerExample, pricePerGramCents: 50, quantityCentigrams: 1 }).valueCents).toBe(
      1,
    );
    expect(orderCost({ side: 'buy', ...ledgerExample, pricePerGramCents: 49, quantityCentigrams: 1 }).valueCents).toBe(
      0,
    );
    // 12,34 g at R$ 5,55/g = 6848.7 → 6849
    expect(
      orderCost({ side: 'buy', ...ledgerExample, pricePerGramCents: 555, quantityCentigrams: 1234 }).valueCents,
    ).toBe(6849);
  });

  it('rounds the fee and IOF half-up at exactly one half', () => {
    // value 10100: fee 50 bps = 50.5 → 51 (minimum 0); IOF (10100 + 51) × 50 bps = 50.755 → 51
    const cost = orderCost({
      side: 'buy',
      pricePerGramCents: 101,
      quantityCentigrams: 10_000,
      feeRateBps: 50,
      iofRateBps: 50,
      minimumFeeCents: 0,
    });
    expect(cost.feeCents).toBe(51);
    expect(cost.iofCents).toBe(51);
    expect(cost.totalCents).toBe(10_100 + 51 + 51);
    // (value + fee) = 1250, IOF 40 bps = 5.0; (value + fee) = 1375, IOF 40 bps = 5.5 → 6
    const even = orderCost({
      side: 'buy',
      pricePerGramCents: 125,
      quantityCentigrams: 1000,
      feeRateBps: 0,
      iofRateBps: 40,
      minimumFeeCents: 0,
    });
    expect(even.iofCents).toBe(5);
    const half = orderCost({
      side: 'buy',
      pricePerGramCents: 1375,
      quantityCentigrams: 100,
      feeRateBps: 0,
      iofRateBps: 40,
      minimumFeeCents: 0,
    });
    expect(half.iofCents).toBe(6);
  });

  it('does not allow a sell whose net is zero or negative', () => {
    // 1 g at R$ 5,00: value 500, fee 500, IOF 4 (1000 × 0.0038 = 3.8) → net −4
    const loss = orderCost({ side: 'sell', ...ledgerExample, quantityCentigrams: 100 });
    expect(loss.totalCents).toBe(-4);
    expect(loss.vetPerGramCents).toBe(-4);
    expect(loss.allowed).toBe(false);
    // value 500, fee 500, no IOF → net 0
    const zero = orderCost({ side: 'sell', ...ledgerExample, quantityCentigrams: 100, iofRateBps: 0 });
    expect(zero.totalCents).toBe(0);
    expect(zero.allowed).toBe(false);
  });

  it('does not allow an order worth nothing', () => {
    const empty = orderCost({ side: 'buy', ...ledgerExample, quantityCentigrams: 0 });
    expect(empty.valueCents).toBe(0);
    expect(empty.vetPerGramCents).toBe(0);
    expect(empty.allowed).toBe(false);
    expect(orderCost({ side: 'buy', ...ledgerExample, pricePerGramCents: 0 }).allowed).toBe(false);
    expect(orderCost({ side: 'sell', ...ledgerExample, quantityCentigrams: 0 }).allowed).toBe(false);
  });

  it('throws on negative or fractional inputs and an unknown side', () => {
    expect(() => orderCost({ side: 'buy', ...ledgerExample, pricePerGramCents: -1 })).toThrow(/pricePerGramCents/);
    expect(() => orderCost({ side: 'buy', ...ledgerExample, quantityCentigrams: 10.5 })).toThrow(/quantityCentigrams/);
    expect(() => orderCost({ side: 'buy', ...ledgerExample, feeRateBps: -5 })).toThrow(/feeRateBps/);
    expect(() => orderCost({ side: 'buy', ...ledgerExample, minimumFeeCents: -1 })).toThrow(/minimumFeeCents/);
    // @ts-expect-error: the side is checked at runtime too
    expect(() => orderCost({ side: 'hold', ...ledgerExample })).toThrow(RangeError);
  });
});
