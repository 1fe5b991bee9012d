import type { AddressRequest, AddressSavedResponse } from '@prata/domain';
import { api } from '@/lib/api';
import { idempotent } from '@/lib/idempotency';
import { useAccountMutation } from './use-account-mutation';

/** POST /api/address → 201 { address, message }, with the intention's key (a double click saves one address). */
function createAddress({ key, ...input }: AddressRequest & { key: string }): Promise<AddressSavedResponse> {
  return api.post<AddressSavedResponse>('/address', input, idempotent(key));
}

/** PUT /api/address/{id} → { address, message } */
function updateAddress(id: number, input: AddressRequest): Promise<AddressSavedResponse> {
  return api.put<AddressSavedResponse>(`/address/${id}`, input);
}

/** DELETE /api/address/{id} → { address, message } */
function deleteAddress(id: number): Promise<AddressSavedResponse> {
  return api.delete<AddressSavedResponse>(`/address/${id}`);
}

export const useCreateAddress = () => useAccountMutation('Salvando endereço...', createAddress);

export const useUpdateAddress = (id: number) =>
  useAccountMutation('Salvando endereço...', (input: AddressRequest) => updateAddress(id, input));

export const useDeleteAddress = () => useAccountMutation('Excluindo endereço...', deleteAddress);
