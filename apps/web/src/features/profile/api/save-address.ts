import type { AddressRequest } from '@prata/domain';
import { api } from '../../../lib/api';
import type { Address } from '../../../lib/auth';
import { useAccountMutation } from './use-account-mutation';

type AddressAnswer = { address: Address; message: string };

/** POST /api/address → 201 { address, message } */
export function createAddress(input: AddressRequest): Promise<AddressAnswer> {
  return api.post<AddressAnswer>('/address', input);
}

/** PUT /api/address/{id} → { address, message } */
export function updateAddress(id: number, input: AddressRequest): Promise<AddressAnswer> {
  return api.put<AddressAnswer>(`/address/${id}`, input);
}

/** DELETE /api/address/{id} → { address, message } */
export function deleteAddress(id: number): Promise<AddressAnswer> {
  return api.delete<AddressAnswer>(`/address/${id}`);
}

export const useCreateAddress = () => useAccountMutation('Salvando endereço...', createAddress);

export const useUpdateAddress = (id: number) =>
  useAccountMutation('Salvando endereço...', (input: AddressRequest) => updateAddress(id, input));

export const useDeleteAddress = () => useAccountMutation('Excluindo endereço...', deleteAddress);
