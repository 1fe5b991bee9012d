/**
 * "Sua sessão expirou": when a session ends under a signed-in person (the token's exp passed, or the server answered
 * 401), where they were is kept for the sign-in page, which says why they are there and returns them to it. It lives
 * in sessionStorage (this tab, through a reload of /login), with the account it belonged to: another person signing
 * in on this tab neither returns there nor finds the first one's drafts (lib/form-draft.ts).
 */
const KEY = 'sessionExpired';

export type ExpiredSession = { from: string; userId: number | null };

/** A same-origin path of the app (`/ordens?lado=venda`), never another site's address nor /login itself. */
export function safeReturnPath(path: unknown): string | null {
  if (typeof path !== 'string' || !path.startsWith('/') || path.startsWith('//') || path.includes('\\')) return null;
  if (path.length > 2000) return null;
  try {
    const url = new URL(path, window.location.origin);
    if (url.origin !== window.location.origin) return null;
    if (url.pathname === '/login' || url.pathname.startsWith('/login/')) return null;
    return url.pathname + url.search;
  } catch {
    return null;
  }
}

export function rememberExpiredSession(from: string, userId: number | null): void {
  const path = safeReturnPath(from);
  try {
    if (path) sessionStorage.setItem(KEY, JSON.stringify({ from: path, userId }));
  } catch {
    // storage unavailable (private mode): the person signs in and lands at home
  }
}

export function expiredSession(): ExpiredSession | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<ExpiredSession>;
    const from = safeReturnPath(value.from);
    if (!from) return null;
    return { from, userId: typeof value.userId === 'number' ? value.userId : null };
  } catch {
    return null;
  }
}

export function forgetExpiredSession(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing to forget
  }
}

/** The prefix of the money forms' drafts in sessionStorage (lib/form-draft.ts). */
export const FORM_DRAFT_PREFIX = 'formDraft:';

/**
 * Logout, or another person signing in on this tab: every form's draft goes. Here rather than in lib/form-draft.ts so
 * the sign-in page's first load does not carry the hook.
 */
export function clearFormDrafts(): void {
  try {
    for (const key of Object.keys(sessionStorage))
      if (key.startsWith(FORM_DRAFT_PREFIX)) sessionStorage.removeItem(key);
  } catch {
    // nothing to clear
  }
}
