import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ConfirmDialog } from '@/components/confirm-dialog';
import type { CustomerDetail } from '../api/customers';
import { useCustomerReview } from './use-customer-review';

/** Approve or reject a registration (with a note, or the reason the customer reads), when the status allows. */
export function CustomerReviewActions({ detail }: { detail: CustomerDetail }) {
  const { customer } = detail;
  const r = useCustomerReview(detail);
  const { canApprove, canReject, dialog } = r;
  if (!canApprove && !canReject) return null;

  return (
    <>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
        {canReject && (
          <Button variant="outlined" color="error" onClick={() => r.setDialog('reject')}>
            Recusar cadastro
          </Button>
        )}
        {canApprove && (
          <Button variant="contained" color="secondary" onClick={() => r.setDialog('approve')}>
            Aprovar cadastro
          </Button>
        )}
      </Stack>
      <ConfirmDialog
        open={dialog === 'approve'}
        title="Aprovar cadastro?"
        confirmLabel="Aprovar cadastro"
        confirmColor="secondary"
        pending={r.busy}
        onConfirm={r.approve}
        onClose={r.close}
      >
        <Typography sx={{ mb: 2 }}>
          {customer.name} poderá movimentar dinheiro e prata. O cliente recebe um e-mail com a aprovação.
        </Typography>
        <TextField
          label="Observação"
          helperText="Opcional; fica no registro de auditoria"
          value={r.note}
          onChange={(event) => r.setNote(event.target.value)}
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
        pending={r.busy}
        onConfirm={r.reject}
        onClose={r.close}
      >
        <Typography sx={{ mb: 2 }}>O cliente recebe o motivo por e-mail e pode corrigir seus dados.</Typography>
        <TextField
          label="Motivo"
          required
          autoFocus
          value={r.reason}
          onChange={(event) => r.changeReason(event.target.value)}
          error={Boolean(r.reasonError)}
          helperText={r.reasonError ?? 'O cliente lerá este texto'}
          multiline
          minRows={2}
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
      </ConfirmDialog>
    </>
  );
}
