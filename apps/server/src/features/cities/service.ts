import { normalizeSearch } from '@prata/domain';
import municipios from './data/municipios.json' with { type: 'json' };

type City = { id: number; name: string; state: string };
export type CityResult = City & { description: string };

/** The 27 state capitals (IBGE codes): where most customers live, so they lead among equal matches. */
const STATE_CAPITALS: ReadonlySet<number> = new Set([
  1200401, 2704302, 1600303, 1302603, 2927408, 2304400, 5300108, 3205309, 5208707, 2111300, 5103403, 5002704, 3106200,
  1501402, 2507507, 4106902, 2611606, 2211001, 3304557, 2408102, 4314902, 1100205, 1400100, 4205407, 3550308, 2800308,
  1721000,
]);

/** The IBGE list, searched in memory: accents and case do not matter; "sao paulo sp" and "campinas - sp" work. */
const INDEX = (municipios as City[]).map((c) => ({
  city: c,
  key: normalizeSearch(c.name),
  full: normalizeSearch(`${c.name} ${c.state}`),
}));
const BY_ID = new Map((municipios as City[]).map((c) => [c.id, c]));

const SEARCH_LIMIT = 20;

/** How well a name matches the text: lower is better; null is no match. */
function matchRank(key: string, full: string, q: string): number | null {
  if (key === q || full === q) return 0; // the whole name (or "name uf")
  if (key.startsWith(q) || full.startsWith(q)) return 1; // the name starts with what was typed
  if (key.includes(` ${q}`)) return 2; // a later word starts with it ("paulo" → "São Paulo")
  if (key.includes(q) || full.includes(q)) return 3; // anywhere
  return null;
}

/**
 * Cities whose name starts with the text first (the whole name before all), then those where a later word starts
 * with it, then those containing it; at most 20. Among equals: the state the CEP points to (`state`), then the
 * state capitals, then alphabetical order, so "São Pa" offers São Paulo before São Patrício. Needs 2+ characters.
 */
export function searchCities(text: string, opts: { state?: string } = {}): CityResult[] {
  const q = normalizeSearch(text.replace(/[-,/]/g, ' '));
  if (q.length < 2) return [];
  const found: Array<{ city: City; rank: number }> = [];
  for (const { city, key, full } of INDEX) {
    const rank = matchRank(key, full, q);
    if (rank !== null) found.push({ city, rank });
  }
  const state = opts.state?.toUpperCase();
  const score = ({ city, rank }: { city: City; rank: number }) =>
    rank * 4 + (state && city.state !== state ? 2 : 0) + (STATE_CAPITALS.has(city.id) ? 0 : 1);
  return found
    .sort(
      (a, b) =>
        score(a) - score(b) ||
        a.city.name.localeCompare(b.city.name, 'pt-BR') ||
        a.city.state.localeCompare(b.city.state),
    )
    .slice(0, SEARCH_LIMIT)
    .map(({ city }) => presentCity(city));
}

const presentCity = (c: City): CityResult => ({ ...c, description: `${c.name} - ${c.state}` });

/** The municipality with this IBGE code, or undefined. */
export function findCity(id: number): CityResult | undefined {
  const city = BY_ID.get(id);
  return city ? presentCity(city) : undefined;
}
