import { assertMinorUnits } from './units';

export type ParseDecimalFailure = 'empty' | 'not_a_number' | 'negative' | 'too_many_decimals' | 'too_large' | 'zero';
export type ParseDecimalResult = { ok: true; minor: number } | { ok: false; reason: ParseDecimalFailure };
export type ParseDecimalOptions = {
  /** Largest accepted value, in minor units (centavos or centigrams). Default 1e12 (R$ 10 billion). */
  max?: number;
  /** Accept 0. Default false: an amount of zero is almost always a mistake on a form. */
  allowZero?: boolean;
};

const DEFAULT_MAX_MINOR = 1e12;

const fail = (reason: ParseDecimalFailure): ParseDecimalResult => ({ ok: false, reason });

/**
 * Splits an unsigned decimal string into its integer and fraction digits, or null if it is not one.
 * Accepted: `1234`, `1234.56`, `1234,56` and pt-BR with thousands dots `1.234.567,89`. Both separators in
 * other arrangements (`1,234.56`, `1.2,3`), several dots without a comma (`1.234.567`), exponents, and a
 * missing digit on either side of the separator (`.5`, `5.`) are rejected: ambiguous input is not money.
 */
function splitDecimal(text: string): { integer: string; fraction: string } | null {
  const ptBrThousands = /^(\d{1,3}(?:\.\d{3})+),(\d+)$/.exec(text);
  if (ptBrThousands) return { integer: ptBrThousands[1]!.replace(/\./g, ''), fraction: ptBrThousands[2]! };
  const plain = /^(\d+)(?:[.,](\d+))?$/.exec(text);
  if (plain) return { integer: plain[1]!, fraction: plain[2] ?? '' };
  return null;
}

/** A JS number as a plain decimal string (no exponent), or the failure for a number that has none. */
function numberToText(value: number): { text: string } | { failure: ParseDecimalFailure } {
  if (!Number.isFinite(value)) return { failure: 'not_a_number' };
  if (value < 0) return { failure: 'negative' };
  const text = String(value);
  if (!/e/i.test(text)) return { text };
  // String() writes exponents only below 1e-6 (too many decimals) or from 1e21 on (above any safe max).
  return { failure: value >= 1 ? 'too_large' : 'too_many_decimals' };
}

/**
 * Converts an amount from the API or a form into minor units (×100), exactly. The decimal text is split into
 * digits and joined as an integer, so no float is ever multiplied: 1.005 is refused (too_many_decimals) rather
 * than turned into 100 or 101, and 0.1 + 0.2 style errors cannot occur.
 *
 * Accepts numbers (`12.34`) and strings (`'12.34'`, `'12,34'`, `'1.234,56'`, `'R$ 1.234,56'`, surrounding
 * spaces). Failures, checked in this order: empty (null, undefined, blank), not_a_number, negative,
 * too_many_decimals (more than 2), too_large (above opts.max), zero (unless opts.allowZero).
 */
export function parseDecimal(input: unknown, opts: ParseDecimalOptions = {}): ParseDecimalResult {
  const max = opts.max ?? DEFAULT_MAX_MINOR;
  assertMinorUnits(max, 'parseDecimal max');

  let text: string;
  if (input === null || input === undefined) return fail('empty');
  if (typeof input === 'number') {
    const converted = numberToText(input);
    if ('failure' in converted) return fail(converted.failure);
    text = converted.text;
  } else if (typeof input === 'string') {
    text = input.trim();
  } else {
    return fail('not_a_number');
  }
  if (text === '') return fail('empty');

  let negative = false;
  if (text.startsWith('-')) {
    negative = true;
    text = text.slice(1).trim();
  }
  // Currency prefix, also after the sign ('-R$ 1,00'); \s covers the NBSP that Intl puts after R$.
  text = text.replace(/^R\$\s*/i, '');
  if (text.startsWith('-') && !negative) {
    negative = true;
    text = text.slice(1).trim();
  }

  const parts = splitDecimal(text);
  if (!parts) return fail('not_a_number');
  const integerDigits = parts.integer.replace(/^0+(?=\d)/, '');
  const isZero = /^0*$/.test(integerDigits + parts.fraction);
  if (negative && !isZero) return fail('negative');
  if (parts.fraction.length > 2) return fail('too_many_decimals');
  // max is a safe integer (16 digits at most): a longer integer part is too large without building a BigInt of it.
  if (integerDigits.length > 16) return fail('too_large');

  const minor = BigInt(integerDigits + parts.fraction.padEnd(2, '0'));
  if (minor > BigInt(max)) return fail('too_large');
  if (minor === 0n && !opts.allowZero) return fail('zero');
  return { ok: true, minor: Number(minor) };
}

/**
 * Minor units to the dot-decimal number the API answers with: 123456 → 1234.56. Division of an integer by 100
 * is correctly rounded, so the result is the same double as the literal 1234.56.
 */
export function minorToDecimal(minor: number): number {
  assertMinorUnits(minor, 'minor');
  return minor / 100;
}
