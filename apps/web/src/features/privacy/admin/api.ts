import type {
  AdminDataProcessorsResponse,
  AdminPrivacyRequestsResponse,
  DataProcessorRequest,
  DataProcessorSavedResponse,
} from '@prata/domain';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api';
import { idempotent } from '@/lib/idempotency';
import { withLoading } from '@/lib/loading';

const QUEUE_KEY = ['admin', 'privacy', 'requests'] as const;
const PROCESSORS_KEY = ['admin', 'privacy', 'processors'] as const;

export type ProcessorBody = z.input<typeof DataProcessorRequest>;

/** GET /api/admin/privacy/requests?status=&cursor=: the queue, oldest due first, a page after the cursor. */
export function useAdminPrivacyRequests(status: 'open' | 'all') {
  return useInfiniteQuery({
    queryKey: [...QUEUE_KEY, status],
    queryFn: ({ pageParam }) =>
      api.get<AdminPrivacyRequestsResponse>('/admin/privacy/requests', { query: { status, cursor: pageParam } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    staleTime: 0,
  });
}

/** GET /api/admin/privacy/processors: the whole register, active or not. */
export function useAdminProcessors() {
  return useQuery({
    queryKey: PROCESSORS_KEY,
    queryFn: () => api.get<AdminDataProcessorsResponse>('/admin/privacy/processors'),
  });
}

/** POST (new, with the intention's key) or PUT (an edit) of a processor. */
export function useSaveProcessor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body, key }: { id: number | null; body: ProcessorBody; key: string }) =>
      withLoading('Salvando operador de dados...', () =>
        id === null
          ? api.post<DataProcessorSavedResponse>('/admin/privacy/processors', body, idempotent(key))
          : api.put<DataProcessorSavedResponse>(`/admin/privacy/processors/${id}`, body),
      ),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: PROCESSORS_KEY }),
  });
}
