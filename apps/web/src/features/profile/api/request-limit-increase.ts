import type { TradingLimitIncreaseRequest, TradingLimitRequestSavedResponse } from '@prata/domain';
import type { z } from 'zod';
import { api } from '@/lib/api';
import { idempotent } from '@/lib/idempotency';
import { useAccountMutation } from './use-account-mutation';

/**
 * The form's fields (money as dot-decimal text, '250000.00', as the multipart form sends it; a company sends no
 * profession or company) and its documents.
 */
export type LimitIncreaseInput = z.input<typeof TradingLimitIncreaseRequest> & { documents: File[] };

/**
 * POST /api/trading-limit-increase (multipart; files under documents[]) → 201 { tradingLimitRequest, message }, with
 * the intention's Idempotency-Key (lib/intention.ts): one request on a double tap.
 */
export function requestLimitIncrease(
  input: LimitIncreaseInput & { key: string },
): Promise<TradingLimitRequestSavedResponse> {
  const form = new FormData();
  const { documents, key, ...fields } = input;
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined && value !== null) form.append(name, String(value));
  }
  for (const file of documents) form.append('documents[]', file, file.name);
  return api.post('/trading-limit-increase', form, idempotent(key));
}

export const useRequestLimitIncrease = () => useAccountMutation('Enviando pedido...', requestLimitIncrease);
