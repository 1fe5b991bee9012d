import { type DepositLimits, depositLimitRefusal, parseDecimal } from '@prata/domain';
import { brl } from './labels';

/** Reais from the API (dot-decimal numbers) as centavos, through the domain's one parser. */
const cents = (reais: number) => {
  const parsed = parseDecimal(reais, { allowZero: true });
  return parsed.ok ? parsed.minor : 0;
};

/**
 * The server's refusal, said before anything is sent: the domain's one rule (depositLimitRefusal) over the limits the
 * server sent; null when the amount fits what may be deposited now. The server still checks.
 */
export function depositLimitMessage(limits: DepositLimits, amountCents: number, method: 'pix' | 'ted'): string | null {
  const nightPerDepositCents = limits.nightPerDeposit === null ? null : cents(limits.nightPerDeposit);
  return depositLimitRefusal(
    {
      perDepositCents: cents(limits.perDeposit),
      nightPerDepositCents,
      perPeriodCents: cents(limits.perPeriod),
      periodDays: limits.periodDays,
      periodLeftCents: cents(limits.periodLeft),
    },
    amountCents,
    method,
  );
}

/** One line for the screen, before anything is typed: the limits and what is left of the period. */
export function depositLimitsText(limits: DepositLimits): string {
  const night =
    limits.nightPerDeposit !== null ? ` Agora, entre 20h e 6h, até ${brl(limits.nightPerDeposit)} por depósito.` : '';
  return `Até ${brl(limits.perDeposit)} por depósito e ${brl(limits.perPeriod)} a cada ${limits.periodDays} dias. Você ainda pode depositar ${brl(limits.periodLeft)}.${night}`;
}
