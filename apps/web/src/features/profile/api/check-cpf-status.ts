import { api } from '../../../lib/api';

/** PUT /api/user/cpf-status { cpf (digits), nascimento (yyyy-mm-dd) }: must succeed before personal data is saved. */
export function checkCpfStatus(input: { cpf: string; nascimento: string }): Promise<unknown> {
  return api.put<unknown>('/user/cpf-status', input);
}
