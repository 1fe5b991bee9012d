import { api } from '../../../lib/api';
import type { TradingLimitRequest } from './types';
import { useAccountMutation } from './use-account-mutation';

/** Money as dot-decimal text ('250000.00'), as the multipart form sends it. A company sends no profession or company. */
export type LimitIncreaseInput = {
  new_limit: string;
  net_worth: string;
  monthly_income: string;
  profession?: string;
  company_name?: string;
  company_cnpj?: string;
  other_info: string;
  documents: File[];
};

/** POST /api/trading-limit-increase (multipart; files under documents[]) → 201 { tradingLimitRequest, message } */
export function requestLimitIncrease(
  input: LimitIncreaseInput,
): Promise<{ tradingLimitRequest: TradingLimitRequest; message: string }> {
  const form = new FormData();
  const { documents, ...fields } = input;
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, value);
  for (const file of documents) form.append('documents[]', file, file.name);
  return api.post('/trading-limit-increase', form);
}

export const useRequestLimitIncrease = () => useAccountMutation('Enviando pedido...', requestLimitIncrease);
