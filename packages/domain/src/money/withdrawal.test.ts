import { describe, expect, it } from 'vitest';
import { freeWithdrawalsLeft, WITHDRAWAL_FEE_CENTS, withdrawalFee } from './withdrawal';

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
