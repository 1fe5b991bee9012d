import { describe, expect, it } from 'vitest';
import { normalizeSearch, onlyDigits } from './text';

describe('onlyDigits', () => {
  it('removes masks, spaces and letters', () => {
    expect(onlyDigits('529.982.247-25')).toBe('52998224725');
    expect(onlyDigits('(11) 9 8765 4321')).toBe('11987654321');
    expect(onlyDigits(' a1b2c3 ')).toBe('123');
  });

  it('returns an empty string when there are no digits', () => {
    expect(onlyDigits('')).toBe('');
    expect(onlyDigits('abc-./')).toBe('');
  });

  it('keeps only ASCII digits, not other numerals', () => {
    expect(onlyDigits('١٢٣4')).toBe('4');
  });
});

describe('normalizeSearch', () => {
  it('lowercases and strips diacritics', () => {
    expect(normalizeSearch('São Paulo')).toBe('sao paulo');
    expect(normalizeSearch('Ribeirão Preto')).toBe('ribeirao preto');
    expect(normalizeSearch('GOIÂNIA')).toBe('goiania');
    expect(normalizeSearch('Mogi Guaçu')).toBe('mogi guacu');
    expect(normalizeSearch('Itaú, Açaí, pão, lençóis, Ü')).toBe('itau, acai, pao, lencois, u');
  });

  it('handles text that is already decomposed (NFD)', () => {
    expect(normalizeSearch('Sa\u0303o')).toBe('sao');
  });

  it('collapses whitespace and trims', () => {
    expect(normalizeSearch('  Rio   de\tJaneiro \n')).toBe('rio de janeiro');
    expect(normalizeSearch('   ')).toBe('');
  });
});
