// In a module of its own: only the back office's forms use it, and the web's first load must not carry it.

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
