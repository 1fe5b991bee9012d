import { useQuery } from '@tanstack/react-query';
import type { City, CitySearchResponse } from '@prata/domain';
import { api } from '../../../lib/api';

/** The search starts above 1 character (spec 1 §5). */
export const CITY_SEARCH_MIN_CHARS = 2;

/**
 * GET /api/cities/search/{text}?uf= → { cities }; `state` (the CEP's) puts that state's cities first. Never uses the
 * global loading dialog (spec 3).
 */
export async function searchCities(text: string, state?: string, signal?: AbortSignal): Promise<City[]> {
  const { cities } = await api.get<CitySearchResponse>(`/cities/search/${encodeURIComponent(text)}`, {
    query: { uf: state },
    signal,
  });
  return cities;
}

export function useCitySearch(text: string, state?: string) {
  const term = text.trim();
  return useQuery({
    queryKey: ['cities', 'search', term.toLowerCase(), state ?? ''],
    queryFn: ({ signal }) => searchCities(term, state, signal),
    enabled: term.length >= CITY_SEARCH_MIN_CHARS,
    staleTime: 5 * 60_000,
    placeholderData: (previous) => previous,
  });
}
