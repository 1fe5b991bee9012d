import type { CpfCheckResponse, CpfStatusRequest } from '@prata/domain';
import type { z } from 'zod';
import { api } from '@/lib/api';

/** PUT /api/user/cpf-status { cpf (digits), nascimento (yyyy-mm-dd) }: must succeed before personal data is saved. */
export function checkCpfStatus(input: z.input<typeof CpfStatusRequest>): Promise<CpfCheckResponse> {
  return api.put<CpfCheckResponse>('/user/cpf-status', input);
}
