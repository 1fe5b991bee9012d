import { describe, expect, it } from 'vitest';
import { DDDS, formatCelular, isValidCelular, maskCelular } from './phone';

describe('DDDS', () => {
  it('has the 67 area codes in use and none of the unassigned ones', () => {
    expect(DDDS.size).toBe(67);
    for (const ddd of [
      '11',
      '19',
      '21',
      '24',
      '27',
      '28',
      '38',
      '49',
      '51',
      '55',
      '61',
      '69',
      '71',
      '79',
      '89',
      '99',
    ]) {
      expect(DDDS.has(ddd)).toBe(true);
    }
    for (const unassigned of ['10', '20', '23', '25', '26', '29', '30', '36', '39', '40', '50', '52', '56', '57']) {
      expect(DDDS.has(unassigned)).toBe(false);
    }
    for (const unassigned of ['58', '59', '60', '70', '72', '76', '78', '80', '90', '00', '01']) {
      expect(DDDS.has(unassigned)).toBe(false);
    }
  });
});

describe('isValidCelular', () => {
  it('accepts 11 digits with a real DDD and a leading 9, masked or not', () => {
    expect(isValidCelular('11987654321')).toBe(true);
    expect(isValidCelular('(11) 9 8765 4321')).toBe(true);
    expect(isValidCelular('(21) 99876-5432')).toBe(true);
    expect(isValidCelular('99 91234 5678')).toBe(true);
    expect(isValidCelular('(61) 9 1234 5678')).toBe(true);
  });

  it('rejects unassigned area codes', () => {
    expect(isValidCelular('(20) 9 8765 4321')).toBe(false);
    expect(isValidCelular('(23) 9 8765 4321')).toBe(false);
    expect(isValidCelular('(36) 9 8765 4321')).toBe(false);
    expect(isValidCelular('(52) 9 8765 4321')).toBe(false);
    expect(isValidCelular('(70) 9 8765 4321')).toBe(false);
    expect(isValidCelular('(90) 9 8765 4321')).toBe(false);
    expect(isValidCelular('(01) 9 8765 4321')).toBe(false);
  });

  it('rejects a number whose third digit is not 9 (landlines, old 8-digit mobiles)', () => {
    expect(isValidCelular('11387654321')).toBe(false);
    expect(isValidCelular('1138765432')).toBe(false);
  });

  it('rejects other lengths, a country code and letters', () => {
    expect(isValidCelular('')).toBe(false);
    expect(isValidCelular('1198765432')).toBe(false);
    expect(isValidCelular('119876543210')).toBe(false);
    expect(isValidCelular('5511987654321')).toBe(false);
    expect(isValidCelular('+55 11 98765 4321')).toBe(false);
    expect(isValidCelular('(11) 9 8765 432x')).toBe(false);
  });
});

describe('formatCelular', () => {
  it('formats a mobile number as (11) 98765-4321 and a landline as (11) 3456-7890', () => {
    expect(formatCelular('11987654321')).toBe('(11) 98765-4321');
    expect(formatCelular('(11) 9 8765 4321')).toBe('(11) 98765-4321');
    expect(formatCelular('+55 (21) 99888-7777'.slice(4))).toBe('(21) 99888-7777');
    expect(formatCelular('1134567890')).toBe('(11) 3456-7890');
    expect(formatCelular('(11) 3456-7890')).toBe('(11) 3456-7890');
  });

  it('formats partial input as far as it goes and drops extra digits', () => {
    expect(formatCelular('')).toBe('');
    expect(formatCelular('1')).toBe('(1');
    expect(formatCelular('11')).toBe('(11');
    expect(formatCelular('119')).toBe('(11) 9');
    expect(formatCelular('1198')).toBe('(11) 98');
    expect(formatCelular('1198765')).toBe('(11) 9876-5');
    expect(formatCelular('11987654')).toBe('(11) 9876-54');
    // the eleventh digit makes it a mobile number: the hyphen moves one place
    expect(formatCelular('1198765432')).toBe('(11) 9876-5432');
    expect(formatCelular('11987654321')).toBe('(11) 98765-4321');
    expect(formatCelular('119876543210')).toBe('(11) 98765-4321');
  });
});

describe('maskCelular', () => {
  it('hides the middle four digits', () => {
    expect(maskCelular('11987654321')).toBe('(11) 9****-4321');
    expect(maskCelular('(21) 91234-5678')).toBe('(21) 9****-5678');
  });

  it('never shows more than the last 4 digits of a value that is not 11 digits', () => {
    expect(maskCelular('1187654321')).toBe('******4321');
    expect(maskCelular('5511987654321')).toBe('*********4321');
    expect(maskCelular('')).toBe('');
  });
});
