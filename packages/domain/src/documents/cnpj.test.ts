import { describe, expect, it } from 'vitest';
import { formatCnpj, isValidCnpj, normalizeCnpj } from './cnpj';

describe('normalizeCnpj', () => {
  it('removes the mask and uppercases', () => {
    expect(normalizeCnpj('12.abc.345/01de-35')).toBe('12ABC34501DE35');
    expect(normalizeCnpj(' 11.222.333/0001-81 ')).toBe('11222333000181');
  });

  it('keeps characters that are not mask characters, so validation can reject them', () => {
    expect(normalizeCnpj('11_222')).toBe('11_222');
  });
});

describe('isValidCnpj', () => {
  it.each(['11222333000181', '11444777000161', '00000000000191', '11.222.333/0001-81'])(
    'accepts the numeric CNPJ %s',
    (cnpj) => {
      expect(isValidCnpj(cnpj)).toBe(true);
    },
  );

  it.each(['12ABC34501DE35', '12.ABC.345/01DE-35', '12.abc.345/01de-35', 'AB123456000110', 'Z9Y8X7W6V5U429'])(
    'accepts the alphanumeric CNPJ %s',
    (cnpj) => {
      expect(isValidCnpj(cnpj)).toBe(true);
    },
  );

  it('rejects wrong check digits', () => {
    expect(isValidCnpj('11222333000182')).toBe(false);
    expect(isValidCnpj('11222333000191')).toBe(false);
    expect(isValidCnpj('12ABC34501DE36')).toBe(false);
    expect(isValidCnpj('12ABC34501DE53')).toBe(false);
  });

  it('rejects a changed base character', () => {
    expect(isValidCnpj('12ABD34501DE35')).toBe(false);
    expect(isValidCnpj('11222333000281')).toBe(false);
  });

  it('rejects letters in the check digits', () => {
    expect(isValidCnpj('12ABC34501DE3A')).toBe(false);
    expect(isValidCnpj('12ABC34501DEA5')).toBe(false);
  });

  it.each(['00000000000000', '11111111111111', '11.111.111/1111-11', 'AAAAAAAAAAAAAA'])(
    'rejects all-same characters %s',
    (cnpj) => {
      expect(isValidCnpj(cnpj)).toBe(false);
    },
  );

  it('rejects wrong lengths, empty input and other characters', () => {
    expect(isValidCnpj('')).toBe(false);
    expect(isValidCnpj('1122233300018')).toBe(false);
    expect(isValidCnpj('112223330001810')).toBe(false);
    expect(isValidCnpj('12ABC34501DE_35')).toBe(false);
    expect(isValidCnpj('12ÁBC34501DE35')).toBe(false);
  });
});

describe('formatCnpj', () => {
  it('formats numeric and alphanumeric CNPJs', () => {
    expect(formatCnpj('11222333000181')).toBe('11.222.333/0001-81');
    expect(formatCnpj('12ABC34501DE35')).toBe('12.ABC.345/01DE-35');
    expect(formatCnpj('12abc34501de35')).toBe('12.ABC.345/01DE-35');
  });

  it('reformats masked input the same way', () => {
    expect(formatCnpj('12.ABC.345/01DE-35')).toBe('12.ABC.345/01DE-35');
  });

  it('formats partial input as far as it goes', () => {
    expect(formatCnpj('')).toBe('');
    expect(formatCnpj('12')).toBe('12');
    expect(formatCnpj('12A')).toBe('12.A');
    expect(formatCnpj('12ABC34')).toBe('12.ABC.34');
    expect(formatCnpj('12ABC345')).toBe('12.ABC.345');
    expect(formatCnpj('12ABC3450')).toBe('12.ABC.345/0');
    expect(formatCnpj('12ABC34501DE3')).toBe('12.ABC.345/01DE-3');
  });

  it('drops characters that cannot be in a CNPJ and anything beyond 14', () => {
    expect(formatCnpj('11_222#333000181')).toBe('11.222.333/0001-81');
    expect(formatCnpj('1122233300018199')).toBe('11.222.333/0001-81');
  });
});
