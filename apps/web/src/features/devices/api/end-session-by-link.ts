import type { MessageResponse } from '@prata/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** POST /api/sessions/end-by-link { token } → { message }: the new-device e-mail's link; no sign-in needed. */
function endSessionByLink(token: string): Promise<MessageResponse> {
  return api.post<MessageResponse>('/sessions/end-by-link', { token });
}

/** A query rather than a mutation: it runs once on mount (the server answers the same to a second opening). */
export function useEndSessionByLink(token: string) {
  return useQuery({
    queryKey: ['sessions', 'end-by-link', token],
    queryFn: () => endSessionByLink(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}
