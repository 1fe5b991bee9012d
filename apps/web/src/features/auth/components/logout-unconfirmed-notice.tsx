import Alert from '@mui/material/Alert';
import { MESSAGES } from '@prata/domain';

/**
 * Above the sign-in form after a sign-out the server never confirmed (no answer): the device forgot the session, and
 * this says where to end it for sure. Its own chunk, like SessionExpiredNotice: few ever see it.
 */
export function LogoutUnconfirmedNotice() {
  return (
    <Alert severity="warning" sx={{ mb: 2 }}>
      {MESSAGES.logoutUnconfirmed}
    </Alert>
  );
}
