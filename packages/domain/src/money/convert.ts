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
 * A number of the API as the dot-decimal text a form field holds, with two decimals rounded half-up (away from zero
 * for a negative): 0.5 → '0.50', 1.005 → '1.01', -2.345 → '-2.35'. It rounds the number's shortest decimal writing
 * (what the JSON carried) digit by digit, in integers: the float product 1.005 × 100 is 100.49999999999999.
 */
export function decimalText(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`decimalText takes a finite number, got ${value}`);
  // String() gives the shortest writing that reads back to the same double: '1.005', '1e-7', '1.5e+21'.
  const [mantissa = '0', exponent = '0'] = String(Math.abs(value)).split('e');
  const [whole = '0', fraction = ''] = mantissa.split('.');
  const digits = BigInt(whole + fraction);
  const scale = fraction.length - Number(exponent); // |value| = digits / 10^scale
  const hundredths = scale <= 2 ? digits * 10n ** BigInt(2 - scale) : halfUpDivide(digits, 10n ** BigInt(scale - 2));
  const sign = value < 0 && hundredths > 0n ? '-' : '';
  return `${sign}${hundredths / 100n}.${String(hundredths % 100n).padStart(2, '0')}`;
}

/** n / d rounded half-up, for n >= 0 and d > 0. */
function halfUpDivide(n: bigint, d: bigint): bigint {
  return (2n * n + d) / (2n * d);
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
