import type { SessionPolicyResponse } from '@prata/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** GET /api/session/policy → how long a session lasts (the server's setting) and at most in all. */
function getSessionPolicy(): Promise<SessionPolicyResponse> {
  return api.get<SessionPolicyResponse>('/session/policy');
}

export function useSessionPolicy() {
  return useQuery({ queryKey: ['session-policy'], queryFn: getSessionPolicy, staleTime: 10 * 60_000 });
}
