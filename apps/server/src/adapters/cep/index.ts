import { ufForCep } from '@prata/domain';

/**
 * What a CEP service knows about a CEP. The embedded default knows only the state (from the Correios ranges); a
 * real service also knows the municipality (its 7-digit IBGE code), the street and the neighbourhood.
 */
type CepInfo = {
  /** 8 digits */
  cep: string;
  /** UF, e.g. 'SP' */
  state: string;
  /** the municipality's IBGE code (our city id), when known */
  cityId: number | null;
  street: string | null;
  neighborhood: string | null;
  source: 'embedded' | 'viacep';
};

/** null: no such CEP. Throws when the service cannot answer (the caller falls back to the ranges). */
export type CepPort = { name: string; lookup(cep: string): Promise<CepInfo | null> };

export const CEP_PROVIDERS = ['embedded', 'viacep'] as const;
export type CepProvider = (typeof CEP_PROVIDERS)[number];

/** How long a real service may take before the answer falls back to the ranges: a form is waiting. */
const CEP_TIMEOUT_MS = 3000;

const isCep = (cep: string) => /^\d{8}$/.test(cep);

/**
 * Embedded default: no network. The state from the CEP's first five digits (research/brazil-integrations.md §4);
 * never a street. A CEP in no range is unknown.
 */
export const embeddedCep: CepPort = {
  name: 'embedded',
  async lookup(cep) {
    if (!isCep(cep)) return null;
    const state = ufForCep(cep);
    return state ? { cep, state, cityId: null, street: null, neighborhood: null, source: 'embedded' } : null;
  },
};

type ViaCepAnswer = {
  cep?: string;
  logradouro?: string;
  bairro?: string;
  localidade?: string;
  uf?: string;
  ibge?: string;
  erro?: boolean | string;
};

const text = (value: unknown, max = 200): string | null =>
  typeof value === 'string' && value.trim() ? value.trim().slice(0, max) : null;

/**
 * ViaCEP (GET {base}/ws/{8 digits}/json/): `erro: true` (or "true") for a CEP that does not exist, HTTP 400 for a
 * malformed one. A CEP of a whole municipality answers no street or neighbourhood.
 */
export function viaCep(baseUrl = 'https://viacep.com.br', timeoutMs = CEP_TIMEOUT_MS): CepPort {
  const base = baseUrl.replace(/\/$/, '');
  return {
    name: 'viacep',
    async lookup(cep) {
      if (!isCep(cep)) return null;
      const res = await fetch(`${base}/ws/${cep}/json/`, {
        headers: { Accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (res.status === 400) return null;
      if (!res.ok) throw new Error(`ViaCEP answered ${res.status}`);
      const body = (await res.json()) as ViaCepAnswer;
      if (body.erro === true || body.erro === 'true') return null;
      const state = text(body.uf, 2)?.toUpperCase();
      if (!state || !/^[A-Z]{2}$/.test(state)) throw new Error('ViaCEP answered without a state');
      const ibge = text(body.ibge, 7);
      return {
        cep,
        state,
        cityId: ibge && /^\d{7}$/.test(ibge) ? Number(ibge) : null,
        street: text(body.logradouro),
        neighborhood: text(body.bairro),
        source: 'viacep',
      };
    },
  };
}

/**
 * A real service behind a small in-memory cache (CEPs change rarely), falling back to the embedded ranges when the
 * service fails or times out: the form still learns the state, and the address rules still hold.
 */
export function resilientCep(
  port: CepPort,
  opts: { maxEntries?: number; ttlMs?: number; onError?: (error: unknown) => void } = {},
): CepPort {
  const maxEntries = opts.maxEntries ?? 5000;
  const ttlMs = opts.ttlMs ?? 24 * 60 * 60 * 1000;
  const cache = new Map<string, { at: number; info: CepInfo | null }>();
  return {
    name: port.name,
    async lookup(cep) {
      if (!isCep(cep)) return null;
      const hit = cache.get(cep);
      if (hit && Date.now() - hit.at < ttlMs) return hit.info;
      try {
        const info = await port.lookup(cep);
        cache.delete(cep);
        if (cache.size >= maxEntries) cache.delete(cache.keys().next().value as string);
        cache.set(cep, { at: Date.now(), info });
        return info;
      } catch (error) {
        opts.onError?.(error);
        return embeddedCep.lookup(cep);
      }
    },
  };
}

export function cepPortFor(provider: CepProvider, viaCepUrl?: string): CepPort {
  return provider === 'viacep' ? resilientCep(viaCep(viaCepUrl)) : embeddedCep;
}
