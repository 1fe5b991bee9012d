import type { SilverTransfer, SilverTransferResponse } from '@prata/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PageOf } from '@/components/paginated-table';
import { api } from '@/lib/api';
import { USER_QUERY_KEY } from '@/lib/auth';
import { idempotent } from '@/lib/idempotency';
import { withLoading } from '@/lib/loading';
import { SILVER_TRANSFERS_PATH, TRANSFER_OVERVIEW_QUERY_KEY } from './transfers';

/** PUT /api/silver-transfer/{id}/cancel → { transfer, message }: a pending transfer, cancelled (its grams come back). */
function cancelTransfer({ id, key }: { id: number; key: string }): Promise<SilverTransferResponse> {
  return api.put<SilverTransferResponse>(`/silver-transfer/${id}/cancel`, undefined, idempotent(key));
}

/**
 * Cancels under the loading dialog; the answer's row replaces the row on every cached page of the history tab
 * (spec 2 §4: status updated), and the user is asked again (balance refreshed).
 */
export function useCancelTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; key: string }) =>
      withLoading('Cancelando transferência...', () => cancelTransfer(input)),
    onSuccess: ({ transfer }) => {
      queryClient.setQueriesData<PageOf<SilverTransfer>>({ queryKey: ['history', SILVER_TRANSFERS_PATH] }, (page) =>
        page ? { ...page, data: page.data.map((row) => (row.id === transfer.id ? transfer : row)) } : page,
      );
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: TRANSFER_OVERVIEW_QUERY_KEY }),
      ]),
  });
}
