import type { FatcaRequest } from '@prata/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { withLoading } from '../../../lib/loading';

/** PUT /api/user/fatca { five booleans } */
export function updateFatca(input: FatcaRequest): Promise<{ message?: string }> {
  return api.put<{ message?: string }>('/user/fatca', input);
}

export function useUpdateFatca() {
  return useMutation({
    mutationFn: (input: FatcaRequest) => withLoading('Salvando declaração...', () => updateFatca(input)),
  });
}
