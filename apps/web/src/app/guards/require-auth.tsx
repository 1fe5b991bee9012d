import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { handleUnauthorized } from '@/lib/api';
import { decodeJwtPayload, getToken, isTokenExpired, useAuthToken } from '@/lib/auth-storage';
import { forgetSession } from '@/lib/session';

/** setTimeout's longest wait; a later expiry is checked again when the timer fires. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Login-only routes (spec 1 §2.2): without a stored token the person is logged out and sent to /login. The
 * token store is reactive, so a 401 anywhere (which removes the token) lands here too. A session that expires while
 * the page is open ends at its `exp` (and when the tab comes back to the front, since background timers sleep), with
 * "Sua sessão expirou" on the sign-in page and the way back here (lib/session-expiry.ts).
 */
export function RequireAuth() {
  const token = useAuthToken();
  const location = useLocation();

  useEffect(() => {
    if (!token) forgetSession();
  }, [token]);

  useEffect(() => {
    if (!token) return;
    const exp = decodeJwtPayload(token)?.exp;
    if (typeof exp !== 'number' || !Number.isFinite(exp)) return;
    const check = () => {
      const current = getToken();
      if (current !== null && isTokenExpired(current)) handleUnauthorized();
    };
    const timer = setTimeout(check, Math.min(Math.max(exp * 1000 - Date.now(), 0), MAX_TIMER_MS));
    document.addEventListener('visibilitychange', check);
    window.addEventListener('focus', check);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', check);
      window.removeEventListener('focus', check);
    };
  }, [token]);

  if (!token) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  return <Outlet />;
}
