import HourglassTopOutlined from '@mui/icons-material/HourglassTopOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import type { UseQueryResult } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ReactNode } from 'react';
import { firstError, hasErrorCode } from '@/lib/api';
import { notify } from '@/lib/notify';
import { useRedirectOnIncompleteRegistration, useRegistrationRedirect } from '@/lib/registration-redirect';

/** The registration states in which money cannot move nor silver trade: the server's message says why (spec 2 §2, §8). */
const NOT_APPROVED = ['REGISTRATION_UNDER_REVIEW', 'REGISTRATION_REJECTED'] as const;

/** The server's reason for refusing a screen to a registration that is not approved, as a notice on the page. */
function RegistrationNotice({ error }: { error: unknown }) {
  const rejected = hasErrorCode(error, 'REGISTRATION_REJECTED');
  return (
    <Alert
      severity={rejected ? 'warning' : 'info'}
      icon={rejected ? undefined : <HourglassTopOutlined />}
      sx={{ mb: 3 }}
    >
      <AlertTitle>{rejected ? 'Cadastro recusado' : 'Cadastro em análise'}</AlertTitle>
      {firstError(error)}
    </Alert>
  );
}

/**
 * What a screen that needs an approved registration (money, orders, silver) shows around its query (spec 2 §2, §8): `skeleton` while it loads; a 403
 * REGISTRATION_INCOMPLETE shows the server's message and goes to /register/finish; under review or refused, the
 * server's message on the page; any other failure, the message and "Tentar de novo"; otherwise `children(data)`.
 */
export function RegistrationQueryState<T>({
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
    if (hasErrorCode(query.error, ...NOT_APPROVED)) return <RegistrationNotice error={query.error} />;
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
 * For a write's failure: the 403s of the registration as the screens' loads treat them (incomplete → its message
 * and /register/finish; under review or refused → its message), anything else to `otherwise`.
 */
export function useRegistrationErrorHandler() {
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
