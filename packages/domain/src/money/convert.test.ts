import { describe, expect, it } from 'vitest';
import { exactValueCents, minorToDecimalText, perGramCents, silverValueCents, toMinorUnits } from './convert';
import { decimalText } from './decimal-text';
import { minorToDecimal } from './parse';

describe('toMinorUnits', () => {
  it("turns the API's dot-decimal reais, grams and percents into hundredths", () => {
    expect(toMinorUnits(1234.56)).toBe(123456);
    expect(toMinorUnits(0.07)).toBe(7);
    expect(toMinorUnits(0.5)).toBe(50);
    expect(toMinorUnits(0)).toBe(0);
    expect(toMinorUnits(-12.34)).toBe(-1234);
  });
  it('rounds away the float noise of the product', () => {
    expect(0.29 * 100).not.toBe(29);
    expect(1.15 * 100).not.toBe(115);
    expect(toMinorUnits(1.15)).toBe(115);
    expect(toMinorUnits(0.29)).toBe(29);
    expect(toMinorUnits(1.005)).toBe(100); // 1.005 is 1.00499999... as a double
  });
  it('refuses what is not a number', () => {
    expect(() => toMinorUnits(Number.NaN)).toThrow(RangeError);
    expect(() => toMinorUnits(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
  it('is the inverse of minorToDecimal', () => {
    for (const minor of [0, 1, 7, 99, 100, 105, 123456, 25_000_000, 999_999_999_99]) {
      expect(toMinorUnits(minorToDecimal(minor))).toBe(minor);
    }
  });
});

describe('minorToDecimalText', () => {
  it("writes the API's dot-decimal text with two decimals", () => {
    expect(minorToDecimalText(25_000_000)).toBe('250000.00');
    expect(minorToDecimalText(105)).toBe('1.05');
    expect(minorToDecimalText(7)).toBe('0.07');
    expect(minorToDecimalText(0)).toBe('0.00');
    expect(minorToDecimalText(-7)).toBe('-0.07');
    expect(minorToDecimalText(-12345)).toBe('-123.45');
  });
  it('refuses a fraction of a minor unit', () => {
    expect(() => minorToDecimalText(1.5)).toThrow(RangeError);
  });
});

describe('silverValueCents', () => {
  // [price per gram (centavos), quantity (centigrams), value (centavos)]
  const table: Array<[number, number, number]> = [
    [500, 1000, 5000], // 10 g at R$ 5,00/g
    [49, 1, 0], // 0,49 of a centavo rounds down
    [50, 1, 1], // exactly half a centavo rounds up
    [51, 1, 1],
    [12345, 333, 41109], // 3,33 g at R$ 123,45/g = 41108,85 → 41109
    [0, 1000, 0],
    [500, 0, 0],
  ];
  it.each(table)('%i centavos/g × %i cg = %i centavos', (price, quantity, value) => {
    expect(silverValueCents(price, quantity)).toBe(value);
  });
  it('refuses floats and negatives', () => {
    expect(() => silverValueCents(5.5, 100)).toThrow(RangeError);
    expect(() => silverValueCents(500, -1)).toThrow(RangeError);
  });
});

describe('perGramCents', () => {
  it('is the price per gram an amount comes to, rounded half-up', () => {
    expect(perGramCents(5000, 1000)).toBe(500);
    expect(perGramCents(5521, 1000)).toBe(552); // 552,1
    expect(perGramCents(5525, 1000)).toBe(553); // 552,5
    expect(perGramCents(100, 3)).toBe(3333); // R$ 1,00 for 0,03 g
  });
  it('refuses a quantity of zero', () => {
    expect(() => perGramCents(100, 0)).toThrow(RangeError);
  });
});

describe('exactValueCents', () => {
  it('rounds an exact sum of price × centigrams to centavos once', () => {
    // two fills of 0,01 g at R$ 0,50/g: each alone would round to 1 centavo, together they are exactly 1
    expect(exactValueCents(50 + 50)).toBe(1);
    expect(exactValueCents(149)).toBe(1);
    expect(exactValueCents(150)).toBe(2);
    expect(exactValueCents(500 * 1000)).toBe(silverValueCents(500, 1000));
  });
});

describe('decimalText', () => {
  it('writes two decimals', () => {
    expect(decimalText(0.5)).toBe('0.50');
    expect(decimalText(0)).toBe('0.00');
    expect(decimalText(12)).toBe('12.00');
    expect(decimalText(1234.56)).toBe('1234.56');
    expect(decimalText(0.07)).toBe('0.07');
  });
  it('rounds half-up the decimals the number was written with, not its float product', () => {
    expect(Math.round(1.005 * 100) / 100).toBe(1); // the float way loses the half
    expect(decimalText(1.005)).toBe('1.01');
    expect(decimalText(1.004)).toBe('1.00');
    expect(decimalText(0.125)).toBe('0.13');
    expect(decimalText(2.675)).toBe('2.68');
    expect(decimalText(0.994999)).toBe('0.99');
    expect(decimalText(9.995)).toBe('10.00');
  });
  it('rounds a negative away from zero and never writes -0.00', () => {
    expect(decimalText(-2.345)).toBe('-2.35');
    expect(decimalText(-0.001)).toBe('0.00');
    expect(decimalText(-12.3)).toBe('-12.30');
  });
  it('reads the exponent writing of very small and very large numbers', () => {
    expect(decimalText(1e-7)).toBe('0.00');
    expect(decimalText(5e-3)).toBe('0.01');
    expect(decimalText(1.5e21)).toBe('1500000000000000000000.00');
  });
  it('refuses what is not a number', () => {
    expect(() => decimalText(Number.NaN)).toThrow(RangeError);
    expect(() => decimalText(Number.NEGATIVE_INFINITY)).toThrow(RangeError);
  });
});
