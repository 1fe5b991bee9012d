import type { BankingInformationRequest, BankingInformationSavedResponse } from '@prata/domain';
import { api } from '@/lib/api';
import { idempotent } from '@/lib/idempotency';
import { useAccountMutation } from './use-account-mutation';

/**
 * POST /api/banking-information → 201 { bankingInformation, message }, with the intention's Idempotency-Key
 * (lib/intention.ts): where withdrawals go, saved once on a double tap.
 */
function createBankingInformation({
  body,
  key,
}: {
  body: BankingInformationRequest;
  key: string;
}): Promise<BankingInformationSavedResponse> {
  return api.post<BankingInformationSavedResponse>('/banking-information', body, idempotent(key));
}

/** DELETE /api/banking-information/{id} → { bankingInformation, message } */
function deleteBankingInformation(id: number): Promise<BankingInformationSavedResponse> {
  return api.delete<BankingInformationSavedResponse>(`/banking-information/${id}`);
}

export const useCreateBankingInformation = () =>
  useAccountMutation('Salvando dados bancários...', createBankingInformation);

export const useDeleteBankingInformation = () =>
  useAccountMutation('Excluindo dados bancários...', deleteBankingInformation);
