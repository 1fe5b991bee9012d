import { describe, expect, it } from 'vitest';
import { duePeriod, isOver, nextRunDate, type Schedule } from './schedule';

const weekly = (weekday: number, startDate = '2026-11-01', endDate: string | null = null): Schedule => ({
  frequency: 'weekly',
  weekday,
  monthDay: null,
  startDate,
  endDate,
});
const monthly = (monthDay: number, startDate = '2026-01-15', endDate: string | null = null): Schedule => ({
  frequency: 'monthly',
  weekday: null,
  monthDay,
  startDate,
  endDate,
});

describe('saving schedule', () => {
  it('weekly: the latest weekday on or before today, never before the start', () => {
    // 2026-11-28 is a Saturday (6); Monday (1) before it is 2026-11-23
    expect(duePeriod(weekly(6), '2026-11-28')).toBe('2026-11-28');
    expect(duePeriod(weekly(1), '2026-11-28')).toBe('2026-11-23');
    expect(duePeriod(weekly(1, '2026-11-25'), '2026-11-28')).toBeNull();
    expect(nextRunDate(weekly(1, '2026-11-25'), '2026-11-28', null)).toBe('2026-11-30');
    expect(nextRunDate(weekly(6), '2026-11-28', '2026-11-28')).toBe('2026-12-05');
  });

  it('monthly: its day of this month or the last, across the year', () => {
    expect(duePeriod(monthly(10), '2026-11-28')).toBe('2026-11-10');
    expect(duePeriod(monthly(28), '2026-01-27')).toBeNull();
    expect(duePeriod(monthly(28, '2025-01-01'), '2026-01-27')).toBe('2025-12-28');
    expect(nextRunDate(monthly(5), '2026-12-20', '2026-12-05')).toBe('2027-01-05');
  });

  it('the end date stops the runs', () => {
    const s = weekly(6, '2026-11-01', '2026-12-01');
    expect(duePeriod(s, '2026-12-05')).toBeNull();
    expect(nextRunDate(s, '2026-11-29', null)).toBeNull();
    expect(isOver(s, '2026-12-02')).toBe(true);
    expect(isOver(s, '2026-12-01')).toBe(false);
  });
});
