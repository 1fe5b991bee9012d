import type { AddressRequest } from '@prata/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { Address } from '../../../lib/auth';
import { withLoading } from '../../../lib/loading';

export type CreateAddressResponse = { message?: string; address?: Address };

/** POST /api/address */
export function createAddress(input: AddressRequest): Promise<CreateAddressResponse> {
  return api.post<CreateAddressResponse>('/address', input);
}

export function useCreateAddress() {
  return useMutation({
    mutationFn: (input: AddressRequest) => withLoading('Salvando endereço...', () => createAddress(input)),
  });
}
