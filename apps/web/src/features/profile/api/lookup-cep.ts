import { type CepLookupResponse, isCompleteCep, onlyDigits } from '@prata/domain';
import { useQuery } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api';

/** GET /api/cep/{cep} → what is known about the CEP; null when it does not exist (404). No loading dialog. */
async function lookupCep(cep: string, signal?: AbortSignal): Promise<CepLookupResponse | null> {
  try {
    return await api.get<CepLookupResponse>(`/cep/${onlyDigits(cep)}`, { signal });
  } catch (error) {
    if (isApiError(error, 404)) return null;
    throw error;
  }
}

/** Looks a CEP up once it is complete; the answer is kept (CEPs rarely change). */
export function useCepLookup(cep: string) {
  const digits = onlyDigits(cep);
  return useQuery({
    queryKey: ['cep', digits],
    queryFn: ({ signal }) => lookupCep(digits, signal),
    enabled: isCompleteCep(cep),
    staleTime: 24 * 60 * 60_000,
    retry: false,
  });
}
