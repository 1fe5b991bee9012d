import type { CompanyRequest, CompanySavedResponse, CompanyUpdateRequest } from '@prata/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { idempotent } from '@/lib/idempotency';
import { withLoading } from '@/lib/loading';

/**
 * POST /api/company, or PUT /api/company/{id} when the company already exists (with `code` when the stored mobile
 * number or contact e-mail changes).
 */
function saveCompany(
  input: CompanyRequest | CompanyUpdateRequest,
  companyId: number | null,
  idempotencyKey: string,
): Promise<CompanySavedResponse> {
  return companyId === null
    ? api.post<CompanySavedResponse>('/company', input, idempotent(idempotencyKey))
    : api.put<CompanySavedResponse>(`/company/${companyId}`, input);
}

/** `idempotencyKey`: the save's intention (lib/intention.ts), so a double click creates one company. */
export function useSaveCompany(companyId: number | null) {
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: CompanyRequest | CompanyUpdateRequest; idempotencyKey: string }) =>
      withLoading('Salvando dados da empresa...', () => saveCompany(input, companyId, idempotencyKey)),
  });
}
