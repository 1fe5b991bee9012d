import { mulDivHalfUp } from './rounding';
import { assertMinorUnits, type Centigrams, type Cents } from './units';

/**
 * The conversions between the API's and the screen's reais and grams and the integers the code counts in, written
 * once. Reais are counted in centavos, grams in centigrams, rates in basis points: every one is hundredths of what
 * the API writes, so one pair of functions (toMinorUnits, minorToDecimal in parse.ts) serves all three.
 */

/**
 * A dot-decimal number from the API (reais, grams or a percentage: 1234.56) as minor units (123456). Rounded to the
 * nearest integer at this edge because the float is not exact (1234.56 * 100 = 123455.99999999999); an amount a
 * person typed goes through parseAmountInput instead, which refuses a third decimal rather than round it.
 */
export function toMinorUnits(decimal: number): number {
  if (!Number.isFinite(decimal)) throw new RangeError(`toMinorUnits takes a finite number, got ${decimal}`);
  return Math.round(decimal * 100);
}

/**
 * Minor units as the dot-decimal text the API reads in a body or a path: 25000000 → '250000.00', 105 → '1.05',
 * -7 → '-0.07'. Built from the integer's digits: no float is divided or rounded.
 */
export function minorToDecimalText(minor: number): string {
  assertMinorUnits(minor, 'minor');
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * THE value of silver: price per gram × quantity, in centavos, rounded half-up once (the one rounding rule).
 * 10 g (1000 cg) at R$ 5,00/g (500) → 5000; 0,01 g at R$ 0,49/g → 0 (0,49 of a centavo), at R$ 0,50/g → 1.
 */
export function silverValueCents(pricePerGramCents: Cents, quantityCentigrams: Centigrams): Cents {
  return mulDivHalfUp(pricePerGramCents, quantityCentigrams, 100);
}

/**
 * The price per gram an amount paid for a quantity comes to, in centavos per gram, rounded half-up: the average
 * price of fills, the average cost of a position, a VET. The inverse of silverValueCents. The quantity must be > 0.
 */
export function perGramCents(amountCents: Cents, quantityCentigrams: Centigrams): Cents {
  return mulDivHalfUp(amountCents, 100, quantityCentigrams);
}

/**
 * An exact sum of price × quantity (centavos × centigrams per gram, never rounded along the way) as centavos,
 * rounded half-up once: what several fills of one order are worth together.
 */
export function exactValueCents(priceTimesCentigrams: number): Cents {
  return mulDivHalfUp(priceTimesCentigrams, 1, 100);
}
