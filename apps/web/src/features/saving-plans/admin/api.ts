import type { AdminSavingPlansResponse } from '@prata/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** GET /api/admin/saving-plans?page=: every plan, newest first, with its customer and latest runs. */
function getAdminSavingPlans(page: number): Promise<AdminSavingPlansResponse> {
  return api.get<AdminSavingPlansResponse>('/admin/saving-plans', { query: { page } });
}

export function useAdminSavingPlans(page: number) {
  return useQuery({
    queryKey: ['admin', 'saving-plans', page],
    queryFn: () => getAdminSavingPlans(page),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
