import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuthToken } from '../../lib/auth-storage';
import { forgetSession } from '../../lib/session';

/**
 * Login-only routes (spec 1 §2.2): without a stored token the person is logged out and sent to /login. The
 * token store is reactive, so a 401 anywhere (which removes the token) lands here too.
 */
export function RequireAuth() {
  const token = useAuthToken();
  const location = useLocation();

  useEffect(() => {
    if (!token) forgetSession();
  }, [token]);

  if (!token) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  return <Outlet />;
}
