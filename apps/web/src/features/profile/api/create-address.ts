import type { AddressRequest, AddressSavedResponse } from '@prata/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { idempotent } from '@/lib/idempotency';
import { withLoading } from '@/lib/loading';

/** POST /api/address → 201 { address, message }, with the intention's key (a double click saves one address). */
function createAddress(input: AddressRequest, idempotencyKey: string): Promise<AddressSavedResponse> {
  return api.post<AddressSavedResponse>('/address', input, idempotent(idempotencyKey));
}

export function useCreateAddress() {
  return useMutation({
    mutationFn: (input: AddressRequest & { idempotencyKey: string }) => {
      const { idempotencyKey, ...address } = input;
      return withLoading('Salvando endereço...', () => createAddress(address, idempotencyKey));
    },
  });
}
