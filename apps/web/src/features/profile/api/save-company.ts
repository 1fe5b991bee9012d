import type { CompanyRequest, CompanySavedResponse, CompanyUpdateRequest } from '@prata/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { withLoading } from '../../../lib/loading';

/**
 * POST /api/company, or PUT /api/company/{id} when the company already exists (with `code` when the stored mobile
 * number or contact e-mail changes).
 */
export function saveCompany(
  input: CompanyRequest | CompanyUpdateRequest,
  companyId: number | null,
): Promise<CompanySavedResponse> {
  return companyId === null
    ? api.post<CompanySavedResponse>('/company', input)
    : api.put<CompanySavedResponse>(`/company/${companyId}`, input);
}

export function useSaveCompany(companyId: number | null) {
  return useMutation({
    mutationFn: (input: CompanyRequest | CompanyUpdateRequest) =>
      withLoading('Salvando dados da empresa...', () => saveCompany(input, companyId)),
  });
}
