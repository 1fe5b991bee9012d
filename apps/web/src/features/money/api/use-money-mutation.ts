import { useMutation, useQueryClient } from '@tanstack/react-query';
import { USER_QUERY_KEY } from '@/lib/auth';
import { withLoading } from '@/lib/loading';
import { MONEY_QUERY_KEY } from './keys';

/**
 * A write that moves money (or may): shows the loading dialog with `progress`, then refreshes the signed-in user (the
 * drawer's and the top bar's balances), the money screens and the history tabs, whatever the answer (a refused
 * request may still tell something new, e.g. a deposit paid meanwhile).
 */
export function useMoneyMutation<TInput, TResult>(progress: string, call: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TInput) => withLoading(progress, () => call(input)),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: MONEY_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ['history'] }),
      ]),
  });
}
