import { MONEY_MESSAGES } from '../messages/money';
import { formatBRL } from './format';

/** A customer's limits on money in now, in centavos (the server works them out; the screen receives them). */
export type DepositLimitCents = {
  perDepositCents: number;
  /** Pix between 20h and 6h in Brasília, when configured and it is night now; null otherwise */
  nightPerDepositCents: number | null;
  perPeriodCents: number;
  periodDays: number;
  periodLeftCents: number;
};

/**
 * Why an amount cannot be deposited now, in the spec's words, or null when it fits: the per-deposit limit first, then
 * Pix's night limit (Banco Central's rule for Pix; a TED is not instant), then what is left of the period. The server
 * refuses with it (DEPOSIT_LIMIT_EXCEEDED) and the screen says it before anything is sent: one rule, one order.
 */
export function depositLimitRefusal(
  limits: DepositLimitCents,
  amountCents: number,
  method: 'pix' | 'ted',
): string | null {
  if (amountCents > limits.perDepositCents)
    return MONEY_MESSAGES.depositAbovePerDeposit(formatBRL(limits.perDepositCents));
  if (method === 'pix' && limits.nightPerDepositCents !== null && amountCents > limits.nightPerDepositCents) {
    return MONEY_MESSAGES.depositAboveNight(formatBRL(limits.nightPerDepositCents));
  }
  if (amountCents > limits.periodLeftCents) {
    return MONEY_MESSAGES.depositAbovePeriod(
      formatBRL(limits.perPeriodCents),
      limits.periodDays,
      formatBRL(limits.periodLeftCents),
    );
  }
  return null;
}
