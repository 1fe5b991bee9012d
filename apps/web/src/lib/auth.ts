import type { PreAuthUser, User, UserResponse } from '@prata/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { api, isApiError } from './api';
import { clearLoginData, clearToken, setLoginData, setToken, useAuthToken } from './auth-storage';
import { withLoading } from './loading';

/** The API's own types (packages/domain's contracts): GET /api/user → { user }, its addresses, company and cities. */
export type { AccountType, Address, City, Company, User } from '@prata/domain';

/**
 * The user of the sign-in answers: POST /api/login's (masked celular), or POST /api/login/verification-code's (the
 * whole user, with registration_complete and the operator's staff_roles).
 */
export type LoginUser = PreAuthUser & Partial<Pick<User, 'registration_complete' | 'staff_roles'>>;

export const USER_QUERY_KEY = ['user'] as const;

export async function getUser(): Promise<User> {
  const { user } = await api.get<UserResponse>('/user');
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
