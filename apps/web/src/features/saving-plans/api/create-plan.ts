import type { CreateSavingPlanRequest, SavingPlanResponse } from '@prata/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { idempotent } from '@/lib/idempotency';
import { withLoading } from '@/lib/loading';
import { SAVING_PLANS_QUERY_KEY } from './plans';

/** POST /api/saving-plans → 201 { plan, pix_qr_code, message } */
function createSavingPlan({ body, key }: { body: CreateSavingPlanRequest; key: string }) {
  return api.post<SavingPlanResponse>('/saving-plans', body, idempotent(key));
}

export function useCreateSavingPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { body: CreateSavingPlanRequest; key: string }) =>
      withLoading('Criando a poupança automática...', () => createSavingPlan(input)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SAVING_PLANS_QUERY_KEY }),
  });
}
