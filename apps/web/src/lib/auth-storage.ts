import { useSyncExternalStore } from 'react';

/**
 * Where the session lives (spec 1 §3): the bearer token in localStorage under 'authToken', the login data (the
 * user object from the login answer) in sessionStorage. Components read the token through useAuthToken so that
 * removing it (logout, a 401) re-renders the shell and the route guards at once.
 */
export const TOKEN_KEY = 'authToken';
export const LOGIN_DATA_KEY = 'loginData';

const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

function safeGet(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
}

export function getToken(): string | null {
  return safeGet(() => localStorage, TOKEN_KEY);
}

export function setToken(token: string): void {
  localStorage.setItem(TOKEN_KEY, token);
  emit();
}

export function clearToken(): void {
  try {
    localStorage.removeItem(TOKEN_KEY);
  } finally {
    emit();
  }
}

function subscribeToken(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === TOKEN_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useAuthToken(): string | null {
  return useSyncExternalStore(subscribeToken, getToken, () => null);
}

export function getLoginData<T>(): T | null {
  const raw = safeGet(() => sessionStorage, LOGIN_DATA_KEY);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function setLoginData(data: unknown): void {
  sessionStorage.setItem(LOGIN_DATA_KEY, JSON.stringify(data));
}

export function clearLoginData(): void {
  try {
    sessionStorage.removeItem(LOGIN_DATA_KEY);
  } catch {
    // storage unavailable (private mode): nothing to clear
  }
}

/** The JWT payload, or null when the token is not a readable JWT. */
export function decodeJwtPayload(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
    const bytes = Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
    const payload: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * True when the token's `exp` (seconds since the epoch) is in the past. A token we cannot read, or one without
 * `exp`, is left for the server to judge.
 */
export function isTokenExpired(token: string, nowMs: number = Date.now()): boolean {
  const exp = decodeJwtPayload(token)?.exp;
  if (typeof exp !== 'number' || !Number.isFinite(exp)) return false;
  return exp * 1000 <= nowMs;
}
