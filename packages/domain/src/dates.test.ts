import { describe, expect, it } from 'vitest';
import {
  ageOn,
  brDateTimeToInstant,
  brDateToIso,
  formatDateBR,
  formatDateTimeBR,
  isoToBrDate,
  isValidIsoDate,
} from './dates';

describe('brDateToIso', () => {
  it('converts dd/mm/yyyy to yyyy-mm-dd', () => {
    expect(brDateToIso('31/01/2000')).toBe('2000-01-31');
    expect(brDateToIso('01/12/1990')).toBe('1990-12-01');
    expect(brDateToIso(' 15/08/1985 ')).toBe('1985-08-15');
  });

  it('knows leap years', () => {
    expect(brDateToIso('29/02/2024')).toBe('2024-02-29');
    expect(brDateToIso('29/02/2000')).toBe('2000-02-29');
    expect(brDateToIso('29/02/2023')).toBeNull();
    expect(brDateToIso('29/02/1900')).toBeNull(); // divisible by 100, not by 400
  });

  it('rejects dates that do not exist', () => {
    expect(brDateToIso('31/02/2000')).toBeNull();
    expect(brDateToIso('31/04/2000')).toBeNull();
    expect(brDateToIso('00/01/2000')).toBeNull();
    expect(brDateToIso('01/00/2000')).toBeNull();
    expect(brDateToIso('01/13/2000')).toBeNull();
    expect(brDateToIso('32/01/2000')).toBeNull();
  });

  it('rejects years before 1900', () => {
    expect(brDateToIso('31/12/1899')).toBeNull();
    expect(brDateToIso('01/01/1900')).toBe('1900-01-01');
  });

  it('rejects other shapes', () => {
    expect(brDateToIso('')).toBeNull();
    expect(brDateToIso('1/1/2000')).toBeNull();
    expect(brDateToIso('01/01/00')).toBeNull();
    expect(brDateToIso('2000-01-31')).toBeNull();
    expect(brDateToIso('01-01-2000')).toBeNull();
    expect(brDateToIso('__/__/____')).toBeNull();
  });
});

describe('brDateTimeToInstant', () => {
  it('reads a moment typed in Brasília time as an instant with its offset', () => {
    expect(brDateTimeToInstant('01/12/2026 09:30')).toBe('2026-12-01T09:30:00-03:00');
    expect(brDateTimeToInstant(' 31/12/2026 23:59 ')).toBe('2026-12-31T23:59:00-03:00');
    // the same moment formatDateTimeBR shows
    expect(formatDateTimeBR(brDateTimeToInstant('25/12/2026 00:00') ?? '')).toBe('25/12/2026 00:00');
  });

  it('refuses a day that is not, an hour past 23:59, and what is half typed', () => {
    for (const text of [
      '31/02/2027 10:00',
      '01/12/2026 24:00',
      '01/12/2026 10:60',
      '01/12/1899 10:00',
      '01/12/2026',
      '01/12/2026 9:30',
      '',
    ]) {
      expect(brDateTimeToInstant(text), text).toBeNull();
    }
  });
});

describe('isoToBrDate', () => {
  it('converts yyyy-mm-dd to dd/mm/yyyy', () => {
    expect(isoToBrDate('2000-01-31')).toBe('31/01/2000');
    expect(isoToBrDate('2024-02-29')).toBe('29/02/2024');
  });

  it('uses the date part of a full ISO timestamp as written', () => {
    expect(isoToBrDate('2000-01-31T00:00:00.000Z')).toBe('31/01/2000');
    expect(isoToBrDate('2026-11-22T23:30:00-03:00')).toBe('22/11/2026');
  });

  it('returns an empty string for empty or unreadable input', () => {
    expect(isoToBrDate('')).toBe('');
    expect(isoToBrDate(null)).toBe('');
    expect(isoToBrDate(undefined)).toBe('');
    expect(isoToBrDate('31/01/2000')).toBe('');
    expect(isoToBrDate('2023-02-29')).toBe('');
  });

  it('round-trips with brDateToIso', () => {
    for (const br of ['01/01/1900', '29/02/2024', '31/12/2099']) {
      expect(isoToBrDate(brDateToIso(br))).toBe(br);
    }
  });
});

