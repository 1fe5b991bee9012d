import type { CompanyRequest, CompanyUpdateRequest } from '@prata/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { Company } from '../../../lib/auth';
import { withLoading } from '../../../lib/loading';

export type SaveCompanyResponse = { message?: string; company?: Company };

/**
 * POST /api/company, or PUT /api/company/{id} when the company already exists (with `code` when the stored mobile
 * number or contact e-mail changes).
 */
export function saveCompany(
  input: CompanyRequest | CompanyUpdateRequest,
  companyId: number | null,
): Promise<SaveCompanyResponse> {
  return companyId === null
    ? api.post<SaveCompanyResponse>('/company', input)
    : api.put<SaveCompanyResponse>(`/company/${companyId}`, input);
}

export function useSaveCompany(companyId: number | null) {
  return useMutation({
    mutationFn: (input: CompanyRequest | CompanyUpdateRequest) =>
      withLoading('Salvando dados da empresa...', () => saveCompany(input, companyId)),
  });
}
