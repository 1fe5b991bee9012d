import { useCallback, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { hasErrorCode } from './api';
import { notify } from './notify';

/**
 * Screens that depend on a complete registration opt in to the spec's 403 rule (spec 1 §6): show the server's
 * message and go to /register/finish. The returned function says whether it handled the error.
 */
export function useRegistrationRedirect(): (error: unknown) => boolean {
  const navigate = useNavigate();
  return useCallback(
    (error: unknown) => {
      if (!hasErrorCode(error, 'REGISTRATION_INCOMPLETE')) return false;
      notify.error(error.message);
      navigate('/register/finish');
      return true;
    },
    [navigate],
  );
}

/** The same rule for a query: pass its error. */
export function useRedirectOnIncompleteRegistration(error: unknown): void {
  const redirect = useRegistrationRedirect();
  useEffect(() => {
    if (error) redirect(error);
  }, [error, redirect]);
}
