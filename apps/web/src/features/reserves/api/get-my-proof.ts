import type { ReserveProofResponse } from '@prata/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** GET /api/reserves/proof: the signed-in customer's own leaf of the latest day and its path to the root. */
function getMyProof(): Promise<ReserveProofResponse> {
  return api.get<ReserveProofResponse>('/reserves/proof');
}

export function useMyProof(enabled: boolean) {
  return useQuery({ queryKey: ['reserves', 'proof'], queryFn: getMyProof, enabled, retry: false });
}
