import { describe, expect, it } from 'vitest';
import { formatCep, isCompleteCep, ufForCep } from './cep';

describe('isCompleteCep', () => {
  it('accepts 8 digits, masked or not', () => {
    expect(isCompleteCep('01310100')).toBe(true);
    expect(isCompleteCep('01310-100')).toBe(true);
    expect(isCompleteCep('01.310-100')).toBe(true);
    expect(isCompleteCep(' 01310-100 ')).toBe(true);
  });

  it('rejects fewer or more digits, letters and empty input', () => {
    expect(isCompleteCep('')).toBe(false);
    expect(isCompleteCep('01310-10')).toBe(false);
    expect(isCompleteCep('01310-1000')).toBe(false);
    expect(isCompleteCep('01310-10a')).toBe(false);
    expect(isCompleteCep('_____-___')).toBe(false);
  });
});

describe('formatCep', () => {
  it('formats 8 digits', () => {
    expect(formatCep('01310100')).toBe('01310-100');
    expect(formatCep('01310-100')).toBe('01310-100');
  });

  it('formats partial input and drops extra digits', () => {
    expect(formatCep('')).toBe('');
    expect(formatCep('0131')).toBe('0131');
    expect(formatCep('01310')).toBe('01310');
    expect(formatCep('013101')).toBe('01310-1');
    expect(formatCep('013101009')).toBe('01310-100');
  });
});

describe('ufForCep', () => {
  it.each([
    ['01310-100', 'SP'], // Av. Paulista
    ['13083-970', 'SP'],
    ['20040-020', 'RJ'],
    ['29010-000', 'ES'],
    ['30130-010', 'MG'],
    ['40020-000', 'BA'],
    ['49010-000', 'SE'],
    ['50030-230', 'PE'],
    ['57020-000', 'AL'],
    ['58010-000', 'PB'],
    ['59010-000', 'RN'],
    ['60060-000', 'CE'],
    ['64000-040', 'PI'],
    ['65010-000', 'MA'],
    ['66010-000', 'PA'],
    ['68900-000', 'AP'],
    ['69005-000', 'AM'],
    ['69301-000', 'RR'],
    ['69400-000', 'AM'],
    ['69900-000', 'AC'],
    ['70040-010', 'DF'],
    ['72800-000', 'GO'],
    ['73000-000', 'DF'],
    ['74000-000', 'GO'],
    ['76801-000', 'RO'],
    ['77001-000', 'TO'],
    ['78005-000', 'MT'],
    ['78900-000', 'RO'],
    ['79002-000', 'MS'],
    ['80010-000', 'PR'],
    ['88010-000', 'SC'],
    ['90010-000', 'RS'],
  ])('%s is in %s', (cep, uf) => {
    expect(ufForCep(cep)).toBe(uf);
  });

  it('uses the range boundaries exactly', () => {
    expect(ufForCep('68899999')).toBe('PA');
    expect(ufForCep('68900000')).toBe('AP');
    expect(ufForCep('72799999')).toBe('DF');
    expect(ufForCep('72800000')).toBe('GO');
    expect(ufForCep('73699999')).toBe('DF');
    expect(ufForCep('73700000')).toBe('GO');
    expect(ufForCep('76799999')).toBe('GO');
    expect(ufForCep('76800000')).toBe('RO');
    expect(ufForCep('78899999')).toBe('MT');
    expect(ufForCep('01000000')).toBe('SP');
    expect(ufForCep('99999999')).toBe('RS');
  });

  it('works from the 5-digit prefix alone', () => {
    expect(ufForCep('01310')).toBe('SP');
    expect(ufForCep('0131010')).toBe('SP');
  });

  it('returns null for too few or too many digits and for prefixes in no range', () => {
    expect(ufForCep('')).toBeNull();
    expect(ufForCep('0131')).toBeNull();
    expect(ufForCep('013101000')).toBeNull();
    expect(ufForCep('00999-999')).toBeNull();
    expect(ufForCep('00000-000')).toBeNull();
  });
});
