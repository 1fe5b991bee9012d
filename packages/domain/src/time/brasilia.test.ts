import { describe, expect, it } from 'vitest';
import {
  BRASILIA_ISO_OFFSET,
  BRASILIA_OFFSET_MS,
  BRASILIA_TIME_ZONE,
  brasiliaIsoDate,
  brasiliaMonthStart,
  brasiliaWallClock,
  brasiliaYear,
  brasiliaYearStart,
} from './brasilia';

describe('brasiliaYear', () => {
  // [instant (UTC), what a clock in Brasília shows, the calendar year there]
  const table: Array<[string, string, number]> = [
    ['2027-01-01T02:30:00Z', "New Year's Eve 23:30", 2026],
    ['2027-01-01T02:59:59.999Z', "New Year's Eve 23:59:59.999", 2026],
    ['2027-01-01T03:00:00Z', "New Year's Day 00:00", 2027],
    ['2027-01-01T01:00:00Z', "New Year's Eve 22:00 (already 2027 in UTC)", 2026],
    ['2026-12-31T23:00:00Z', "New Year's Eve 20:00", 2026],
    ['2026-07-15T12:00:00Z', 'mid-year 09:00', 2026],
    ['2028-12-31T03:00:00Z', '31 December of a leap year 00:00', 2028],
    ['2025-01-01T00:00:00Z', "New Year's Eve 21:00 of 2024", 2024],
  ];
  it.each(table)('%s (%s in Brasília) is in %i', (utc, _brasilia, year) => {
    expect(brasiliaYear(new Date(utc))).toBe(year);
  });
  it('defaults to now', () => {
    expect(brasiliaYear()).toBe(brasiliaYear(new Date()));
  });
  // Daylight saving last ended in February 2019, so 1 January 2020 is the first turn of the year at UTC−3.
  it('agrees with the time-zone database on every turn of the year since 2020', () => {
    const intlYear = (at: Date) =>
      Number(new Intl.DateTimeFormat('en', { timeZone: BRASILIA_TIME_ZONE, year: 'numeric' }).format(at));
    for (let year = 2020; year <= 2040; year++) {
      const start = brasiliaYearStart(year).getTime();
      for (const at of [start - 1, start, start + 1]) expect(brasiliaYear(new Date(at))).toBe(intlYear(new Date(at)));
    }
  });
});

describe('brasiliaYearStart', () => {
  it('is 03:00 UTC of 1 January: the first instant of the year in Brasília', () => {
    expect(brasiliaYearStart(2026).toISOString()).toBe('2026-01-01T03:00:00.000Z');
    expect(brasiliaYearStart(2027).toISOString()).toBe('2027-01-01T03:00:00.000Z');
  });
  it('bounds the year: its start belongs to it, the instant before to the year before', () => {
    const start = brasiliaYearStart(2027);
    expect(brasiliaYear(start)).toBe(2027);
    expect(brasiliaYear(new Date(start.getTime() - 1))).toBe(2026);
  });
  it('refuses a year that is not a whole number', () => {
    expect(() => brasiliaYearStart(2026.5)).toThrow(RangeError);
    expect(() => brasiliaYearStart(Number.NaN)).toThrow(RangeError);
  });
});

describe('brasiliaWallClock', () => {
  it("reads Brasília's clock in the UTC fields", () => {
    const local = brasiliaWallClock(new Date('2027-01-01T02:30:00Z'));
    expect(local.toISOString()).toBe('2026-12-31T23:30:00.000Z');
    expect(local.getUTCHours()).toBe(23);
  });
  it('is a fixed offset of three hours, which an ISO instant writes as -03:00', () => {
    expect(BRASILIA_OFFSET_MS).toBe(3 * 3600_000);
    expect(new Date(`2026-12-31T23:30:00${BRASILIA_ISO_OFFSET}`).toISOString()).toBe('2027-01-01T02:30:00.000Z');
  });
});

describe('brasiliaIsoDate', () => {
  it("is the calendar date in Brasília, not UTC's", () => {
    expect(brasiliaIsoDate(new Date('2027-01-01T02:30:00Z'))).toBe('2026-12-31');
    expect(brasiliaIsoDate(new Date('2027-01-01T03:00:00Z'))).toBe('2027-01-01');
    expect(brasiliaIsoDate(new Date('2026-03-01T02:59:00Z'))).toBe('2026-02-28');
  });
});

describe('brasiliaMonthStart', () => {
  it('is 03:00 UTC of the first day of the month in Brasília time', () => {
    expect(brasiliaMonthStart(new Date('2026-11-23T15:00:00Z')).toISOString()).toBe('2026-11-01T03:00:00.000Z');
  });
  it('keeps the last evening of a month in that month', () => {
    // 23:30 of 31 January in São Paulo is 02:30 UTC on 1 February
    expect(brasiliaMonthStart(new Date('2026-02-01T02:30:00Z')).toISOString()).toBe('2026-01-01T03:00:00.000Z');
    expect(brasiliaMonthStart(new Date('2026-02-01T03:00:00Z')).toISOString()).toBe('2026-02-01T03:00:00.000Z');
  });
  it('crosses the year', () => {
    expect(brasiliaMonthStart(new Date('2027-01-01T01:00:00Z')).toISOString()).toBe('2026-12-01T03:00:00.000Z');
  });
});

describe('brasiliaDayEnd and lastClosedBrasiliaDay', () => {
  it('a day ends at 03:00 UTC of the next; at 23:30 in Brasília yesterday is still the day before', async () => {
    const { brasiliaDayEnd, lastClosedBrasiliaDay } = await import('./brasilia');
    expect(brasiliaDayEnd('2026-11-27').toISOString()).toBe('2026-11-28T03:00:00.000Z');
    expect(brasiliaDayEnd('2026-12-31').toISOString()).toBe('2027-01-01T03:00:00.000Z');
    expect(() => brasiliaDayEnd('2026-02-30')).toThrow(RangeError);
    expect(lastClosedBrasiliaDay(new Date('2026-11-28T02:30:00Z'))).toBe('2026-11-26');
    expect(lastClosedBrasiliaDay(new Date('2026-11-28T03:00:00Z'))).toBe('2026-11-27');
  });
});
