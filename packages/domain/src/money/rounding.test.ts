import { describe, expect, it } from 'vitest';
import { mulDivHalfUp } from './rounding';

describe('mulDivHalfUp', () => {
  it('is exact when the division is exact', () => {
    expect(mulDivHalfUp(500, 1000, 100)).toBe(5000);
    expect(mulDivHalfUp(0, 123, 7)).toBe(0);
  });

  it('rounds exactly one half up', () => {
    expect(mulDivHalfUp(1, 1, 2)).toBe(1); // 0.5
    expect(mulDivHalfUp(5, 1, 2)).toBe(3); // 2.5 (not banker's 2)
    expect(mulDivHalfUp(41, 1, 2)).toBe(21); // 20.5
    expect(mulDivHalfUp(5000, 50, 10_000)).toBe(25); // 25.0
    expect(mulDivHalfUp(5100, 50, 10_000)).toBe(26); // 25.5
  });

  it('rounds below one half down and above it up', () => {
    expect(mulDivHalfUp(5500, 38, 10_000)).toBe(21); // 20.9
    expect(mulDivHalfUp(1, 49, 100)).toBe(0); // 0.49
    expect(mulDivHalfUp(1, 51, 100)).toBe(1); // 0.51
    expect(mulDivHalfUp(2, 1, 3)).toBe(1); // 0.666…
    expect(mulDivHalfUp(1, 1, 3)).toBe(0); // 0.333…
    expect(mulDivHalfUp(4999, 1, 10_000)).toBe(0); // 0.4999
  });

  it('is exact when a × b exceeds 2^53', () => {
    // 9007199254740991 × 3 / 3 would lose precision in floats.
    expect(mulDivHalfUp(Number.MAX_SAFE_INTEGER, 3, 3)).toBe(Number.MAX_SAFE_INTEGER);
    expect(mulDivHalfUp(100_000_000_000, 99_999, 100_000)).toBe(99_999_000_000);
  });

  it('throws on negatives, fractions, a zero divisor and an unsafe result', () => {
    expect(() => mulDivHalfUp(-1, 1, 1)).toThrow(RangeError);
    expect(() => mulDivHalfUp(1, -1, 1)).toThrow(RangeError);
    expect(() => mulDivHalfUp(1, 1, 0)).toThrow(RangeError);
    expect(() => mulDivHalfUp(1, 1, -2)).toThrow(RangeError);
    expect(() => mulDivHalfUp(1.5, 1, 1)).toThrow(RangeError);
    expect(() => mulDivHalfUp(Number.MAX_SAFE_INTEGER, 2, 1)).toThrow(RangeError);
  });
});
