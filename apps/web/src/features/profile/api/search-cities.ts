import { useQuery } from '@tanstack/react-query';
import { type City, type CitySearchResponse, normalizeSearch } from '@prata/domain';
import { api } from '@/lib/api';

/** The search starts above 1 character (spec 1 §5). */
export const CITY_SEARCH_MIN_CHARS = 2;

/**
 * GET /api/cities/search/{text}?uf= → { cities }; `state` (the CEP's) puts that state's cities first. Never uses the
 * global loading dialog (spec 3).
 */
async function searchCities(text: string, state?: string, signal?: AbortSignal): Promise<City[]> {
  const { cities } = await api.get<CitySearchResponse>(`/cities/search/${encodeURIComponent(text)}`, {
    query: { uf: state },
    signal,
  });
  return cities;
}

/** The search of `text` as the cache keeps it: the list's own query, and the check of a city typed but not picked. */
export function citySearchQuery(text: string, state?: string) {
  const term = text.trim();
  return {
    queryKey: ['cities', 'search', term.toLowerCase(), state ?? ''],
    queryFn: ({ signal }: { signal?: AbortSignal }) => searchCities(term, state, signal),
    staleTime: 5 * 60_000,
  };
}

export function useCitySearch(text: string, state?: string) {
  return useQuery({
    ...citySearchQuery(text, state),
    enabled: text.trim().length >= CITY_SEARCH_MIN_CHARS,
    placeholderData: (previous) => previous,
  });
}

const cityKey = (text: string) => normalizeSearch(text.replace(/[-,/]/g, ' '));

/**
 * The one city a text typed without picking names, among the search's answer: its whole name (accents and case aside)
 * in the CEP's state (any state when none is known), or its name and UF ("Campinas - SP", "campinas/sp"). Null when
 * none or several match ("Bom Jesus" without a state).
 */
export function typedCity(text: string, cities: readonly City[], state?: string): City | null {
  const typed = cityKey(text);
  if (typed === '') return null;
  const found = cities.filter(
    (city) =>
      cityKey(`${city.name} ${city.state}`) === typed ||
      (cityKey(city.name) === typed && (!state || city.state === state.toUpperCase())),
  );
  return found.length === 1 ? found[0]! : null;
}
