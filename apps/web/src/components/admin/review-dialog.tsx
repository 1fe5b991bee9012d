import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { MESSAGES } from '@prata/domain';
import { type ReactNode, useState } from 'react';
import { ConfirmDialog } from '../confirm-dialog';
import { isApiError } from '@/lib/api';
import { useIntention } from '@/lib/intention';
import { notify } from '@/lib/notify';

/** What a decision answered: the server's message, and whether it went as asked (a payout the bank refused did not). */
export type DecisionOutcome = { message: string; ok?: boolean };

/**
 * An operator's decision on money (a deposit, a withdrawal): approving asks for a confirmation; rejecting asks for the
 * reason the customer will read ('Informe o motivo' when empty). Shows the server's message after the action, and a
 * reason the server refused under the field. Mount it with a `key` per row, so each opens empty. The decision is one
 * intention (lib/intention.ts): `onSubmit` gets its Idempotency-Key, the same on a double click or a retry, and a
 * second click while it runs is dropped.
 */
export function ReviewDialog({
  decision,
  title,
  confirmLabel,
  children,
  reasonHelp = 'O cliente lerá este texto',
  onSubmit,
  onClose,
}: {
  /** null: closed */
  decision: 'approve' | 'reject' | null;
  title: string;
  confirmLabel: string;
  children?: ReactNode;
  reasonHelp?: string;
  onSubmit: (reason: string | null, idempotencyKey: string) => Promise<DecisionOutcome>;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const rejecting = decision === 'reject';
  const intention = useIntention({ decision, reason: rejecting ? reason.trim() : null });

  const confirm = async () => {
    if (rejecting && !reason.trim()) {
      setReasonError(MESSAGES.reasonRequired);
      return;
    }
    try {
      const outcome = await intention.run((key) => onSubmit(rejecting ? reason.trim() : null, key));
      if (!outcome) return;
      if (outcome.ok === false) notify.warning(outcome.message);
      else notify.success(outcome.message);
      onClose();
    } catch (failure) {
      const fieldError = isApiError(failure) ? failure.errors?.reason?.[0] : undefined;
      if (rejecting && fieldError) setReasonError(fieldError);
      else {
        notify.error(failure);
        onClose();
      }
    }
  };

  return (
    <ConfirmDialog
      open={decision !== null}
      title={title}
      confirmLabel={confirmLabel}
      confirmColor={rejecting ? 'error' : 'secondary'}
      pending={intention.busy}
      onConfirm={() => void confirm()}
      onClose={onClose}
    >
      <Stack spacing={2}>
        {children}
        {rejecting && (
          <TextField
            label="Motivo"
            required
            autoFocus
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              if (reasonError) setReasonError(null);
            }}
            error={Boolean(reasonError)}
            helperText={reasonError ?? reasonHelp}
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
        )}
      </Stack>
    </ConfirmDialog>
  );
}
