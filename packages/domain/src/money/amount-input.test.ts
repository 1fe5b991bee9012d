import { describe, expect, it } from 'vitest';
import { type AmountInputOptions, formatAmountInput, parseAmountInput } from './amount-input';

type Row = [input: string, expected: number | string, opts?: AmountInputOptions];

// expected: the minor units (centavos, centigrams), or the reason of the refusal
const ROWS: Row[] = [
  // the misreads seen by a customer
  ['1.234,56', 123456],
  ['1.000', 100000, { unit: 'g' }],
  ['R$ 1.500,00', 150000],
  // Brazilian writing
  ['1234,56', 123456],
  ['1.234', 123400],
  ['1.234.567,89', 123456789],
  ['1.234.567', 123456700],
  ['1.000.000', 100000000],
  ['1,5', 150],
  ['0,05', 5],
  [',5', 50],
  ['12,', 1200],
  ['1.234,5', 123450],
  ['007,50', 750],
  ['0', 0, { allowZero: true }],
  ['0,00', 0, { allowZero: true }],
  // a dot with one or two digits after it and no comma is a decimal point
  ['1234.56', 123456],
  ['12.5', 1250],
  ['0.5', 50],
  ['.5', 50],
  ['12.', 1200],
  // both separators: the last one is the decimal
  ['1,234.56', 123456],
  ['1,234,567.89', 123456789],
  // what a paste or an autofill brings
  ['R$1.500', 150000],
  ['r$ 10,00', 1000],
  ['R$\u00a01.234,56', 123456],
  [' 1 500,00 ', 150000],
  ['1\u202f500,00', 150000],
  ['  42  ', 4200],
  ['12,5 g', 1250, { unit: 'g' }],
  ['12,5g', 1250, { unit: 'g' }],
  ['1.000 gramas', 100000, { unit: 'g' }],
  ['1 grama', 100, { unit: 'g' }],
  ['0,38%', 38, { unit: '%' }],
  ['100 %', 10000, { unit: '%', max: 10000 }],
  // refusals
  ['', 'empty'],
  ['   ', 'empty'],
  ['R$ ', 'empty'],
  ['abc', 'not_a_number'],
  ['12a', 'not_a_number'],
  ['1e3', 'not_a_number'],
  ['1,2,3', 'not_a_number'],
  ['1,234,56', 'not_a_number'],
  ['1.234,56,7', 'not_a_number'],
  ['1.2345', 'not_a_number'],
  ['1234.567', 'not_a_number'],
  ['1.234.56', 'not_a_number'],
  ['1.23.456', 'not_a_number'],
  ['12 34', 'not_a_number'],
  [',', 'not_a_number'],
  ['.', 'not_a_number'],
  ['1.2,3', 'not_a_number'],
  ['US$ 10', 'not_a_number'],
  ['10 g', 'not_a_number'], // a grams sign on a money field
  ['R$ 10', 'not_a_number', { unit: 'g' }],
  ['1,234', 'too_many_decimals'], // a comma is the decimal: never read as one thousand
  ['1,005', 'too_many_decimals'],
  ['0,001', 'too_many_decimals'],
  ['1.234,567', 'too_many_decimals'],
  ['-1,00', 'negative'],
  ['-R$ 1,00', 'negative'],
  ['R$ -1,00', 'negative'],
  ['\u22125', 'negative'],
  ['0', 'zero'],
  ['0,00', 'zero'],
  ['R$ 10.000.000.000,01', 'too_large'],
  ['1.000.000,01', 'too_large', { unit: 'g', max: 100_000_000 }],
  ['100,01', 'too_large', { unit: '%', max: 10000 }],
  ['99999999999999999999', 'too_large'],
];

describe('parseAmountInput', () => {
  it.each(ROWS)('%j → %j', (input, expected, opts) => {
    const result = parseAmountInput(input, opts);
    if (typeof expected === 'number') expect(result).toMatchObject({ ok: true, minor: expected });
    else expect(result).toEqual({ ok: false, reason: expected });
  });

  it('answers the dot-decimal text the form holds, keeping the decimals typed so far', () => {
    expect(parseAmountInput('1.234,56')).toMatchObject({ decimal: '1234.56' });
    expect(parseAmountInput('1.000', { unit: 'g' })).toMatchObject({ decimal: '1000' });
    expect(parseAmountInput('R$ 1.500,00')).toMatchObject({ decimal: '1500.00' });
    expect(parseAmountInput('1.234,5')).toMatchObject({ decimal: '1234.5' });
    expect(parseAmountInput(',5')).toMatchObject({ decimal: '0.5' });
    expect(parseAmountInput('007,50')).toMatchObject({ decimal: '7.50' });
  });

  it('reads its own dot-decimal text back as the same amount', () => {
    for (const [input, expected, opts] of ROWS) {
      const first = parseAmountInput(input, opts);
      if (!first.ok || typeof expected !== 'number') continue;
      expect(parseAmountInput(first.decimal, { ...opts, unit: 'BRL' })).toMatchObject({ minor: first.minor });
    }
  });

  it('reads its own formatting back as the same amount', () => {
    for (const minor of [0, 5, 50, 100, 123456, 100000, 123456789, 1e12]) {
      expect(parseAmountInput(formatAmountInput(minor), { allowZero: true })).toMatchObject({ minor });
    }
  });
});

describe('formatAmountInput', () => {
  it('writes minor units the way a field shows them', () => {
    expect(formatAmountInput(123456)).toBe('1.234,56');
    expect(formatAmountInput(100000)).toBe('1.000,00');
    expect(formatAmountInput(5)).toBe('0,05');
    expect(formatAmountInput(0)).toBe('0,00');
  });

  it('refuses what is not an amount', () => {
    expect(() => formatAmountInput(-1)).toThrow(RangeError);
    expect(() => formatAmountInput(1.5)).toThrow(RangeError);
  });
});
