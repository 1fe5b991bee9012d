import { useQuery } from '@tanstack/react-query';
import { api, type MessageResponse } from '@/lib/api';

/** POST /api/register/verify/{token} → { message } */
function verifyEmail(token: string): Promise<MessageResponse> {
  return api.post<MessageResponse>(`/register/verify/${encodeURIComponent(token)}`);
}

/** A query rather than a mutation: it runs once on mount and is deduplicated under StrictMode. */
export function useVerifyEmail(token: string) {
  return useQuery({
    queryKey: ['register', 'verify', token],
    queryFn: () => verifyEmail(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}
