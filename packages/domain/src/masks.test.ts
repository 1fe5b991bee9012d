import { describe, expect, it } from 'vitest';
import { formatCnpj } from './documents/cnpj';
import { formatCpf } from './documents/cpf';
import { formatCelular } from './documents/phone';
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
    expect(MASKS.celular).toEqual({ mask: '(00) 0 0000 0000' });
    expect(MASKS.date).toEqual({ mask: '00/00/0000' });
    expect(MASKS.cnpj.mask).toBe('XX.XXX.XXX/XXXX-00');
  });

  it('produces the same text as the formatters', () => {
    expect(fill(MASKS.cpf.mask, {}, '52998224725')).toBe(formatCpf('52998224725'));
    expect(fill(MASKS.celular.mask, {}, '11987654321')).toBe(formatCelular('11987654321'));
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

  it('does not override imask’s built-in definitions (0, a, *)', () => {
    for (const mask of Object.values(MASKS)) {
      for (const key of Object.keys(mask.definitions ?? {})) {
        expect(['0', 'a', '*']).not.toContain(key);
      }
    }
  });
});
