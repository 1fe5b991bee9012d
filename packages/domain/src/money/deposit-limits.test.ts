import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import { depositLimitRefusal } from './deposit-limits';

const limits = {
  perDepositCents: 1_000_000,
  nightPerDepositCents: null,
  perPeriodCents: 5_000_000,
  periodDays: 30,
  periodLeftCents: 1_500_000,
};

describe('depositLimitRefusal', () => {
  it('lets through what fits, up to the centavo', () => {
    expect(depositLimitRefusal(limits, 1_000_000, 'pix')).toBeNull();
  });

  it('names the per-deposit limit first, then the night limit for Pix only, then what is left of the period', () => {
    expect(depositLimitRefusal(limits, 1_000_001, 'pix')).toBe(MESSAGES.depositAbovePerDeposit('R$ 10.000,00'));
    const night = { ...limits, nightPerDepositCents: 100_000 };
    expect(depositLimitRefusal(night, 100_001, 'pix')).toBe(MESSAGES.depositAboveNight('R$ 1.000,00'));
    expect(depositLimitRefusal(night, 100_001, 'ted')).toBeNull();
    const spent = { ...limits, periodLeftCents: 50_000 };
    expect(depositLimitRefusal(spent, 50_001, 'ted')).toBe(
      MESSAGES.depositAbovePeriod('R$ 50.000,00', 30, 'R$ 500,00'),
    );
  });
});
