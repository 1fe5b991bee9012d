import { useQuery } from '@tanstack/react-query';
import type { Address, AddressResponse } from '@prata/domain';
import { api } from '@/lib/api';

/** GET /api/address/{id} → { address }; 404 when it is not the customer's. */
async function getAddress(id: number): Promise<Address> {
  const { address } = await api.get<AddressResponse>(`/address/${id}`);
  return address;
}

export function useAddress(id: number) {
  return useQuery({
    queryKey: ['address', id],
    queryFn: () => getAddress(id),
    enabled: Number.isInteger(id) && id > 0,
    staleTime: 0,
  });
}
