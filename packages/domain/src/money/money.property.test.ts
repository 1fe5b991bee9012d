import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatAmountInput, parseAmountInput } from './amount-input';
import { shareByWeight } from './charges';
import { formatBRL, formatGrams } from './format';
import { orderCost } from './order-cost';
import { feeAndIof } from './order-fills';
import { minorToDecimal, parseDecimal } from './parse';
import { mulDivHalfUp } from './rounding';

/**
 * Properties of the money rules over generated values (fast-check; a failure prints its seed and the smallest case it
 * shrank to). The example tests beside them say what the rules are; these say that no value escapes them.
 */

/** Up to R$ 10 bilhões in centavos (parseDecimal's default maximum) and up to 10 t in centigrams. */
const cents = fc.integer({ min: 0, max: 1e12 });
const centigrams = fc.integer({ min: 0, max: 1e9 });
const bps = fc.integer({ min: 0, max: 10_000 });
const INTL_BRL = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

describe('an amount reads back as itself', () => {
  it('as a field shows it, with "R$", as a bank page writes it (Intl, NBSP) and as the API sends it', () => {
    fc.assert(
      fc.property(cents, (minor) => {
        const read = (text: string) => parseAmountInput(text, { allowZero: true });
        expect(read(formatAmountInput(minor))).toMatchObject({ ok: true, minor });
        expect(read(formatBRL(minor))).toMatchObject({ ok: true, minor });
        expect(read(INTL_BRL.format(minor / 100))).toMatchObject({ ok: true, minor });
        expect(parseDecimal(minorToDecimal(minor), { allowZero: true })).toEqual({ ok: true, minor });
        expect(parseDecimal(String(minorToDecimal(minor)), { allowZero: true })).toEqual({ ok: true, minor });
      }),
    );
  });

  it('grams as the screens write them', () => {
    fc.assert(
      fc.property(centigrams, (minor) => {
        expect(parseAmountInput(formatGrams(minor), { unit: 'g', allowZero: true })).toMatchObject({ ok: true, minor });
      }),
    );
  });

  it('a third decimal is refused, never rounded', () => {
    fc.assert(
      fc.property(cents, fc.integer({ min: 1, max: 9 }), (minor, digit) => {
        const text = `${formatAmountInput(minor)}${digit}`;
        expect(parseAmountInput(text, { allowZero: true })).toEqual({ ok: false, reason: 'too_many_decimals' });
      }),
    );
  });
});

describe('the rounding rule', () => {
  it('is a × b / c to the nearest integer, a half going up, even past 2^53', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e12 }),
        fc.integer({ min: 0, max: 1e6 }),
        fc.integer({ min: 1, max: 1e6 }),
        (a, b, c) => {
          // a result past 2^53 is refused (a RangeError): no amount of Prata comes near it
          fc.pre((a * b) / c < 2 ** 52);
          const r = BigInt(mulDivHalfUp(a, b, c));
          const twice = 2n * BigInt(a) * BigInt(b);
          const C = BigInt(c);
          // r − 1/2 ≤ ab/c < r + 1/2
          expect(2n * r * C - C <= twice && twice < 2n * r * C + C).toBe(true);
        },
      ),
    );
  });

  it('never decreases when a grows', () => {
    fc.assert(
      fc.property(cents, cents, bps, (x, y, rate) => {
        const [low, high] = x <= y ? [x, y] : [y, x];
        expect(mulDivHalfUp(low, rate, 10_000)).toBeLessThanOrEqual(mulDivHalfUp(high, rate, 10_000));
      }),
    );
  });
});

describe('shares of an amount', () => {
  it('add up to the amount exactly, each within a centavo of its exact share', () => {
    fc.assert(
      fc.property(
        cents,
        fc.array(fc.integer({ min: 0, max: 1e6 }), { minLength: 1, maxLength: 20 }),
        (amount, weights) => {
          const shares = shareByWeight(amount, weights);
          expect(shares.reduce((s, x) => s + x, 0)).toBe(amount);
          const total = weights.reduce((s, w) => s + w, 0);
          shares.forEach((share, i) => {
            expect(share).toBeGreaterThanOrEqual(0);
            if (total > 0) expect(Math.abs(share * total - amount * weights[i]!)).toBeLessThanOrEqual(total);
          });
        },
      ),
    );
  });
});

describe("an order's charges", () => {
  const rates = fc.record({ feeRateBps: bps, iofRateBps: bps, minimumFeeCents: fc.integer({ min: 0, max: 10_000 }) });

  it('never fall when the value grows, and the fee is never under the minimum', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e12 }), fc.integer({ min: 1, max: 1e12 }), rates, (x, y, r) => {
        const [low, high] = x <= y ? [x, y] : [y, x];
        const a = feeAndIof(low, r);
        const b = feeAndIof(high, r);
        expect(a.feeCents).toBeLessThanOrEqual(b.feeCents);
        expect(a.iofCents).toBeLessThanOrEqual(b.iofCents);
        expect(a.feeCents).toBeGreaterThanOrEqual(r.minimumFeeCents);
      }),
    );
  });

  it('a buy pays value + fee + IOF and a sell receives value − fee − IOF, the value priced once', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('buy' as const, 'sell' as const),
        fc.integer({ min: 1, max: 1e6 }),
        fc.integer({ min: 1, max: 1e8 }),
        bps,
        bps,
        (side, pricePerGramCents, quantityCentigrams, feeRateBps, iofRateBps) => {
          const cost = orderCost({ side, pricePerGramCents, quantityCentigrams, feeRateBps, iofRateBps });
          expect(cost.valueCents).toBe(mulDivHalfUp(pricePerGramCents, quantityCentigrams, 100));
          const charges = cost.feeCents + cost.iofCents;
          expect(cost.totalCents).toBe(side === 'buy' ? cost.valueCents + charges : cost.valueCents - charges);
          expect(cost.allowed).toBe(side === 'buy' ? cost.valueCents > 0 : cost.totalCents > 0);
        },
      ),
    );
  });
});
