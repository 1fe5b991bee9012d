import type { AddressRequest, AddressSavedResponse } from '@prata/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { withLoading } from '../../../lib/loading';

/** POST /api/address */
export function createAddress(input: AddressRequest): Promise<AddressSavedResponse> {
  return api.post<AddressSavedResponse>('/address', input);
}

export function useCreateAddress() {
  return useMutation({
    mutationFn: (input: AddressRequest) => withLoading('Salvando endereço...', () => createAddress(input)),
  });
}
