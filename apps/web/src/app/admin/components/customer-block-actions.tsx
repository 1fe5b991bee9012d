import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatDateTimeBR, MESSAGES } from '@prata/domain';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { isApiError } from '@/lib/api';
import { notify } from '@/lib/notify';
import { type CustomerDetail, useCustomerBlock } from '../api/customers';

/**
 * An operator's block of the customer's access (PUT/DELETE /api/admin/customers/{id}/block): every session of the
 * customer ends at once and no sign-in opens the account until it is lifted. The reason stays with operators.
 */
export function CustomerBlockActions({ detail }: { detail: CustomerDetail }) {
  const { customer } = detail;
  const block = useCustomerBlock(customer.id);
  const [dialog, setDialog] = useState<'block' | 'unblock' | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);

  const close = () => {
    setDialog(null);
    setReasonError(null);
  };
  const confirm = () => {
    if (dialog === 'block' && !reason.trim()) {
      setReasonError(MESSAGES.reasonRequired);
      return;
    }
    block.mutate(dialog === 'block' ? reason.trim() : null, {
      onSuccess: ({ message }) => {
        notify.success(message);
        setReason('');
        close();
      },
      onError: (error) => {
        const fieldError = isApiError(error) ? error.errors?.reason?.[0] : undefined;
        if (fieldError) setReasonError(fieldError);
        else {
          notify.error(error);
          close();
        }
      },
    });
  };

  if (customer.status === 'closed' && !customer.blocked_at) return null;
  return (
    <>
      {customer.blocked_at ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => setDialog('unblock')}>
              Desbloquear acesso
            </Button>
          }
        >
          Acesso bloqueado em {formatDateTimeBR(customer.blocked_at)}: {customer.blocked_reason}
        </Alert>
      ) : (
        <Button variant="outlined" color="error" onClick={() => setDialog('block')} sx={{ alignSelf: 'flex-start' }}>
          Bloquear acesso
        </Button>
      )}
      <ConfirmDialog
        open={dialog !== null}
        title={dialog === 'unblock' ? 'Desbloquear o acesso do cliente?' : 'Bloquear o acesso do cliente?'}
        confirmLabel={dialog === 'unblock' ? 'Desbloquear acesso' : 'Bloquear acesso'}
        confirmColor={dialog === 'unblock' ? 'primary' : 'error'}
        pending={block.isPending}
        onConfirm={confirm}
        onClose={close}
      >
        {dialog === 'unblock' ? (
          <Typography>O cliente poderá entrar na conta de novo com a senha e o código.</Typography>
        ) : (
          <>
            <Typography sx={{ mb: 2 }}>
              Todas as sessões do cliente serão encerradas agora, e ele não conseguirá entrar até o acesso ser
              desbloqueado. Ele não recebe e-mail; ao tentar entrar, lê que o acesso está bloqueado.
            </Typography>
            <TextField
              label="Motivo"
              value={reason}
              onChange={(e) => {
                setReason(e.target.value);
                setReasonError(null);
              }}
              error={Boolean(reasonError)}
              helperText={reasonError ?? 'Visível só para a equipe e no registro de auditoria.'}
              multiline
              minRows={2}
              fullWidth
              required
              slotProps={{ htmlInput: { maxLength: 500 } }}
            />
          </>
        )}
      </ConfirmDialog>
    </>
  );
}
