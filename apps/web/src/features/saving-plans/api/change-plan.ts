import type { SavingPlanResponse } from '@prata/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { withLoading } from '../../../lib/loading';
import { SAVING_PLANS_QUERY_KEY } from './plans';

export type PlanMove = 'pause' | 'resume' | 'cancel';

const LOADING: Record<PlanMove, string> = {
  pause: 'Pausando...',
  resume: 'Retomando...',
  cancel: 'Cancelando e revogando o Pix Automático...',
};

/** POST /api/saving-plans/{id}/{pause|resume|cancel} → { plan, message } */
export function changeSavingPlan({ id, move }: { id: number; move: PlanMove }) {
  return api.post<SavingPlanResponse>(`/saving-plans/${id}/${move}`, {});
}

export function useChangeSavingPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; move: PlanMove }) =>
      withLoading(LOADING[input.move], () => changeSavingPlan(input)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SAVING_PLANS_QUERY_KEY }),
  });
}
