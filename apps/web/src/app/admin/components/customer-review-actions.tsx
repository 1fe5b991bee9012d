import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@prata/domain';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { isApiError } from '../../../lib/api';
import { useIntention } from '../../../lib/intention';
import { notify } from '../../../lib/notify';
import { type CustomerDetail, type RegistrationDecision, useReviewCustomer } from '../api/customers';

/** Approve or reject a registration (with a note, or the reason the customer reads), when the status allows. */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: two dialogs' JSX around one mutation
export function CustomerReviewActions({ detail }: { detail: CustomerDetail }) {
  const { customer } = detail;
  const review = useReviewCustomer(customer.id);
  const [dialog, setDialog] = useState<'approve' | 'reject' | null>(null);
  const [note, setNote] = useState('');
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const canApprove =
    (customer.status === 'pending' || customer.status === 'rejected') && customer.registration_complete;
  const canReject = customer.status === 'pending';
  const approval: RegistrationDecision = { decision: 'approve', ...(note.trim() ? { note: note.trim() } : {}) };
  const rejection: RegistrationDecision = { decision: 'reject', reason: reason.trim() };
  const intention = useIntention(dialog === 'reject' ? rejection : approval);

  const close = () => {
    setDialog(null);
    setReasonError(null);
  };

  const approve = () =>
    intention
      .run((key) => review.mutateAsync({ decision: approval, key }))
      .then(
        (answer) => {
          if (!answer) return;
          notify.success(answer.message);
          setNote('');
          close();
        },
        (error: unknown) => {
          notify.error(error);
          close();
        },
      );

  const reject = () => {
    if (!reason.trim()) {
      setReasonError(MESSAGES.reasonRequired);
      return;
    }
    intention
      .run((key) => review.mutateAsync({ decision: rejection, key }))
      .then(
        (answer) => {
          if (!answer) return;
          notify.success(answer.message);
          setReason('');
          close();
        },
        (error: unknown) => {
          const fieldError = isApiError(error) ? error.errors?.reason?.[0] : undefined;
          if (fieldError) setReasonError(fieldError);
          else {
            notify.error(error);
            close();
          }
        },
      );
  };

  if (!canApprove && !canReject) return null;

  return (
    <>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
        {canReject && (
          <Button variant="outlined" color="error" onClick={() => setDialog('reject')}>
            Recusar cadastro
          </Button>
        )}
        {canApprove && (
          <Button variant="contained" color="secondary" onClick={() => setDialog('approve')}>
            Aprovar cadastro
          </Button>
        )}
      </Stack>
      <ConfirmDialog
        open={dialog === 'approve'}
        title="Aprovar cadastro?"
        confirmLabel="Aprovar cadastro"
        confirmColor="secondary"
        pending={intention.busy}
        onConfirm={approve}
        onClose={close}
      >
        <Typography sx={{ mb: 2 }}>
          {customer.name} poderá movimentar dinheiro e prata. O cliente recebe um e-mail com a aprovação.
        </Typography>
        <TextField
          label="Observação"
          helperText="Opcional; fica no registro de auditoria"
          value={note}
          onChange={(event) => setNote(event.target.value)}
          multiline
          minRows={2}
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog === 'reject'}
        title="Recusar cadastro?"
        confirmLabel="Recusar cadastro"
        confirmColor="error"
        pending={intention.busy}
        onConfirm={reject}
        onClose={close}
      >
        <Typography sx={{ mb: 2 }}>O cliente recebe o motivo por e-mail e pode corrigir seus dados.</Typography>
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
          helperText={reasonError ?? 'O cliente lerá este texto'}
          multiline
          minRows={2}
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
      </ConfirmDialog>
    </>
  );
}
