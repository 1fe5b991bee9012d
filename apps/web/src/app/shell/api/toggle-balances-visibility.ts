import type { HideBalancesResponse } from '@prata/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { USER_QUERY_KEY, type User } from '@/lib/auth';
import { notify } from '@/lib/notify';

function toggleBalancesVisibility(): Promise<HideBalancesResponse> {
  return api.put<HideBalancesResponse>('/user/toggle-balances-visibility');
}

/** PUT /api/user/toggle-balances-visibility; the answer updates the cached user in place. */
export function useToggleBalancesVisibility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleBalancesVisibility,
    onSuccess: ({ hide_balances }) => {
      queryClient.setQueryData<User>(USER_QUERY_KEY, (user) => (user ? { ...user, hide_balances } : user));
    },
    onError: (error) => notify.error(error),
  });
}
