import { assertMinorUnits, type Cents } from './units';

/** The smallest Pix deposit (spec 2 §9): R$ 5,00. */
export const MINIMUM_PIX_DEPOSIT_CENTS: Cents = 500;
/** Withdrawals free of charge in each calendar month (spec 2 §9); from the next one on the fee applies. */
export const FREE_WITHDRAWALS_PER_MONTH = 2;
/** The fee of a withdrawal beyond the free ones, deducted from the amount withdrawn (spec 2 §9): R$ 9,90. */
export const WITHDRAWAL_FEE_CENTS: Cents = 990;

export type WithdrawalFeeInput = {
  /** the customer's withdrawals already asked for this month that still count (pending or paid, not refused) */
  earlierThisMonth: number;
  freePerMonth?: number;
  feeCents?: Cents;
};

/** The fee of the next withdrawal: nothing for the first `freePerMonth` of the month, `feeCents` after. */
export function withdrawalFee(input: WithdrawalFeeInput): Cents {
  const free = input.freePerMonth ?? FREE_WITHDRAWALS_PER_MONTH;
  const fee = input.feeCents ?? WITHDRAWAL_FEE_CENTS;
  if (!Number.isSafeInteger(input.earlierThisMonth) || input.earlierThisMonth < 0)
    throw new RangeError(`earlierThisMonth must be a count, got ${input.earlierThisMonth}`);
  assertMinorUnits(fee, 'feeCents');
  return input.earlierThisMonth >= free ? fee : 0;
}

/** How many of this month's withdrawals are still free. */
export function freeWithdrawalsLeft(earlierThisMonth: number, freePerMonth = FREE_WITHDRAWALS_PER_MONTH): number {
  return Math.max(0, freePerMonth - earlierThisMonth);
}
