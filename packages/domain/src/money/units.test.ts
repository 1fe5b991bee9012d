import { describe, expect, it } from 'vitest';
import { assertMinorUnits } from './units';

describe('assertMinorUnits', () => {
  it('accepts safe integers, including zero and negatives', () => {
    expect(() => assertMinorUnits(0, 'x')).not.toThrow();
    expect(() => assertMinorUnits(1234, 'x')).not.toThrow();
    expect(() => assertMinorUnits(-500, 'x')).not.toThrow();
    expect(() => assertMinorUnits(Number.MAX_SAFE_INTEGER, 'x')).not.toThrow();
  });

  it('throws on fractions, NaN, infinities and unsafe integers, naming the amount', () => {
    expect(() => assertMinorUnits(12.34, 'amountCents')).toThrow(/amountCents/);
    expect(() => assertMinorUnits(Number.NaN, 'x')).toThrow(RangeError);
    expect(() => assertMinorUnits(Number.POSITIVE_INFINITY, 'x')).toThrow(RangeError);
    expect(() => assertMinorUnits(Number.MAX_SAFE_INTEGER + 1, 'x')).toThrow(RangeError);
  });
});
