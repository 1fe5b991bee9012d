import { useMutation, useQueryClient } from '@tanstack/react-query';
import { USER_QUERY_KEY } from '@/lib/auth';
import { withLoading } from '@/lib/loading';

/**
 * A change to the account's data: shows the loading dialog with `progress`, then refreshes the signed-in user and
 * /meus-dados (both live under ['user']).
 */
export function useAccountMutation<TInput, TResult>(progress: string, call: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TInput) => withLoading(progress, () => call(input)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY }),
  });
}
