import Alert from '@mui/material/Alert';
import { COMMON_MESSAGES } from '@prata/domain';

/**
 * "Sua sessão expirou" above the sign-in form. Its own chunk: Alert (with its icons) is 2 KB gzip that the sign-in
 * page's first load would carry for the few who arrive from an expired session.
 */
export function SessionExpiredNotice() {
  return (
    <Alert severity="warning" sx={{ mb: 2 }}>
      {COMMON_MESSAGES.sessionExpired}
    </Alert>
  );
}
