import { describe, expect, it } from 'vitest';
import { brasiliaMonthStart, freeWithdrawalsLeft, WITHDRAWAL_FEE_CENTS, withdrawalFee } from './withdrawal';

describe('withdrawal fee (two free a month, then R$ 9,90)', () => {
  it('the first and second of the month are free, the third pays R$ 9,90, and so on', () => {
    expect(withdrawalFee({ earlierThisMonth: 0 })).toBe(0);
    expect(withdrawalFee({ earlierThisMonth: 1 })).toBe(0);
    expect(withdrawalFee({ earlierThisMonth: 2 })).toBe(990);
    expect(withdrawalFee({ earlierThisMonth: 7 })).toBe(WITHDRAWAL_FEE_CENTS);
  });
  it('takes other settings', () => {
    expect(withdrawalFee({ earlierThisMonth: 0, freePerMonth: 0, feeCents: 500 })).toBe(500);
    expect(withdrawalFee({ earlierThisMonth: 4, freePerMonth: 5, feeCents: 500 })).toBe(0);
  });
  it('refuses a count or a fee that is not an integer', () => {
    expect(() => withdrawalFee({ earlierThisMonth: -1 })).toThrow(RangeError);
    expect(() => withdrawalFee({ earlierThisMonth: 1.5 })).toThrow(RangeError);
    expect(() => withdrawalFee({ earlierThisMonth: 3, feeCents: 9.9 })).toThrow();
  });
  it('counts the free ones left', () => {
    expect([0, 1, 2, 3].map((n) => freeWithdrawalsLeft(n))).toEqual([2, 1, 0, 0]);
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
