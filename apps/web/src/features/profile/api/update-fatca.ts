import type { FatcaRequest, UserSavedResponse } from '@prata/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { withLoading } from '@/lib/loading';

/** PUT /api/user/fatca { five booleans } */
function updateFatca(input: FatcaRequest): Promise<UserSavedResponse> {
  return api.put<UserSavedResponse>('/user/fatca', input);
}

export function useUpdateFatca() {
  return useMutation({
    mutationFn: (input: FatcaRequest) => withLoading('Salvando declaração...', () => updateFatca(input)),
  });
}
