import type { EndOtherSessionsResponse, MessageResponse, SessionsResponse } from '@prata/domain';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

const SESSIONS_QUERY_KEY = ['sessions'] as const;

/** GET /api/sessions?cursor=: the open sessions, newest first, a page at a time. */
const getSessions = (cursor?: string) =>
  api.get<SessionsResponse>(cursor ? `/sessions?cursor=${encodeURIComponent(cursor)}` : '/sessions');

export function useSessions() {
  return useInfiniteQuery({
    queryKey: SESSIONS_QUERY_KEY,
    queryFn: ({ pageParam }) => getSessions(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

/** DELETE /api/sessions/{id}: "Encerrar" one session. */
const endSession = (id: string) => api.delete<MessageResponse>(`/sessions/${encodeURIComponent(id)}`);

/** DELETE /api/sessions: "Encerrar todas as outras". */
const endOtherSessions = () => api.delete<EndOtherSessionsResponse>('/sessions');

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY }),
  });
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endOtherSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY }),
  });
}
