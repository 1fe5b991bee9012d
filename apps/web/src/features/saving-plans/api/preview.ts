import type { SavingPreviewResponse } from '@prata/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** GET /api/saving-plans/preview?amount=: what the amount buys now, with the fee and the IOF. */
export function getSavingPreview(amount: string): Promise<SavingPreviewResponse> {
  return api.get<SavingPreviewResponse>('/saving-plans/preview', { query: { amount } });
}

/** `amount` dot-decimal reais; asked only for an amount of at least R$ 10,00. */
export function useSavingPreview(amount: string) {
  const enabled = Number(amount) >= 10;
  return useQuery({
    queryKey: ['saving-plans', 'preview', amount],
    queryFn: () => getSavingPreview(amount),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
