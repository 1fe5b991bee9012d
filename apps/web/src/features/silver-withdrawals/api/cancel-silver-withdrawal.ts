import type { SilverWithdrawal, SilverWithdrawalResponse } from '@prata/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PageOf } from '@/components/paginated-table';
import { api } from '@/lib/api';
import { USER_QUERY_KEY } from '@/lib/auth';
import { withLoading } from '@/lib/loading';
import { SILVER_WITHDRAWALS_PATH } from './get-silver-withdrawals';

/** PUT /api/silver-withdrawal/{id}/cancel → { silverWithdrawal, message }: a pending withdrawal, cancelled. */
function cancelSilverWithdrawal(id: number): Promise<SilverWithdrawalResponse> {
  return api.put<SilverWithdrawalResponse>(`/silver-withdrawal/${id}/cancel`);
}

/**
 * Cancels under the loading dialog; the answer's row replaces the row on every cached page of the tab, and the user
 * is asked again (what the withdrawal held returns to the balances).
 */
export function useCancelSilverWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => withLoading('Cancelando retirada...', () => cancelSilverWithdrawal(id)),
    onSuccess: ({ silverWithdrawal }) => {
      queryClient.setQueriesData<PageOf<SilverWithdrawal>>(
        { queryKey: ['history', SILVER_WITHDRAWALS_PATH] },
        (page) =>
          page
            ? { ...page, data: page.data.map((row) => (row.id === silverWithdrawal.id ? silverWithdrawal : row)) }
            : page,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY }),
  });
}
