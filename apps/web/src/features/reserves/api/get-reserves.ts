import type { ReservesResponse } from '@prata/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

const RESERVES_QUERY_KEY = ['reserves'] as const;

/** GET /api/reserves (public): the latest day's root and totals, the vault's bars, the difference and the history. */
function getReserves(): Promise<ReservesResponse> {
  return api.get<ReservesResponse>('/reserves');
}

export function useReserves() {
  return useQuery({ queryKey: RESERVES_QUERY_KEY, queryFn: getReserves });
}
