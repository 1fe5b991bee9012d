import {
  type Affiliate,
  affiliateStatus,
  formatDateBR,
  formatDecimalGrams,
  formatReais,
  type Reward,
} from '@prata/domain';

/** A date as the tables show it: 22/11/2026 (Brasília). */
export const dateBR = formatDateBR;

/** Whole years, as the spec asks (spec 3 §9): '1 ano', '2 anos'. */
export const yearsText = (years: number) => {
  const whole = Math.max(0, Math.floor(years));
  return `${whole} ${whole === 1 ? 'ano' : 'anos'}`;
};

/** A share of the fee: 20 → '20%', 12.5 → '12,5%'. */
export const shareText = (percent: number) => `${String(percent).replace('.', ',')}%`;

/** A reward in reais or in grams. */
export const rewardAmount = (reward: Pick<Reward, 'total_amount' | 'currency'>) =>
  reward.currency === 'silver' ? formatDecimalGrams(reward.total_amount) : formatReais(reward.total_amount);

export type AffiliateState = ReturnType<typeof affiliateStatus>;
export const stateOf = (a: Affiliate): AffiliateState => affiliateStatus(a);
