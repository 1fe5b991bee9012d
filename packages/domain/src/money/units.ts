/** Reais in centavos: R$ 12,34 is 1234. Always a safe integer. */
export type Cents = number;
/** Silver in centigrams: 12,34 g is 1234. Always a safe integer. */
export type Centigrams = number;

/**
 * Throws unless `n` is a safe integer, the only shape an amount may have inside the code. Call it where an
 * amount enters arithmetic, so a float (12.34 reais instead of 1234 centavos) fails loudly instead of rounding
 * somewhere nobody looks. `label` names the amount in the error, e.g. 'pricePerGramCents'.
 */
export function assertMinorUnits(n: number, label: string): void {
  if (!Number.isSafeInteger(n)) {
    throw new RangeError(`${label} must be a safe integer in minor units, got ${String(n)}`);
  }
}
