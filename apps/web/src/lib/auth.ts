import type { User, UserResponse } from '@prata/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { api, isApiError } from './api';
import { clearLoginData, clearToken, useAuthToken } from './auth-storage';
import { clearFormDrafts, forgetExpiredSession } from './session-expiry';
import { withLoading } from './loading';
import { notify } from './notify';
import { USER_QUERY_KEY } from './session';

/** The API's own types (packages/domain's contracts): GET /api/user → { user }, its addresses, company and cities. */
export type { AccountType, Address, City, Company, User } from '@prata/domain';

/** The sign-in's user and the user query's key live in session.ts, which the sign-in page uses without react-query. */
export { type LoginUser, USER_QUERY_KEY } from './session';

async function getUser(): Promise<User> {
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

/** POST /api/logout, then forget the session and its notices whatever the answer, and go to /login. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    // The session ends on this device whatever the answer; a 401 means the server had ended it already. Any other
    // failure (no answer, the server away, too many tries) leaves its end unconfirmed: the sign-in page says so.
    const confirmed = await withLoading('Saindo...', () => api.post('/logout')).then(
      () => true,
      (error: unknown) => isApiError(error, 401),
    );
    clearToken();
    clearLoginData();
    clearFormDrafts();
    forgetExpiredSession();
    // the account's notices stay with it ("Endereço salvo…" is not the sign-in page's)
    notify.close();
    queryClient.clear();
    navigate('/login', { replace: true, state: confirmed ? null : { logoutUnconfirmed: true } });
  }, [queryClient, navigate]);
}
