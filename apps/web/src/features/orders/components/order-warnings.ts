import { formatBRL, formatGrams, MESSAGES } from '@prata/domain';
import { useUser } from '@/lib/auth';
import { toMinorUnits } from '@/lib/format';
import type { OrdersResponse } from '../api/types';
import type { OrderSummary as Summary } from '../summary';

/**
 * The refusals the server would give this order, said while typing: a buy's total above the
 * available reais, a sell's grams above the available silver (both from the signed-in user, refreshed after every
 * order), and the order's value above the annual limit left (GET /api/orders' `trading_limit_left`, which already
 * counts the resting orders). The same figures and words as the server's refusals (MESSAGES).
 */
export function useOrderWarnings(summary: Summary | null, data: OrdersResponse): string[] {
  const { user } = useUser();
  if (!summary?.allowed) return [];
  const warnings: string[] = [];
  if (user && summary.side === 'buy') {
    const available = toMinorUnits(user.balance_brl);
    if (summary.totalCents > available) {
      warnings.push(MESSAGES.orderWarningReais(formatBRL(summary.totalCents), formatBRL(available)));
    }
  }
  if (user && summary.side === 'sell') {
    const available = toMinorUnits(user.balance_ag);
    if (summary.quantityCentigrams > available) {
      warnings.push(MESSAGES.orderWarningSilver(formatGrams(summary.quantityCentigrams), formatGrams(available)));
    }
  }
  const limitLeft = toMinorUnits(data.trading_limit_left);
  if (summary.valueCents > limitLeft) {
    warnings.push(MESSAGES.tradingLimitExceeded(formatBRL(toMinorUnits(data.trading_limit)), formatBRL(limitLeft)));
  }
  return warnings;
}

/** What is at stake in an order, for the confirmation's threshold: a buy's total, the value of the silver a sell gives. */
export const atStakeCents = (summary: Summary) => (summary.side === 'buy' ? summary.totalCents : summary.valueCents);
