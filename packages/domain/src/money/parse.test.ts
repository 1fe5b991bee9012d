import { describe, expect, it } from 'vitest';
import { minorToDecimal, parseDecimal } from './parse';

const ok = (minor: number) => ({ ok: true, minor });
const no = (reason: string) => ({ ok: false, reason });

describe('parseDecimal', () => {
  it('converts numbers without float error', () => {
    expect(parseDecimal(12.34)).toEqual(ok(1234));
    expect(parseDecimal(12.5)).toEqual(ok(1250));
    expect(parseDecimal(1000)).toEqual(ok(100000));
    expect(parseDecimal(0.01)).toEqual(ok(1));
    expect(parseDecimal(0.29)).toEqual(ok(29)); // 0.29 * 100 is 28.999999999999996 in floats
    expect(parseDecimal(1.15)).toEqual(ok(115)); // 1.15 * 100 is 114.99999999999999
    expect(parseDecimal(1e3)).toEqual(ok(100000));
  });

  it('converts dot-decimal and comma-decimal strings', () => {
    expect(parseDecimal('12.34')).toEqual(ok(1234));
    expect(parseDecimal('12,34')).toEqual(ok(1234));
    expect(parseDecimal(' 12,5 ')).toEqual(ok(1250));
    expect(parseDecimal('7')).toEqual(ok(700));
    expect(parseDecimal('0,05')).toEqual(ok(5));
    expect(parseDecimal('007,50')).toEqual(ok(750));
  });

  it('converts pt-BR strings with thousands dots and the R$ prefix', () => {
    expect(parseDecimal('1.234,56')).toEqual(ok(123456));
    expect(parseDecimal('1.234.567,89')).toEqual(ok(123456789));
    expect(parseDecimal('R$ 1.234,56')).toEqual(ok(123456));
    expect(parseDecimal('R$1.234,56')).toEqual(ok(123456));
    expect(parseDecimal('R$\u00a01.234,56')).toEqual(ok(123456)); // Intl's NBSP
    expect(parseDecimal('R$ 5,00')).toEqual(ok(500));
  });

  it('reports empty input', () => {
    expect(parseDecimal('')).toEqual(no('empty'));
    expect(parseDecimal('   ')).toEqual(no('empty'));
    expect(parseDecimal(null)).toEqual(no('empty'));
    expect(parseDecimal(undefined)).toEqual(no('empty'));
  });

  it('reports what is not a number', () => {
    for (const input of [
      'abc',
      '1e3',
      '12abc',
      '.5',
      '5.',
      '1,234.56',
      '1.2,3',
      '1.234.567',
      '1 234,56',
      '+5',
      '--1',
    ]) {
      expect(parseDecimal(input), input).toEqual(no('not_a_number'));
    }
    expect(parseDecimal('-abc')).toEqual(no('not_a_number'));
    expect(parseDecimal('R$')).toEqual(no('not_a_number'));
    expect(parseDecimal(Number.NaN)).toEqual(no('not_a_number'));
    expect(parseDecimal(Number.POSITIVE_INFINITY)).toEqual(no('not_a_number'));
    expect(parseDecimal(true)).toEqual(no('not_a_number'));
    expect(parseDecimal({ value: 1 })).toEqual(no('not_a_number'));
    expect(parseDecimal([1])).toEqual(no('not_a_number'));
  });

  it('reports negatives, before any other problem', () => {
    expect(parseDecimal('-1')).toEqual(no('negative'));
    expect(parseDecimal(-1)).toEqual(no('negative'));
    expect(parseDecimal('-R$ 1,00')).toEqual(no('negative'));
    expect(parseDecimal('R$ -1,00')).toEqual(no('negative'));
    expect(parseDecimal('-1.005')).toEqual(no('negative'));
    expect(parseDecimal(Number.NEGATIVE_INFINITY)).toEqual(no('not_a_number'));
  });

  it('reports more than 2 decimals instead of rounding', () => {
    expect(parseDecimal(1.005)).toEqual(no('too_many_decimals'));
    expect(parseDecimal('1.005')).toEqual(no('too_many_decimals'));
    expect(parseDecimal('12.345')).toEqual(no('too_many_decimals'));
    expect(parseDecimal('1,234')).toEqual(no('too_many_decimals'));
    expect(parseDecimal(0.1 + 0.2)).toEqual(no('too_many_decimals'));
    expect(parseDecimal(1e-7)).toEqual(no('too_many_decimals'));
  });

  it('accepts trailing zeros beyond 2 decimals only when they are written as 2', () => {
    expect(parseDecimal('1.50')).toEqual(ok(150));
    expect(parseDecimal('1.500')).toEqual(no('too_many_decimals'));
  });

  it('reports values above the maximum (default 1e12 minor units)', () => {
    expect(parseDecimal(99999999999999)).toEqual(no('too_large'));
    expect(parseDecimal('99999999999999')).toEqual(no('too_large'));
    expect(parseDecimal(1e21)).toEqual(no('too_large'));
    expect(parseDecimal(Number.MAX_VALUE)).toEqual(no('too_large'));
    expect(parseDecimal('10000000000')).toEqual(ok(1e12));
    expect(parseDecimal('10000000000.01')).toEqual(no('too_large'));
    expect(parseDecimal('123456789012345678901234567890')).toEqual(no('too_large'));
  });

  it('honours a custom maximum, inclusive', () => {
    expect(parseDecimal('100', { max: 10_000 })).toEqual(ok(10_000));
    expect(parseDecimal('100.01', { max: 10_000 })).toEqual(no('too_large'));
  });

  it('reports zero unless allowZero', () => {
    expect(parseDecimal('0')).toEqual(no('zero'));
    expect(parseDecimal(0)).toEqual(no('zero'));
    expect(parseDecimal('0,00')).toEqual(no('zero'));
    expect(parseDecimal('-0')).toEqual(no('zero'));
    expect(parseDecimal('0', { allowZero: true })).toEqual(ok(0));
    expect(parseDecimal('R$ 0,00', { allowZero: true })).toEqual(ok(0));
  });

  it('throws when the maximum itself is not an integer amount', () => {
    expect(() => parseDecimal('1', { max: 10.5 })).toThrow(RangeError);
  });
});

describe('minorToDecimal', () => {
  it('converts minor units to the API number', () => {
    expect(minorToDecimal(123456)).toBe(1234.56);
    expect(minorToDecimal(5)).toBe(0.05);
    expect(minorToDecimal(0)).toBe(0);
    expect(minorToDecimal(-100)).toBe(-1);
    expect(minorToDecimal(29)).toBe(0.29);
  });

  it('round-trips through parseDecimal', () => {
    for (const minor of [1, 29, 115, 100005, 123456789, 999999999999]) {
      expect(parseDecimal(minorToDecimal(minor))).toEqual(ok(minor));
    }
  });

  it('throws on non-integers', () => {
    expect(() => minorToDecimal(12.3)).toThrow(RangeError);
  });
});
