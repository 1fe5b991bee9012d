import type { RegisterFinishResponse, User } from '@prata/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export type { RegisterFinishResponse, RegistrationSteps } from '@prata/domain';

/** The five FATCA answers of the user (null until declared). */
export type FatcaFlags = Pick<
  User,
  | 'politicamente_exposto'
  | 'americano'
  | 'naturalizacao_americana'
  | 'caracteristica_us_person'
  | 'contribuinte_americano'
>;

/** GET /api/register/finish → { user, company } */
export type RegisterFinishUser = RegisterFinishResponse['user'];

export const REGISTER_FINISH_QUERY_KEY = ['register', 'finish'] as const;

function getRegisterFinish(): Promise<RegisterFinishResponse> {
  return api.get<RegisterFinishResponse>('/register/finish');
}

export function useRegisterFinish() {
  return useQuery({ queryKey: REGISTER_FINISH_QUERY_KEY, queryFn: getRegisterFinish, staleTime: 0 });
}
