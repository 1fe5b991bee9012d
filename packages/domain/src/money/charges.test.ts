import { describe, expect, it } from 'vitest';
import {
  chargeSharePercent,
  computeCharges,
  shareByWeight,
  type SilverChargeItemInput,
  unitPriceNoFreight,
} from './charges';

const bar100: SilverChargeItemInput = {
  productTypeId: 1,
  quantity: 1,
  gramsPerUnitCg: 10_000,
  mintingFeePerUnitCents: 2500,
  insuranceRateBps: 50,
  pisRateBps: 165,
  cofinsRateBps: 760,
};
const intrastate = { intrastate: true, internalRateBps: 1800, interstateRateBps: 1200 };
const interstate = { intrastate: false, internalRateBps: 1900, interstateRateBps: 700 };

describe('shareByWeight', () => {
  it('shares an amount so the parts add up exactly, each within a centavo of its exact part', () => {
    expect(shareByWeight(100, [1, 1, 1])).toEqual([33, 34, 33]);
    expect(shareByWeight(1000, [3110, 5000])).toEqual([383, 617]);
    expect(shareByWeight(0, [1, 2])).toEqual([0, 0]);
    expect(shareByWeight(7, [0, 0])).toEqual([7, 0]);
    for (const [amount, weights] of [
      [99_999, [1, 2, 3, 4, 5]],
      [1, [7, 7, 7]],
      [123_457, [3110, 10_000, 25_000]],
    ] as const) {
      const parts = shareByWeight(amount, weights);
      expect(parts.reduce((s, p) => s + p, 0)).toBe(amount);
      const total = weights.reduce((s, w) => s + w, 0);
      parts.forEach((p, i) => {
        expect(Math.abs(p - (amount * weights[i]!) / total)).toBeLessThanOrEqual(1);
      });
    }
  });
});

