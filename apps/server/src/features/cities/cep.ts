import { type CepLookupResponse, ufForCep } from '@prata/domain';
import type { AppDeps } from '@/deps';
import { findCity } from './service';

/**
 * What the configured CEP service knows about a CEP, with the city resolved in the IBGE list; null when the CEP does
 * not exist. A city the list does not have (a code the service made up) is left out rather than guessed.
 */
export async function lookupCep(deps: Pick<AppDeps, 'adapters'>, cep: string): Promise<CepLookupResponse | null> {
  const info = await deps.adapters.cep.lookup(cep);
  if (!info) return null;
  const city = info.cityId ? findCity(info.cityId) : undefined;
  return {
    cep: info.cep,
    state: info.state,
    city: city && city.state === info.state ? city : null,
    street: info.street,
    neighborhood: info.neighborhood,
  };
}

/**
 * The state a CEP belongs to, for the address rules: the service's answer, or the CEP ranges when the service does
 * not know the CEP (a new street may be missing from ViaCEP). Null when neither places it.
 */
export async function stateOfCep(deps: Pick<AppDeps, 'adapters'>, cep: string): Promise<string | null> {
  const info = await deps.adapters.cep.lookup(cep);
  return info?.state ?? ufForCep(cep);
}
