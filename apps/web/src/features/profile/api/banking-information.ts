import type { BankingInformationRequest, BankingInformationSavedResponse } from '@prata/domain';
import { api } from '../../../lib/api';
import { useAccountMutation } from './use-account-mutation';

/** POST /api/banking-information → 201 { bankingInformation, message } */
export function createBankingInformation(input: BankingInformationRequest): Promise<BankingInformationSavedResponse> {
  return api.post<BankingInformationSavedResponse>('/banking-information', input);
}

/** DELETE /api/banking-information/{id} → { bankingInformation, message } */
export function deleteBankingInformation(id: number): Promise<BankingInformationSavedResponse> {
  return api.delete<BankingInformationSavedResponse>(`/banking-information/${id}`);
}

export const useCreateBankingInformation = () =>
  useAccountMutation('Salvando dados bancários...', createBankingInformation);

export const useDeleteBankingInformation = () =>
  useAccountMutation('Excluindo dados bancários...', deleteBankingInformation);
