import type { TermsResponse } from '@prata/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** GET /api/termos → { termos }: HTML already sanitized by the server. */
async function getTerms(): Promise<string> {
  const { termos } = await api.get<TermsResponse>('/termos');
  return termos;
}

export function useTerms() {
  return useQuery({ queryKey: ['termos'], queryFn: getTerms, staleTime: 10 * 60_000 });
}
