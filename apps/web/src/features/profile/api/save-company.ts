import type { CompanyRequest } from '@prata/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { Company } from '../../../lib/auth';
import { withLoading } from '../../../lib/loading';

export type SaveCompanyResponse = { message?: string; company?: Company };

/** POST /api/company, or PUT /api/company/{id} when the company already exists. */
export function saveCompany(input: CompanyRequest, companyId: number | null): Promise<SaveCompanyResponse> {
  return companyId === null
    ? api.post<SaveCompanyResponse>('/company', input)
    : api.put<SaveCompanyResponse>(`/company/${companyId}`, input);
}

export function useSaveCompany(companyId: number | null) {
  return useMutation({
    mutationFn: (input: CompanyRequest) =>
      withLoading('Salvando dados da empresa...', () => saveCompany(input, companyId)),
  });
}
