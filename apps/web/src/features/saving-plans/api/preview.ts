import type { SavingFrequency, SavingPaymentMethod, SavingPreviewResponse } from '@prata/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** The schedule of the plan being made: the preview answers the dates of its first two runs. */
export type PreviewSchedule = {
  frequency?: SavingFrequency;
  weekday?: number;
  month_day?: number;
  payment_method?: SavingPaymentMethod;
};

/**
 * GET /api/saving-plans/preview?amount=&frequency=&weekday=&month_day=&payment_method=: what the amount buys now,
 * with the fee and the IOF, and when the runs happen.
 */
function getSavingPreview(amount: string, schedule: PreviewSchedule = {}): Promise<SavingPreviewResponse> {
  return api.get<SavingPreviewResponse>('/saving-plans/preview', { query: { amount, ...schedule } });
}

/** `amount` dot-decimal reais; asked only for an amount of at least R$ 10,00. */
export function useSavingPreview(amount: string, schedule: PreviewSchedule = {}) {
  const enabled = Number(amount) >= 10;
  return useQuery({
    queryKey: ['saving-plans', 'preview', amount, schedule],
    queryFn: () => getSavingPreview(amount, schedule),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
