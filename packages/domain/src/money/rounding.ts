import { assertMinorUnits } from './units';

/**
 * THE rounding rule of Prata (ARCHITECTURE §4): a × b / c rounded half-up to the nearest integer, i.e. a
 * fraction of exactly one half goes up (20,5 → 21), anything below goes down (20,49 → 20).
 *
 * Every named step of the spec's formulas (value, fee, IOF, VET) goes through this function and nothing else
 * rounds money. The arithmetic is exact: BigInt for the product, so a × b may exceed 2^53 without losing a
 * centavo. Inputs are non-negative safe integers and c > 0; callers handle signs themselves.
 *
 * Typical uses: value = mulDivHalfUp(pricePerGramCents, quantityCentigrams, 100);
 * fee = mulDivHalfUp(valueCents, feeRateBps, 10_000).
 */
export function mulDivHalfUp(a: number, b: number, c: number): number {
  assertMinorUnits(a, 'a');
  assertMinorUnits(b, 'b');
  assertMinorUnits(c, 'c');
  if (a < 0 || b < 0) throw new RangeError('mulDivHalfUp takes non-negative integers');
  if (c <= 0) throw new RangeError('mulDivHalfUp divisor must be positive');
  const divisor = BigInt(c);
  // floor((2ab + c) / 2c) == floor(ab/c + 1/2): half-up for non-negative numbers.
  const result = (2n * BigInt(a) * BigInt(b) + divisor) / (2n * divisor);
  const n = Number(result);
  assertMinorUnits(n, 'mulDivHalfUp result');
  return n;
}
