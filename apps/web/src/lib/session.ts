import type { PreAuthUser, User } from '@prata/domain';
import type { QueryClient } from '@tanstack/react-query';
import { clearLoginData, setLoginData, setToken } from './auth-storage';

/**
 * The session's side of the query cache, without react-query itself: a visitor's first page (the sign-in page, the
 * landing) does not download it. The cache exists once a page that queries has loaded lib/query-client.ts, which
 * hands it over here; before that there is nothing cached, so nothing to forget.
 */

/**
 * The user of the sign-in answers: POST /api/login's (masked celular), or POST /api/login/verification-code's (the
 * whole user, with registration_complete and the operator's staff_roles).
 */
export type LoginUser = PreAuthUser & Partial<Pick<User, 'registration_complete' | 'staff_roles'>>;

export const USER_QUERY_KEY = ['user'] as const;

let cache: QueryClient | null = null;

/** Called once by lib/query-client.ts when the query client is created. */
export function attachQueryCache(client: QueryClient): void {
  cache = client;
}

/** Forgets the cached GET /api/user (a 401, a new session). */
export function forgetCachedUser(): void {
  cache?.removeQueries({ queryKey: USER_QUERY_KEY });
}

/** Marks the cached GET /api/user stale, so that whoever shows it asks again. */
export function refreshCachedUser(): void {
  void cache?.invalidateQueries({ queryKey: USER_QUERY_KEY });
}

/** Logged out: the login data and every cached answer go. */
export function forgetSession(): void {
  clearLoginData();
  cache?.clear();
}

/** Stores a fresh session after the login code (or a login answer that already carries the token). */
export function startSession(authToken: string, user: LoginUser): void {
  forgetCachedUser();
  setLoginData(user);
  setToken(authToken);
}
