import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { AccountType, Address, Company } from '../../../lib/auth';

export type RegistrationSteps = { personal: boolean; address: boolean; fatca: boolean; company: boolean };

export type FatcaFlags = {
  politicamente_exposto: boolean | null;
  americano: boolean | null;
  naturalizacao_americana: boolean | null;
  caracteristica_us_person: boolean | null;
  contribuinte_americano: boolean | null;
};

/** GET /api/register/finish → { user, company } */
export type RegisterFinishUser = FatcaFlags & {
  id: number;
  name: string;
  email: string;
  account_type: AccountType;
  cpf: string | null;
  /** yyyy-mm-dd */
  nascimento: string | null;
  /** digits */
  celular: string | null;
  sexo: 'M' | 'F' | 'N' | null;
  estado_civil: 'S' | 'D' | 'V' | 'C' | 'U' | 'O' | null;
  conjuge_nome: string | null;
  conjuge_cpf: string | null;
  conjuge_nascimento: string | null;
  addresses: Address[];
  registration_steps: RegistrationSteps;
  registration_complete?: boolean;
  /** Set when an operator approved the registration; null while it is under review. */
  approved_at?: string | null;
  /** Set when an operator refused the registration, with the reason the customer reads. */
  registration_rejected_at?: string | null;
  registration_rejection_reason?: string | null;
};

export type RegisterFinishResponse = { user: RegisterFinishUser; company: Company | null };

export const REGISTER_FINISH_QUERY_KEY = ['register', 'finish'] as const;

export function getRegisterFinish(): Promise<RegisterFinishResponse> {
  return api.get<RegisterFinishResponse>('/register/finish');
}

export function useRegisterFinish() {
  return useQuery({ queryKey: REGISTER_FINISH_QUERY_KEY, queryFn: getRegisterFinish, staleTime: 0 });
}
