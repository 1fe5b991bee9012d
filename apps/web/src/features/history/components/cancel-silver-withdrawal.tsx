import Button from '@mui/material/Button';
import type { SilverWithdrawal } from '@prata/domain';
import DialogContentText from '@mui/material/DialogContentText';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { notify } from '@/lib/notify';
import { useRegistrationRedirect } from '@/lib/registration-redirect';
import { useCancelSilverWithdrawal } from '@/features/silver-withdrawals';

/** 'Cancelar' on a pending withdrawal (spec 2): asks first; the server's answer replaces the row. */
export function CancelSilverWithdrawal({ row }: { row: SilverWithdrawal }) {
  const [open, setOpen] = useState(false);
  const cancel = useCancelSilverWithdrawal();
  const redirect = useRegistrationRedirect();
  if (!row.cancellable) return null;
  return (
    <>
      <Button size="small" color="error" onClick={() => setOpen(true)} aria-label={`Cancelar retirada nº ${row.id}`}>
        Cancelar
      </Button>
      <ConfirmDialog
        open={open}
        title="Cancelar retirada"
        confirmLabel="Cancelar retirada"
        cancelLabel="Voltar"
        confirmColor="error"
        pending={cancel.isPending}
        onClose={() => setOpen(false)}
        onConfirm={() =>
          cancel.mutate(row.id, {
            onSuccess: ({ message }) => {
              notify.success(message);
              setOpen(false);
            },
            onError: (error) => {
              setOpen(false);
              if (!redirect(error)) notify.error(error);
            },
          })
        }
      >
        <DialogContentText>
          A retirada nº {row.id} será cancelada e o que ela reservava volta para o seu saldo. Um Pix já gerado para ela
          deixa de valer.
        </DialogContentText>
      </ConfirmDialog>
    </>
  );
}
