import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { api, isApiError } from './api';
import { clearLoginData, clearToken, setLoginData, setToken, useAuthToken } from './auth-storage';
import { withLoading } from './loading';

export type AccountType = 'individual' | 'company';

export type City = { id: number; name: string; state: string; description: string };

export type Address = {
  id: number;
  type: string;
  cep: string;
  city: City | null;
  city_id: number;
  neighborhood: string;
  street: string;
  number: string;
  unit: string | null;
  other_info: string | null;
};

export type Company = {
  id: number;
  cnpj: string;
  razao_social: string;
  nome_fantasia: string | null;
  inscricao_estadual: string | null;
  inscricao_municipal: string | null;
  celular: string;
  email: string;
  cnae_principal: string;
  cnaes_secundarios: string | null;
  regime_tributario: 'simples' | 'presumido' | 'real';
  site: string | null;
};

/** GET /api/user → { user } */
export type User = {
  id: number;
  name: string;
  email: string;
  account_type: AccountType;
  email_verified_at: string | null;
  approved_at: string | null;
  hide_balances: boolean;
  /** reais, dot-decimal (1234.56) */
  balance_brl: number;
  /** grams, dot-decimal (12.34) */
  balance_ag: number;
  registration_complete: boolean;
  staff_roles: string[];
  addresses: Address[];
  company: Company | null;
};

/** The user object of the login answers (POST /api/login, /api/login/verification-code). */
export type LoginUser = {
  id: number;
  name: string;
  email: string;
  email_verified_at: string | null;
  /** masked, e.g. "(11) 9 **** 4321", or null when the account has no mobile */
  celular: string | null;
  registration_complete?: boolean;
  /** the operator's roles (verification-code answer); empty for customers */
  staff_roles?: string[];
};

export const USER_QUERY_KEY = ['user'] as const;

export async function getUser(): Promise<User> {
  const { user } = await api.get<{ user: User }>('/user');
  return user;
}

/**
 * The signed-in user, loaded only while a token exists. If loading fails the token is removed (spec 1 §4.3):
 * a 401 already did that in the client; any other failure does it here.
 */
export function useUser() {
  const token = useAuthToken();
  const query = useQuery({ queryKey: USER_QUERY_KEY, queryFn: getUser, enabled: token !== null, retry: false });
  const failed = query.isError;
  useEffect(() => {
    if (failed && token !== null) clearToken();
  }, [failed, token]);
  return { ...query, user: token !== null ? query.data : undefined, isLoggedIn: token !== null };
}

/** Stores a fresh session after the login code (or a login answer that already carries the token). */
export function useStartSession() {
  const queryClient = useQueryClient();
  return useCallback(
    (authToken: string, user: LoginUser) => {
      queryClient.removeQueries({ queryKey: USER_QUERY_KEY });
      setLoginData(user);
      setToken(authToken);
    },
    [queryClient],
  );
}

/** POST /api/logout, then forget the session whatever the answer, and go to /login. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    await withLoading('Saindo...', async () => {
      try {
        await api.post('/logout');
      } catch (error) {
        // The session ends on this device anyway; a 401 here only means it had already ended.
        if (!isApiError(error)) throw error;
      }
    }).catch(() => undefined);
    clearToken();
    clearLoginData();
    queryClient.clear();
    navigate('/login', { replace: true });
  }, [queryClient, navigate]);
}
