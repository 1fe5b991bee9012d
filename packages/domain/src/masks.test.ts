import { describe, expect, it } from 'vitest';
import { formatCnpj } from './documents/cnpj';
import { formatCpf } from './documents/cpf';
import { formatCelular } from './documents/phone';
import { formatDateTimeBR } from './dates';
import { MASKS } from './masks';

/** Fills an imask pattern the way imask does for valid input, to prove the pattern and the formatters agree. */
function fill(pattern: string, definitions: Record<string, RegExp>, input: string): string {
  const slots: Record<string, RegExp> = { '0': /\d/, ...definitions };
  let out = '';
  let next = 0;
  for (const slot of pattern) {
    const rule = slots[slot];
    if (!rule) {
      out += slot;
      continue;
    }
    const char = input[next];
    if (char === undefined || !rule.test(char)) return out;
    out += char;
    next += 1;
  }
  return out;
}

describe('MASKS', () => {
  it('uses the spec masks with imask digit slots', () => {
    expect(MASKS.cpf).toEqual({ mask: '000.000.000-00' });
    expect(MASKS.cep).toEqual({ mask: '00000-000' });
    expect(MASKS.celular.mask).toBe('(00) 00000-0000');
    expect(MASKS.date.mask).toBe('00/00/0000');
    expect(MASKS.cnpj.mask).toBe('XX.XXX.XXX/XXXX-00');
  });

  it('produces the same text as the formatters', () => {
    expect(fill(MASKS.cpf.mask, {}, '52998224725')).toBe(formatCpf('52998224725'));
    expect(fill(MASKS.celular.mask, {}, '11987654321')).toBe(formatCelular('11987654321'));
    expect(fill(MASKS.celular.mask, {}, '11987654321')).toBe('(11) 98765-4321');
    const cnpj = MASKS.cnpj;
    expect(fill(cnpj.mask, cnpj.definitions ?? {}, '12ABC34501DE35')).toBe(formatCnpj('12ABC34501DE35'));
    expect(fill(cnpj.mask, cnpj.definitions ?? {}, '11222333000181')).toBe('11.222.333/0001-81');
  });

  it('lets the CNPJ take letters in the first 12 positions only, uppercased', () => {
    const { definitions, prepareChar } = MASKS.cnpj;
    const slot = definitions?.X;
    expect(slot?.test('A')).toBe(true);
    expect(slot?.test('7')).toBe(true);
    expect(slot?.test('-')).toBe(false);
    expect(prepareChar?.('a')).toBe('A');
    expect(fill(MASKS.cnpj.mask, definitions ?? {}, '12ABC34501DEAB')).toBe('12.ABC.345/01DE-');
  });

  it('turns a pasted phone into its 11 digits, without the country code or the trunk zero', () => {
    const paste = MASKS.celular.normalizePaste!;
    expect(paste('+55 11 98765-4321')).toBe('11987654321');
    expect(paste('+55 (11) 9 8765-4321')).toBe('11987654321');
    expect(paste('0055 11 98765 4321')).toBe('11987654321');
    expect(paste('5511987654321')).toBe('11987654321');
    expect(paste('011 98765-4321')).toBe('11987654321');
    expect(paste('(11) 98765-4321')).toBe('11987654321');
    // area code 55 (Rio Grande do Sul) is not a country code
    expect(paste('(55) 98765-4321')).toBe('55987654321');
    expect(paste('(11) 9 8765 4321')).toBe('11987654321');
    expect(paste('+55 55 98765-4321')).toBe('55987654321');
  });

  it('turns a pasted ISO date around and keeps the digits of a Brazilian one', () => {
    const paste = MASKS.date.normalizePaste!;
    expect(paste('1990-03-15')).toBe('15031990');
    expect(paste('15/03/1990')).toBe('15031990');
    expect(paste('15.03.1990')).toBe('15031990');
  });

  it('writes a moment as formatDateTimeBR does, and turns a pasted ISO one around', () => {
    expect(fill(MASKS.dateTime.mask, {}, '011220260930')).toBe(formatDateTimeBR('2026-12-01T09:30:00-03:00'));
    const paste = MASKS.dateTime.normalizePaste!;
    expect(paste('2026-12-01T09:30')).toBe('011220260930');
    expect(paste('2026-12-01 09:30:00')).toBe('011220260930');
    expect(paste('01/12/2026 09:30')).toBe('011220260930');
  });

  it('does not override imask’s built-in definitions (0, a, *)', () => {
    for (const mask of Object.values(MASKS)) {
      for (const key of Object.keys(mask.definitions ?? {})) {
        expect(['0', 'a', '*']).not.toContain(key);
      }
    }
  });
});
