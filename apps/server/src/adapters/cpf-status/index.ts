import { type CpfStatusResponse, isValidCpf } from '@prata/domain';

/**
 * The answer of a CPF-status service, in the shape of NFE.io's "pessoa física" lookup
 * (GET /v1/naturalperson/status/{cpf}/{birthDate}); it is stored whole as users.nfe_cpf_response. Its contract is
 * packages/domain's CpfStatusResponse (PUT /api/user/cpf-status answers it).
 */
export type { CpfStatusResponse };

/** The service gave no usable answer (the network, no answer in time, a 5xx, a body it cannot read): not the CPF's fault. */
export class CpfStatusUnavailable extends Error {
  override readonly name = 'CpfStatusUnavailable';
}

export type CpfStatusPort = { check(cpf: string, birthDate: string): Promise<CpfStatusResponse | null> };

/**
 * Embedded default: no network. A CPF with a valid checksum is "Regular"; an invalid one has no record (null).
 * Nothing is random, so tests and the demo behave the same every time.
 */
export const embeddedCpfStatus: CpfStatusPort = {
  async check(cpf, birthDate) {
    if (!isValidCpf(cpf)) return null;
    const now = new Date().toISOString();
    return {
      federalTaxNumber: cpf,
      birthOn: birthDate,
      name: null,
      status: 'Regular',
      statusOn: now.slice(0, 10),
      createdOn: now,
      source: 'embedded',
    };
  },
};

export function nfeioCpfStatus(apiKey: string, baseUrl = 'https://naturalperson.api.nfe.io'): CpfStatusPort {
  return {
    async check(cpf, birthDate) {
      let body: Partial<CpfStatusResponse>;
      try {
        const res = await fetch(`${baseUrl}/v1/naturalperson/status/${cpf}/${birthDate}`, {
          headers: { Authorization: apiKey, Accept: 'application/json' },
          signal: AbortSignal.timeout(10_000),
        });
        if (res.status === 404) return null;
        if (!res.ok) throw new Error(`CPF status service answered ${res.status}`);
        body = (await res.json()) as Partial<CpfStatusResponse>;
      } catch (error) {
        throw new CpfStatusUnavailable(error instanceof Error ? error.message : String(error), { cause: error });
      }
      return {
        federalTaxNumber: cpf,
        birthOn: birthDate,
        name: body.name ?? null,
        status: (body.status as CpfStatusResponse['status']) ?? 'Pendente',
        statusOn: body.statusOn ?? new Date().toISOString().slice(0, 10),
        createdOn: body.createdOn ?? new Date().toISOString(),
        source: 'nfeio',
      };
    },
  };
}
