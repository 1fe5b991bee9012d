import { describe, expect, it } from 'vitest';
import { limitSummary, quoteSummary, ratesOf, typedMinor } from './summary';

const rates = ratesOf({ transaction_fee: 0.5, iof_fee: 0.38, minimum_fee: 5 });

describe('the orders summary', () => {
  it('turns the API percents and reais into basis points and centavos without float noise', () => {
    expect(rates).toEqual({ feeRateBps: 50, iofRateBps: 38, minimumFeeCents: 500 });
    expect(ratesOf({ transaction_fee: 0.29, iof_fee: 1.1, minimum_fee: 4.35 })).toEqual({
      feeRateBps: 29,
      iofRateBps: 110,
      minimumFeeCents: 435,
    });
  });

  it('computes only when price × quantity is above 0 (spec 2 §4)', () => {
    expect(limitSummary('buy', null, 1000, rates)).toBeNull();
    expect(limitSummary('buy', 500, 0, rates)).toBeNull();
    expect(typedMinor('', 100)).toBeNull();
    expect(typedMinor('0', 100)).toBeNull();
    expect(typedMinor('12.5', 10_000)).toBe(1250);
  });

  it("is LEDGER.md's example 2 for a buy, and flags the fee above the minimum", () => {
    expect(limitSummary('buy', 500, 1000, rates)).toMatchObject({
      valueCents: 5000,
      feeCents: 500,
      iofCents: 21,
      totalCents: 5521,
      vetPerGramCents: 552,
      allowed: true,
      feeAboveMinimum: false,
    });
    expect(limitSummary('buy', 10_000, 2000, rates)).toMatchObject({ feeCents: 1000, feeAboveMinimum: true });
  });

  it('refuses a sell whose net is not above zero', () => {
    expect(limitSummary('sell', 50, 1000, rates)).toMatchObject({ totalCents: -4, allowed: false });
  });

  it('reads a market quote, and none when the book cannot fill it', () => {
    const quote = {
      type: 'sell' as const,
      quantity_grams: 10,
      available: true,
      price_per_gram: 5.4,
      value: 54,
      transaction_fee: 5,
      iof_fee: 0.22,
      total: 48.78,
      vet_per_gram: 4.88,
      allowed: true,
    };
    expect(quoteSummary(quote, rates)).toMatchObject({ totalCents: 4878, pricePerGramCents: 540, allowed: true });
    expect(quoteSummary({ ...quote, available: false }, rates)).toBeNull();
  });
});
