import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import { formatGrams, type SilverTransfer } from '@prata/domain';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { toMinorUnits } from '@/lib/format';
import { useIntention } from '@/lib/intention';
import { notify } from '@/lib/notify';
import { useDialogParam } from '@/lib/search-params';
import { useCancelTransfer } from '../api/cancel-transfer';

/**
 * 'Cancelar' on a pending transfer of the history (spec 2 §4): asks first; the answer's status replaces the row's. One
 * intention per transfer cancelled: a double tap cancels once.
 */
export function CancelSilverTransfer({ row }: { row: SilverTransfer }) {
  const dialog = useDialogParam('cancelar', `transferencia-${row.id}`);
  const cancel = useCancelTransfer();
  const intention = useIntention({ cancelTransfer: row.id });
  if (!row.cancellable) return null;
  const confirm = async () => {
    try {
      const answer = await intention.run((key) => cancel.mutateAsync({ id: row.id, key }));
      if (!answer) return;
      notify.success(answer.message);
      dialog.close();
    } catch (error) {
      dialog.close();
      notify.error(error);
    }
  };
  return (
    <>
      <Button
        size="small"
        color="error"
        onClick={() => dialog.show()}
        aria-label={`Cancelar transferência nº ${row.id}`}
      >
        Cancelar
      </Button>
      <ConfirmDialog
        open={dialog.open}
        title="Cancelar transferência"
        confirmLabel="Cancelar transferência"
        cancelLabel="Voltar"
        confirmColor="error"
        pending={intention.busy}
        onClose={() => dialog.close()}
        onConfirm={() => void confirm()}
      >
        <DialogContentText>
          A transferência nº {row.id} de {formatGrams(toMinorUnits(row.quantity_grams))} para {row.receiver_email} será
          cancelada e a prata volta para o seu saldo.
        </DialogContentText>
      </ConfirmDialog>
    </>
  );
}
