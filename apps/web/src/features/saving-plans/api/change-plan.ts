import type { SavingPaymentMethod, SavingPlanResponse } from '@prata/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { withLoading } from '@/lib/loading';
import { SAVING_PLANS_QUERY_KEY } from './plans';

export type PlanMove = 'pause' | 'resume' | 'cancel';

type Change = { id: number; move: PlanMove; method: SavingPaymentMethod };

/** The loading bar's words: revoking Pix Automático is said only for a plan paid by it. */
function loadingOf({ move, method }: Change): string {
  if (move === 'pause') return 'Pausando...';
  if (move === 'resume') return 'Retomando...';
  return method === 'pix_automatico' ? 'Cancelando e revogando o Pix Automático...' : 'Cancelando...';
}

/** POST /api/saving-plans/{id}/{pause|resume|cancel} → { plan, message } */
function changeSavingPlan({ id, move }: Pick<Change, 'id' | 'move'>) {
  return api.post<SavingPlanResponse>(`/saving-plans/${id}/${move}`, {});
}

export function useChangeSavingPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Change) => withLoading(loadingOf(input), () => changeSavingPlan(input)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SAVING_PLANS_QUERY_KEY }),
  });
}