describe('isValidIsoDate', () => {
  it('accepts real calendar dates in yyyy-mm-dd', () => {
    expect(isValidIsoDate('2024-02-29')).toBe(true);
    expect(isValidIsoDate('2000-01-31')).toBe(true);
  });

  it('rejects impossible dates and other shapes', () => {
    expect(isValidIsoDate('2023-02-29')).toBe(false);
    expect(isValidIsoDate('2000-02-31')).toBe(false);
    expect(isValidIsoDate('2000-13-01')).toBe(false);
    expect(isValidIsoDate('2000-1-1')).toBe(false);
    expect(isValidIsoDate('2000-01-31T00:00:00Z')).toBe(false);
    expect(isValidIsoDate('31/01/2000')).toBe(false);
    expect(isValidIsoDate('')).toBe(false);
  });
});

describe('ageOn', () => {
  it('counts whole years, turning older on the birthday itself', () => {
    expect(ageOn('2000-06-15', '2018-06-14')).toBe(17);
    expect(ageOn('2000-06-15', '2018-06-15')).toBe(18);
    expect(ageOn('2000-06-15', '2018-12-31')).toBe(18);
    expect(ageOn('2000-06-15', '2000-06-15')).toBe(0);
    expect(ageOn('1990-12-31', '2026-01-01')).toBe(35);
  });

  it('makes someone born on 29 February older on 1 March in common years', () => {
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
    expect(ageOn('2008-02-29', '2028-02-29')).toBe(20);
  });

  it('accepts ISO timestamps and throws on anything else', () => {
    expect(ageOn('2000-06-15', '2018-06-15T10:00:00.000Z')).toBe(18);
    expect(() => ageOn('15/06/2000', '2018-06-15')).toThrow(RangeError);
    expect(() => ageOn('2000-02-30', '2018-06-15')).toThrow(RangeError);
  });
});

describe('formatDateTimeBR', () => {
  it('shows the instant in São Paulo time', () => {
    expect(formatDateTimeBR('2026-11-22T17:05:00.000Z')).toBe('22/11/2026 14:05');
    expect(formatDateTimeBR(new Date('2026-11-22T17:05:00.000Z'))).toBe('22/11/2026 14:05');
  });

  it('moves to the previous day when UTC has already turned', () => {
    expect(formatDateTimeBR('2026-01-01T02:30:00Z')).toBe('31/12/2025 23:30');
  });

  it('uses 00 for midnight, not 24', () => {
    expect(formatDateTimeBR('2026-03-10T03:00:00Z')).toBe('10/03/2026 00:00');
  });

  it('respects historical daylight saving time (abolished in 2019)', () => {
    // 15 January 2018 was in summer time, UTC−2
    expect(formatDateTimeBR('2018-01-15T12:00:00Z')).toBe('15/01/2018 10:00');
  });

  it('returns an empty string for an invalid date', () => {
    expect(formatDateTimeBR('not a date')).toBe('');
    expect(formatDateTimeBR(new Date(Number.NaN))).toBe('');
  });
});

describe('formatDateBR', () => {
  it("is the instant's calendar date in Brasília, as the date part of formatDateTimeBR", () => {
    expect(formatDateBR('2026-11-22T17:05:00Z')).toBe('22/11/2026');
    // 23:30 of New Year's Eve in Brasília is already 1 January in UTC
    expect(formatDateBR(new Date('2027-01-01T02:30:00Z'))).toBe('31/12/2026');
    for (const iso of ['2027-01-01T02:30:00Z', '2026-03-01T03:00:00Z', '2026-07-15T12:00:00Z']) {
      expect(formatDateBR(iso)).toBe(formatDateTimeBR(iso).slice(0, 10));
    }
  });
  it('is empty for an invalid date', () => {
    expect(formatDateBR('not a date')).toBe('');
  });
});
