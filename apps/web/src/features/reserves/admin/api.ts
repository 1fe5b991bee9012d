import type { AdminReservesResponse, MessageResponse } from '@prata/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiFetch } from '@/lib/api';
import { idempotent } from '@/lib/idempotency';

const ADMIN_RESERVES_QUERY_KEY = ['admin', 'reserves'] as const;

/** GET /api/admin/reserves: the latest day, the bars, the ledger's vault and whether the bars fall short. */
function getAdminReserves(): Promise<AdminReservesResponse> {
  return api.get<AdminReservesResponse>('/admin/reserves');
}

export function useAdminReserves(enabled = true) {
  return useQuery({ queryKey: ADMIN_RESERVES_QUERY_KEY, queryFn: getAdminReserves, staleTime: 0, enabled });
}

export type BarInput = { serial: string; refiner: string; weightCg: string; document: File };

/**
 * POST /api/admin/reserves/bars (multipart: serial, refiner, weightCg, document) → 201 { bar, message }, with the
 * intention's key (lib/intention.ts): a double click lists the bar once.
 */
function addBar({ key, ...input }: BarInput & { key: string }): Promise<MessageResponse> {
  const form = new FormData();
  form.append('serial', input.serial);
  form.append('refiner', input.refiner);
  form.append('weightCg', input.weightCg);
  form.append('document', input.document, input.document.name);
  return apiFetch<MessageResponse>('/admin/reserves/bars', { method: 'POST', body: form, ...idempotent(key) });
}

/** DELETE /api/admin/reserves/bars/:id → { message } */
function removeBar(id: number): Promise<MessageResponse> {
  return api.delete<MessageResponse>(`/admin/reserves/bars/${id}`);
}

/** POST /api/admin/reserves/rebuild { day? } → { proof, previousRoot, message } */
function rebuildDay(day?: string): Promise<MessageResponse> {
  return api.post<MessageResponse>('/admin/reserves/rebuild', day ? { day } : {});
}

function useReservesMutation<A>(fn: (arg: A) => Promise<MessageResponse>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: ADMIN_RESERVES_QUERY_KEY }),
  });
}

export const useAddBar = () => useReservesMutation(addBar);
export const useRemoveBar = () => useReservesMutation(removeBar);
export const useRebuildDay = () => useReservesMutation((day: string | undefined) => rebuildDay(day));
