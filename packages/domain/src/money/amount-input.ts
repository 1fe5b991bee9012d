import { hundredthsToPtBr } from './format';
import { type ParseDecimalFailure, type ParseDecimalOptions, parseDecimal } from './parse';
import { assertMinorUnits } from './units';

/** What the amount is in: reais take an "R$" before, grams a "g" or "gramas" after, rates a "%" after. */
export type AmountUnit = 'BRL' | 'g' | '%';

export type AmountInputOptions = ParseDecimalOptions & {
  /** Which sign the text may carry around the number. Default 'BRL'. */
  unit?: AmountUnit;
};

export type AmountInputResult =
  /** minor: centavos, centigrams or basis points; decimal: the dot-decimal text a form and the API read ('1234.5'). */
  { ok: true; minor: number; decimal: string } | { ok: false; reason: ParseDecimalFailure };

const fail = (reason: ParseDecimalFailure): AmountInputResult => ({ ok: false, reason });

const AFFIXES: Record<AmountUnit, { prefix?: RegExp; suffix?: RegExp }> = {
  BRL: { prefix: /^R\$\s*/i },
  g: { suffix: /\s*(?:gramas?|g)$/i },
  '%': { suffix: /\s*%$/ },
};

/** Digits grouped by threes with dots, commas or spaces ('1.234.567', '1 500'), or plain digits ('' included). */
function integerDigits(text: string, group: '.' | ','): string | null {
  if (/^\d*$/.test(text)) return text;
  const grouped = group === '.' ? /^\d{1,3}(?:[. ]\d{3})+$/ : /^\d{1,3}(?:[, ]\d{3})+$/;
  return grouped.test(text) ? text.replace(/[., ]/g, '') : null;
}

/**
 * Splits the number into integer and fraction digits, the Brazilian way with the common slips, or null.
 * - one comma is the decimal separator; dots (or spaces) before it group thousands: '1.234,56', '1 500,00', ',5';
 * - dots only: a dot followed by exactly three digits groups thousands ('1.000' is one thousand, '1.234.567'),
 *   a single dot followed by one or two digits is a decimal point ('12.5', '1234.56'), anything else is ambiguous;
 * - both: the last one is the decimal separator ('1,234.56' as pasted from an English page).
 * A separator with nothing after it ('12,' or '12.') is what a person has typed so far: no fraction.
 */
function splitAmount(text: string): { integer: string; fraction: string } | null {
  const lastComma = text.lastIndexOf(',');
  const lastDot = text.lastIndexOf('.');
  let decimalAt = -1;
  let group: '.' | ',' = '.';
  if (lastComma >= 0 && lastComma > lastDot) {
    decimalAt = lastComma;
  } else if (lastDot >= 0 && lastComma >= 0) {
    decimalAt = lastDot;
    group = ',';
  } else if (lastDot >= 0) {
    const after = text.slice(lastDot + 1);
    const single = text.indexOf('.') === lastDot;
    if (after.length === 3) decimalAt = -1;
    else if (single && after.length <= 2) decimalAt = lastDot;
    else return null;
  }
  const integerText = decimalAt < 0 ? text : text.slice(0, decimalAt);
  const fraction = decimalAt < 0 ? '' : text.slice(decimalAt + 1);
  if (!/^\d*$/.test(fraction)) return null;
  const integer = integerDigits(integerText, group);
  if (integer === null || integer + fraction === '') return null;
  return { integer, fraction };
}

/**
 * THE reading of an amount a person types or pastes into a field (reais, grams or a rate with two decimals):
 * '1.234,56', '1234,56', '1234.56', '1.000' (one thousand), 'R$ 1.500,00', ' 1 500,00 ', '12,5 g'. It only
 * finds the digits; parseDecimal turns them into minor units and applies the limits, so there is one conversion
 * and no rounding: more than two decimals is refused (too_many_decimals), never rounded. Failures are
 * parseDecimal's: empty, not_a_number (letters, two commas, '1.2345'), negative, too_many_decimals, too_large
 * (above opts.max, minor units), zero (unless opts.allowZero).
 */
export function parseAmountInput(input: string, opts: AmountInputOptions = {}): AmountInputResult {
  const { prefix, suffix } = AFFIXES[opts.unit ?? 'BRL'];
  // NBSP and the narrow NBSP are what Intl and many bank pages put between "R$" and the number or in thousands.
  let text = input.replace(/[\u00a0\u202f\u2007]/g, ' ').trim();
  if (text === '') return fail('empty');
  let negative = false;
  const takeSign = () => {
    if (!/^[-\u2212]/.test(text)) return;
    negative = true;
    text = text.slice(1).trim();
  };
  takeSign();
  if (prefix) text = text.replace(prefix, '');
  if (suffix) text = text.replace(suffix, '');
  takeSign();
  text = text.trim();
  if (text === '') return fail('empty');
  if (!/^[\d., ]+$/.test(text)) return fail('not_a_number');

  const parts = splitAmount(text);
  if (!parts) return fail('not_a_number');
  const integer = parts.integer.replace(/^0+(?=\d)/, '') || '0';
  const decimal = parts.fraction === '' ? integer : `${integer}.${parts.fraction}`;
  const parsed = parseDecimal(negative ? `-${decimal}` : decimal, { max: opts.max, allowZero: opts.allowZero });
  if (!parsed.ok) return parsed;
  return { ok: true, minor: parsed.minor, decimal };
}

/** Minor units as a field shows them, without the unit: 123456 → '1.234,56', 100000 → '1.000,00'. */
export function formatAmountInput(minor: number): string {
  assertMinorUnits(minor, 'minor');
  if (minor < 0) throw new RangeError('formatAmountInput takes a non-negative amount');
  return hundredthsToPtBr(minor);
}