describe('computeCharges', () => {
  it('a 100 g bar bought inside the company state: every line in exact centavos, rounded once each', () => {
    // market value R$ 600,00 (R$ 6,00/g); freight R$ 45,90; no coupon
    const c = computeCharges({
      items: [bar100],
      marketValueCents: 60_000,
      includeSilverValue: true,
      shippingCents: 4590,
      taxes: intrastate,
      discountBps: 0,
    });
    const line = c.items[0]!;
    expect(line).toMatchObject({
      gramsCg: 10_000,
      pricePerGramCents: 600,
      silverValueCents: 60_000,
      mintingFeeCents: 2500,
    });
    expect(line.insuranceFeeCents).toBe(300); // 60000 × 0,5%
    expect(line.shippingFeeCents).toBe(4590);
    // base = 60000 + 2500 + 300 + 4590 = 67390
    expect(line.icmsCents).toBe(12_130); // 67390 × 18% = 12130,2
    expect(line.difalCents).toBe(0);
    expect(line.pisCents).toBe(1112); // 67390 × 1,65% = 1111,935
    expect(line.cofinsCents).toBe(5122); // 67390 × 7,6% = 5121,64
    expect(line.totalCents).toBe(67_390 + 12_130 + 1112 + 5122);
    expect(c.totals.totalCents).toBe(line.totalCents);
    expect(c.totals.pricePerGramCents).toBe(600);
  });

  it('an interstate sale pays ICMS at the interstate rate and DIFAL at the difference to the destination rate', () => {
    const c = computeCharges({
      items: [bar100],
      marketValueCents: 60_000,
      includeSilverValue: true,
      shippingCents: 0,
      taxes: interstate,
      discountBps: 0,
    });
    // base 62800; ICMS 7% = 4396; DIFAL 12% = 7536
    expect(c.items[0]).toMatchObject({ icmsCents: 4396, difalCents: 7536 });
    const noDifal = computeCharges({
      items: [bar100],
      marketValueCents: 60_000,
      includeSilverValue: true,
      shippingCents: 0,
      taxes: { intrastate: false, internalRateBps: 700, interstateRateBps: 1200 },
      discountBps: 0,
    });
    expect(noDifal.items[0]!.difalCents).toBe(0);
  });

  it('a custody withdrawal charges no silver value but insures the bars at their market value', () => {
    const c = computeCharges({
      items: [{ ...bar100, quantity: 2 }],
      marketValueCents: 120_000,
      includeSilverValue: false,
      shippingCents: 5000,
      taxes: intrastate,
      discountBps: 0,
    });
    const line = c.items[0]!;
    expect(line.silverValueCents).toBe(0);
    expect(line.pricePerGramCents).toBe(600);
    expect(line.mintingFeeCents).toBe(5000);
    expect(line.insuranceFeeCents).toBe(600);
    const base = 5000 + 600 + 5000;
    expect(line.icmsCents).toBe(1908); // 10600 × 18%
    expect(line.totalCents).toBe(base + 1908 + 175 + 806); // PIS 174,9 → 175; COFINS 805,6 → 806
  });

  it('a coupon takes its percentage off minting, insurance and freight only, never off silver or taxes', () => {
    const without = computeCharges({
      items: [bar100],
      marketValueCents: 60_000,
      includeSilverValue: true,
      shippingCents: 4590,
      taxes: intrastate,
      discountBps: 0,
    });
    const withCoupon = computeCharges({
      items: [bar100],
      marketValueCents: 60_000,
      includeSilverValue: true,
      shippingCents: 4590,
      taxes: intrastate,
      discountBps: 1000,
    });
    const a = without.items[0]!;
    const b = withCoupon.items[0]!;
    expect(b.discountCents).toBe(739); // 10% of 2500 + 300 + 4590 = 739
    expect(b.silverValueCents).toBe(a.silverValueCents);
    expect(b.mintingFeeCents).toBe(2500 - 739);
    expect(b.insuranceFeeCents).toBe(300);
    expect(b.shippingFeeCents).toBe(4590);
    expect(b.totalCents).toBeLessThan(a.totalCents);
    // a discount larger than minting spills over to insurance, then freight
    const big = computeCharges({
      items: [bar100],
      marketValueCents: 60_000,
      includeSilverValue: true,
      shippingCents: 4590,
      taxes: intrastate,
      discountBps: 10_000,
    }).items[0]!;
    expect([big.mintingFeeCents, big.insuranceFeeCents, big.shippingFeeCents, big.discountCents]).toEqual([
      0, 0, 0, 7390,
    ]);
    expect(big.silverValueCents).toBe(60_000);
  });

  it('shares the order freight and silver value by grams, and the totals are the sums of the lines', () => {
    const c = computeCharges({
      items: [
        { ...bar100, productTypeId: 1, gramsPerUnitCg: 3110, quantity: 3 },
        { ...bar100, productTypeId: 2, gramsPerUnitCg: 5000, quantity: 1 },
      ],
      marketValueCents: 85_801,
      includeSilverValue: true,
      shippingCents: 3333,
      taxes: interstate,
      discountBps: 500,
    });
    expect(c.items.map((i) => i.gramsCg)).toEqual([9330, 5000]);
    expect(c.items[0]!.silverValueCents + c.items[1]!.silverValueCents).toBe(85_801);
    expect(c.items[0]!.shippingFeeCents + c.items[1]!.shippingFeeCents + c.totals.discountCents).toBeGreaterThan(0);
    for (const key of [
      'silverValueCents',
      'mintingFeeCents',
      'shippingFeeCents',
      'insuranceFeeCents',
      'icmsCents',
      'difalCents',
      'pisCents',
      'cofinsCents',
      'totalCents',
    ] as const) {
      expect(c.totals[key]).toBe(c.items[0]![key] + c.items[1]![key]);
    }
    const t = c.totals;
    expect(t.totalCents).toBe(
      t.silverValueCents +
        t.mintingFeeCents +
        t.shippingFeeCents +
        t.insuranceFeeCents +
        t.icmsCents +
        t.difalCents +
        t.pisCents +
        t.cofinsCents,
    );
    expect(t.gramsCg).toBe(14_330);
  });

  it('refuses input no caller should build', () => {
    const base = { marketValueCents: 1, includeSilverValue: true, shippingCents: 0, taxes: intrastate, discountBps: 0 };
    expect(() => computeCharges({ ...base, items: [] })).toThrow(RangeError);
    expect(() => computeCharges({ ...base, items: [{ ...bar100, quantity: 0 }] })).toThrow(RangeError);
    expect(() => computeCharges({ ...base, items: [bar100], discountBps: 10_001 })).toThrow(RangeError);
    expect(() => computeCharges({ ...base, items: [bar100], marketValueCents: 1.5 })).toThrow();
  });
});

describe('the breakdown and the catalogue price', () => {
  it('shows each line share of the total to one decimal, half-up', () => {
    expect(chargeSharePercent(1234, 10_000)).toBe(12.3);
    expect(chargeSharePercent(1235, 10_000)).toBe(12.4);
    expect(chargeSharePercent(1, 3)).toBe(33.3);
    expect(chargeSharePercent(0, 100)).toBe(0);
    expect(chargeSharePercent(5, 0)).toBe(0);
  });

  it('prices one unit without freight, with the taxes of a sale inside the state', () => {
    expect(unitPriceNoFreight({ item: bar100, marketValueCents: 60_000, taxes: intrastate })).toBe(
      62_800 + 11_304 + 1036 + 4773,
    );
  });
});
