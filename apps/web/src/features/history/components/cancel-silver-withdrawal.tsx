import Button from '@mui/material/Button';
import type { SilverWithdrawal } from '@prata/domain';
import DialogContentText from '@mui/material/DialogContentText';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { notify } from '@/lib/notify';
import { useDialogParam } from '@/lib/search-params';
import { useRegistrationRedirect } from '@/lib/registration-redirect';
import { useCancelSilverWithdrawal } from '@/features/silver-withdrawals';

/** 'Cancelar' on a pending withdrawal (spec 2): asks first; the server's answer replaces the row. */
export function CancelSilverWithdrawal({ row }: { row: SilverWithdrawal }) {
  const dialog = useDialogParam('cancelar', `retirada-${row.id}`);
  const cancel = useCancelSilverWithdrawal();
  const redirect = useRegistrationRedirect();
  if (!row.cancellable) return null;
  return (
    <>
      <Button size="small" color="error" onClick={() => dialog.show()} aria-label={`Cancelar retirada nº ${row.id}`}>
        Cancelar
      </Button>
      <ConfirmDialog
        open={dialog.open}
        title="Cancelar retirada"
        confirmLabel="Cancelar retirada"
        cancelLabel="Voltar"
        confirmColor="error"
        pending={cancel.isPending}
        onClose={() => dialog.close()}
        onConfirm={() =>
          cancel.mutate(row.id, {
            onSuccess: ({ message }) => {
              notify.success(message);
              dialog.close();
            },
            onError: (error) => {
              dialog.close();
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
