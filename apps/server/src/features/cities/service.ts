import { normalizeSearch } from '@prata/domain';
import municipios from './data/municipios.json' with { type: 'json' };

type City = { id: number; name: string; state: string };
export type CityResult = City & { description: string };

/** The IBGE list, searched in memory: accents and case do not matter; "sao paulo sp" and "campinas - sp" work. */
const INDEX = (municipios as City[]).map((c) => ({
  city: c,
  key: normalizeSearch(c.name),
  full: normalizeSearch(`${c.name} ${c.state}`),
}));

export const SEARCH_LIMIT = 20;

/** Cities whose name starts with the text first, then those containing it; at most 20. Needs 2+ characters. */
export function searchCities(text: string): CityResult[] {
  const q = normalizeSearch(text.replace(/[-,/]/g, ' '));
  if (q.length < 2) return [];
  const starts: City[] = [];
  const contains: City[] = [];
  for (const { city, key, full } of INDEX) {
    if (key.startsWith(q) || full.startsWith(q)) starts.push(city);
    else if (key.includes(q) || full.includes(q)) contains.push(city);
  }
  const byName = (a: City, b: City) => a.name.localeCompare(b.name, 'pt-BR') || a.state.localeCompare(b.state);
  return [...starts.sort(byName), ...contains.sort(byName)]
    .slice(0, SEARCH_LIMIT)
    .map((c) => ({ ...c, description: `${c.name} - ${c.state}` }));
}

export const cityExists = (id: number) => CITY_IDS.has(id);
const CITY_IDS = new Set((municipios as City[]).map((c) => c.id));
