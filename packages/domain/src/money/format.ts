import { toMinorUnits } from './convert';
import { mulDivHalfUp } from './rounding';
import { assertMinorUnits } from './units';

/**
 * Groups thousands with dots, pt-BR style: '1234567' → '1.234.567'. Sliced by hand: the usual look-ahead regex
 * rescans the rest of the digits at every position (quadratic).
 */
function groupThousands(integerDigits: string): string {
  const head = integerDigits.length % 3 || 3;
  const groups = [integerDigits.slice(0, head)];
  for (let i = head; i < integerDigits.length; i += 3) groups.push(integerDigits.slice(i, i + 3));
  return groups.join('.');
}

/** Splits a non-negative integer of hundredths into pt-BR text with a comma: 123456 → '1.234,56'. */
export function hundredthsToPtBr(hundredths: number): string {
  const integer = Math.floor(hundredths / 100);
  const fraction = hundredths % 100;
  return `${groupThousands(String(integer))},${String(fraction).padStart(2, '0')}`;
}

/**
 * Centavos as the customer reads them: 123456 → 'R$ 1.234,56', -100 → '-R$ 1,00'. Built by hand rather than
 * with Intl so the space after R$ is a normal space (Intl uses NBSP, which breaks string comparisons).
 */
export function formatBRL(cents: number): string {
  assertMinorUnits(cents, 'cents');
  const sign = cents < 0 ? '-' : '';
  return `${sign}R$ ${hundredthsToPtBr(Math.abs(cents))}`;
}

/**
 * Centigrams as grams: 1234 → '12,34 g', 123450 → '1.234,50 g'. `decimals: 0` is for unit products (bars),
 * shown in whole grams; a fraction of a gram is rounded half-up there.
 */
export function formatGrams(centigrams: number, opts: { decimals?: 0 | 2 } = {}): string {
  assertMinorUnits(centigrams, 'centigrams');
  const sign = centigrams < 0 ? '-' : '';
  const abs = Math.abs(centigrams);
  if (opts.decimals === 0) return `${sign}${groupThousands(String(mulDivHalfUp(abs, 1, 100)))} g`;
  return `${sign}${hundredthsToPtBr(abs)} g`;
}

/** The most decimals an average price is written with: 10^9 is above the largest order's centigrams (10^8). */
const AVERAGE_PRICE_MAX_DECIMALS = 9;

/**
 * The average price per gram of `valueCents` paid for `quantityCentigrams` (an order filled at several prices), written
 * with as few decimals as make "quantity × price" come back to the value under the one rounding rule: 6,00 g for
 * R$ 53,65 → 'R$ 8,942' (6 × 8,942 = 53,652 → R$ 53,65), where 'R$ 8,94' would read R$ 53,64. Two decimals at least;
 * a quantity under 10^d centigrams always fits in d decimals. The quantity must be above 0.
 */
export function formatAveragePricePerGram(valueCents: number, quantityCentigrams: number): string {
  assertMinorUnits(valueCents, 'valueCents');
  assertMinorUnits(quantityCentigrams, 'quantityCentigrams');
  if (valueCents < 0 || quantityCentigrams <= 0)
    throw new RangeError('formatAveragePricePerGram takes value >= 0, quantity > 0');
  for (let decimals = 2; ; decimals++) {
    const scale = 10 ** decimals;
    // the price in units of 10^-decimals reais per gram: (value / 100) / (quantity / 100) × scale
    const price = mulDivHalfUp(valueCents, scale, quantityCentigrams);
    const backCents = mulDivHalfUp(quantityCentigrams, price, scale);
    if (backCents === valueCents || decimals === AVERAGE_PRICE_MAX_DECIMALS) {
      const fraction = String(price % scale).padStart(decimals, '0');
      return `R$ ${groupThousands(String(Math.floor(price / scale)))},${fraction}`;
    }
  }
}

/** The API's reais (a dot-decimal number) as the customer reads them: 1234.56 → 'R$ 1.234,56'. */
export function formatReais(reais: number): string {
  return formatBRL(toMinorUnits(reais));
}

/** The API's grams (a dot-decimal number) as the customer reads them: 12.34 → '12,34 g'. */
export function formatDecimalGrams(grams: number): string {
  return formatGrams(toMinorUnits(grams));
}

/**
 * Basis points as a percentage: 50 → '0,50%', 38 → '0,38%', 1250 → '12,50%'. One basis point is 0,01%, so
 * with 2 decimals the digits are exact; with fewer they are rounded half-up, with more padded with zeros.
 */
export function formatPercentBps(bps: number, decimals = 2): string {
  assertMinorUnits(bps, 'bps');
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 8) {
    throw new RangeError('formatPercentBps decimals must be an integer from 0 to 8');
  }
  const sign = bps < 0 ? '-' : '';
  const abs = Math.abs(bps);
  let integer: number;
  let fraction: string;
  if (decimals >= 2) {
    integer = Math.floor(abs / 100);
    fraction = String(abs % 100).padStart(2, '0') + '0'.repeat(decimals - 2);
  } else {
    const scale = 10 ** (2 - decimals);
    const rounded = mulDivHalfUp(abs, 1, scale); // in units of 10^-decimals percent
    const perUnit = 10 ** decimals;
    integer = Math.floor(rounded / perUnit);
    fraction = decimals === 0 ? '' : String(rounded % perUnit).padStart(decimals, '0');
  }
  const body = fraction === '' ? groupThousands(String(integer)) : `${groupThousands(String(integer))},${fraction}`;
  return `${sign}${body}%`;
}
