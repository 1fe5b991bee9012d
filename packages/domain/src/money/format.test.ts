import { describe, expect, it } from 'vitest';
import {
  formatAveragePricePerGram,
  formatBRL,
  formatDecimalGrams,
  formatGrams,
  formatPercentBps,
  formatReais,
} from './format';
import { mulDivHalfUp } from './rounding';

describe('formatBRL', () => {
  it('formats centavos with comma decimals and thousands dots', () => {
    expect(formatBRL(0)).toBe('R$ 0,00');
    expect(formatBRL(5)).toBe('R$ 0,05');
    expect(formatBRL(50)).toBe('R$ 0,50');
    expect(formatBRL(500)).toBe('R$ 5,00');
    expect(formatBRL(99999)).toBe('R$ 999,99');
    expect(formatBRL(123456)).toBe('R$ 1.234,56');
    expect(formatBRL(123456789)).toBe('R$ 1.234.567,89');
    expect(formatBRL(100000000)).toBe('R$ 1.000.000,00');
  });

  it('puts the sign before R$ and uses a normal space', () => {
    expect(formatBRL(-100)).toBe('-R$ 1,00');
    expect(formatBRL(-123456)).toBe('-R$ 1.234,56');
    expect(formatBRL(1)).not.toContain('\u00a0');
  });

  it('throws on amounts that are not integers', () => {
    expect(() => formatBRL(12.34)).toThrow(RangeError);
  });
});

describe('formatGrams', () => {
  it('formats centigrams with 2 decimals by default', () => {
    expect(formatGrams(1234)).toBe('12,34 g');
    expect(formatGrams(123450)).toBe('1.234,50 g');
    expect(formatGrams(5)).toBe('0,05 g');
    expect(formatGrams(0)).toBe('0,00 g');
    expect(formatGrams(-1000)).toBe('-10,00 g');
    expect(formatGrams(1234, { decimals: 2 })).toBe('12,34 g');
  });

  it('formats whole grams with decimals 0, rounding half-up', () => {
    expect(formatGrams(10000, { decimals: 0 })).toBe('100 g');
    expect(formatGrams(100000000, { decimals: 0 })).toBe('1.000.000 g');
    expect(formatGrams(1250, { decimals: 0 })).toBe('13 g');
    expect(formatGrams(1249, { decimals: 0 })).toBe('12 g');
  });
});

describe('formatPercentBps', () => {
  it('formats basis points with 2 decimals by default', () => {
    expect(formatPercentBps(50)).toBe('0,50%');
    expect(formatPercentBps(38)).toBe('0,38%');
    expect(formatPercentBps(1250)).toBe('12,50%');
    expect(formatPercentBps(10000)).toBe('100,00%');
    expect(formatPercentBps(0)).toBe('0,00%');
    expect(formatPercentBps(-25)).toBe('-0,25%');
  });

  it('rounds half-up with fewer decimals and pads with more', () => {
    expect(formatPercentBps(38, 1)).toBe('0,4%');
    expect(formatPercentBps(35, 1)).toBe('0,4%');
    expect(formatPercentBps(34, 1)).toBe('0,3%');
    expect(formatPercentBps(150, 0)).toBe('2%');
    expect(formatPercentBps(149, 0)).toBe('1%');
    expect(formatPercentBps(38, 3)).toBe('0,380%');
    expect(formatPercentBps(12345600, 0)).toBe('123.456%');
  });

  it('throws on fractional basis points or bad decimals', () => {
    expect(() => formatPercentBps(0.5)).toThrow(RangeError);
    expect(() => formatPercentBps(50, -1)).toThrow(RangeError);
    expect(() => formatPercentBps(50, 1.5)).toThrow(RangeError);
  });
});

describe("formatReais and formatDecimalGrams (the API's dot-decimal numbers)", () => {
  it('print reais and grams as formatBRL and formatGrams do', () => {
    expect(formatReais(1234.56)).toBe('R$ 1.234,56');
    expect(formatReais(0.29)).toBe('R$ 0,29');
    expect(formatReais(-1)).toBe('-R$ 1,00');
    expect(formatDecimalGrams(12.34)).toBe('12,34 g');
    expect(formatDecimalGrams(1234.5)).toBe('1.234,50 g');
  });
});

describe('formatAveragePricePerGram', () => {
  /** What "quantity × the price shown" comes to, rounded half-up to the centavo. */
  const product = (centigrams: number, shown: string) => {
    const [integer, fraction = ''] = shown.replace('R$ ', '').replace(/\./g, '').split(',');
    const scale = 10 ** fraction.length;
    return mulDivHalfUp(centigrams, Number(integer) * scale + Number(fraction), scale);
  };

  it('writes two decimals when they multiply back to the value', () => {
    expect(formatAveragePricePerGram(5364, 600)).toBe('R$ 8,94');
    expect(formatAveragePricePerGram(910, 100)).toBe('R$ 9,10');
    expect(formatAveragePricePerGram(0, 100)).toBe('R$ 0,00');
  });

  it('writes as many more as the value needs: 6,00 g for R$ 53,65 is R$ 8,942 a gram, not R$ 8,94', () => {
    expect(formatAveragePricePerGram(5365, 600)).toBe('R$ 8,942');
    expect(product(600, 'R$ 8,942')).toBe(5365);
    expect(formatAveragePricePerGram(123456789, 1333)).toMatch(/^R\$ 92\.615,7/);
  });

  it('always multiplies back to the value, for any value and quantity', () => {
    let seed = 7;
    const next = (max: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % max;
    };
    for (let i = 0; i < 2000; i++) {
      const centigrams = 1 + next(10 ** (1 + next(8)));
      const value = next(10 ** (1 + next(10)));
      const shown = formatAveragePricePerGram(value, centigrams);
      expect(product(centigrams, shown), `${centigrams} cg for ${value} cents: ${shown}`).toBe(value);
    }
  });

  it('refuses a quantity of zero', () => {
    expect(() => formatAveragePricePerGram(100, 0)).toThrow(RangeError);
  });
});
