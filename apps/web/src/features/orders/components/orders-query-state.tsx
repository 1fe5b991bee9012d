import HourglassTopOutlined from '@mui/icons-material/HourglassTopOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useCallback } from 'react';
import { firstError, hasErrorCode } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { useRedirectOnIncompleteRegistration, useRegistrationRedirect } from '../../../lib/registration-redirect';

/** The registration states in which a customer cannot trade: the server's message says why (spec 2 §2, §8). */
const NOT_APPROVED = ['REGISTRATION_UNDER_REVIEW', 'REGISTRATION_REJECTED'] as const;

/**
 * What the orders screen shows around GET /api/orders, as the money screens do (spec 2 §2): `skeleton` while it
 * loads; a 403 REGISTRATION_INCOMPLETE shows the server's message and goes to /register/finish; under review or
 * refused, the server's message on the page; any other failure, the message and "Tentar de novo".
 */
export function OrdersQueryState<T>({
  query,
  skeleton,
  children,
}: {
  query: UseQueryResult<T>;
  skeleton: ReactNode;
  children: (data: T) => ReactNode;
}) {
  useRedirectOnIncompleteRegistration(query.error);
  if (query.isPending || hasErrorCode(query.error, 'REGISTRATION_INCOMPLETE')) return skeleton;
  if (query.isError) {
    if (hasErrorCode(query.error, ...NOT_APPROVED)) {
      const rejected = hasErrorCode(query.error, 'REGISTRATION_REJECTED');
      return (
        <Alert severity={rejected ? 'warning' : 'info'} icon={rejected ? undefined : <HourglassTopOutlined />}>
          <AlertTitle>{rejected ? 'Cadastro recusado' : 'Cadastro em análise'}</AlertTitle>
          {firstError(query.error)}
        </Alert>
      );
    }
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()}>
            Tentar de novo
          </Button>
        }
      >
        {firstError(query.error)}
      </Alert>
    );
  }
  return children(query.data);
}

/**
 * For a write's failure: REGISTRATION_INCOMPLETE shows its message and goes to /register/finish; anything else goes to
 * `otherwise` (by default the server's message in the snackbar, spec 2 §8).
 */
export function useOrderErrorHandler() {
  const redirect = useRegistrationRedirect();
  return useCallback(
    (error: unknown, otherwise: (error: unknown) => void = (e) => notify.error(e)) => {
      if (redirect(error)) return;
      if (hasErrorCode(error, ...NOT_APPROVED)) notify.error(error.message);
      else otherwise(error);
    },
    [redirect],
  );
}
