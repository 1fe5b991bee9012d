import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import { formatGrams, type SilverTransfer } from '@prata/domain';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { toMinorUnits } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useCancelTransfer } from '../api/cancel-transfer';

/** 'Cancelar' on a pending transfer of the history (spec 2 §4): asks first; the answer's status replaces the row's. */
export function CancelSilverTransfer({ row }: { row: SilverTransfer }) {
  const [open, setOpen] = useState(false);
  const cancel = useCancelTransfer();
  if (!row.cancellable) return null;
  return (
    <>
      <Button
        size="small"
        color="error"
        onClick={() => setOpen(true)}
        aria-label={`Cancelar transferência nº ${row.id}`}
      >
        Cancelar
      </Button>
      <ConfirmDialog
        open={open}
        title="Cancelar transferência"
        confirmLabel="Cancelar transferência"
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
              notify.error(error);
            },
          })
        }
      >
        <DialogContentText>
          A transferência nº {row.id} de {formatGrams(toMinorUnits(row.quantity_grams))} para {row.receiver_email} será
          cancelada e a prata volta para o seu saldo.
        </DialogContentText>
      </ConfirmDialog>
    </>
  );
}
