import type { BankingInformationRequest } from '@prata/domain';
import { api } from '../../../lib/api';
import type { BankingInformation } from './types';
import { useAccountMutation } from './use-account-mutation';

type BankingAnswer = { bankingInformation: BankingInformation; message: string };

/** POST /api/banking-information → 201 { bankingInformation, message } */
export function createBankingInformation(input: BankingInformationRequest): Promise<BankingAnswer> {
  return api.post<BankingAnswer>('/banking-information', input);
}

/** DELETE /api/banking-information/{id} → { bankingInformation, message } */
export function deleteBankingInformation(id: number): Promise<BankingAnswer> {
  return api.delete<BankingAnswer>(`/banking-information/${id}`);
}

export const useCreateBankingInformation = () =>
  useAccountMutation('Salvando dados bancários...', createBankingInformation);

export const useDeleteBankingInformation = () =>
  useAccountMutation('Excluindo dados bancários...', deleteBankingInformation);
