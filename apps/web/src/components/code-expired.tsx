import Alert from '@mui/material/Alert';
import { MESSAGES } from '@prata/domain';
import { useDeadlinePassed } from '@/lib/hooks';

/**
 * Beside a code's field: once the code sent has passed its validity (the server's validForSeconds), says so and points
 * to "Reenviar código", rather than let the person type a dead code (a step restored from the draft much later, a tab
 * left open). Announced politely when it happens on screen.
 */
export function CodeExpiredNotice({ expiresAt }: { expiresAt: number | null }) {
  if (!useDeadlinePassed(expiresAt)) return null;
  return (
    <Alert severity="warning" role="status">
      {MESSAGES.codeStepExpired}
    </Alert>
  );
}
