import type { PersonalDataRequest, UserSavedResponse } from '@prata/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { withLoading } from '@/lib/loading';
import { checkCpfStatus } from './check-cpf-status';

/** PUT /api/user/pessoais */
function updatePersonalData(input: PersonalDataRequest): Promise<UserSavedResponse> {
  return api.put<UserSavedResponse>('/user/pessoais', input);
}

/** The CPF status check first (spec 1 §4.1: it must succeed), then the personal data. */
export function useSavePersonalData() {
  return useMutation({
    mutationFn: (input: PersonalDataRequest) =>
      withLoading('Verificando seu CPF...', async () => {
        await checkCpfStatus({ cpf: input.cpf, nascimento: input.nascimento });
        return updatePersonalData(input);
      }),
  });
}

/** /meus-dados: the CPF cannot change there, and the server checks its status again when the birth date changes. */
export function useUpdatePersonalData() {
  return useMutation({
    mutationFn: (input: PersonalDataRequest) =>
      withLoading('Salvando dados pessoais...', () => updatePersonalData(input)),
  });
}
