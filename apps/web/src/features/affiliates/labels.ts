import { type Affiliate, affiliateStatus, formatBRL, formatDateTimeBR, formatGrams, type Reward } from '@prata/domain';
import { toMinorUnits } from '../../lib/format';

/** A date as the tables show it: 22/11/2026 (Brasília). */
export const dateBR = (iso: string) => formatDateTimeBR(iso).slice(0, 10);

/** Whole years, as the spec asks (spec 3 §9): '1 ano', '2 anos'. */
export const yearsText = (years: number) => {
  const whole = Math.max(0, Math.floor(years));
  return `${whole} ${whole === 1 ? 'ano' : 'anos'}`;
};

/** A share of the fee: 20 → '20%', 12.5 → '12,5%'. */
export const shareText = (percent: number) => `${String(percent).replace('.', ',')}%`;

/** A reward in reais or in grams. */
export const rewardAmount = (reward: Pick<Reward, 'total_amount' | 'currency'>) =>
  reward.currency === 'silver'
    ? formatGrams(toMinorUnits(reward.total_amount))
    : formatBRL(toMinorUnits(reward.total_amount));

export type AffiliateState = ReturnType<typeof affiliateStatus>;
export const stateOf = (a: Affiliate): AffiliateState => affiliateStatus(a);
