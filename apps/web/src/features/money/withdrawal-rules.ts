import { bankingInformationIdField, formatBRL, MESSAGES, withdrawalAmountField } from '@prata/domain';
import { z } from 'zod';
import { toMinorUnits } from '@/lib/format';
import type { WithdrawalOverviewResponse } from './api/types';

/** The form holds text (the radio's value, the money field's dot-decimal text); the schema gives numbers. */
export type WithdrawInput = { bankingInformationId: string | number; amount: string | number };
export type WithdrawOutput = { bankingInformationId: number; amount: number };

/**
 * The domain's rules for the destination and the amount (spec 2 §5), plus what the server told this screen: the
 * minimum ('O valor deve ser maior ou igual a R$ 10,00'), more than the fee when one applies, not above the balance.
 */
export function withdrawalSchema(overview: WithdrawalOverviewResponse) {
  const minimum = toMinorUnits(overview.minimumWithdrawalAmount);
  const fee = nextFeeCents(overview);
  const balance = toMinorUnits(overview.currentBalance);
  return z.object({
    bankingInformationId: bankingInformationIdField(),
    amount: withdrawalAmountField().superRefine((cents, ctx) => {
      if (cents < minimum) ctx.addIssue({ code: 'custom', message: MESSAGES.withdrawalMinimum(formatBRL(minimum)) });
      else if (cents <= fee) ctx.addIssue({ code: 'custom', message: MESSAGES.withdrawalAboveFee(formatBRL(fee)) });
      else if (cents > balance) ctx.addIssue({ code: 'custom', message: MESSAGES.insufficientBalanceBRL });
    }),
  });
}

/** The fee of the next withdrawal, in centavos: none while free ones are left this month (spec 2 §9). */
export function nextFeeCents(overview: WithdrawalOverviewResponse): number {
  return overview.freeWithdrawalsLeft > 0 ? 0 : toMinorUnits(overview.withdrawalFee);
}
