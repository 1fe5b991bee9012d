import Typography from '@mui/material/Typography';
import { formatBRL, formatGrams } from '@prata/domain';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { MoneyText } from '../../../components/money-text';
import { toMinorUnits } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useCancelOrder } from '../api/cancel-order';
import { useRegistrationErrorHandler } from '../../../components/registration-query-state';

/** What the dialog needs of an order: a row of the book (my_order) or one of "Minhas ordens". */
export type CancellableOrder = { id: number; type: 'buy' | 'sell'; price_per_gram: number; quantity_grams: number };

/** The cancel-order confirmation (spec 2 §2), then DELETE /api/order/{id} and the server's message. */
export function CancelOrderDialog({ order, onClose }: { order: CancellableOrder | null; onClose: () => void }) {
  const cancel = useCancelOrder();
  const handle = useRegistrationErrorHandler();
  return (
    <ConfirmDialog
      open={order !== null}
      title="Cancelar ordem?"
      confirmLabel="Cancelar ordem"
      cancelLabel="Voltar"
      confirmColor="error"
      pending={cancel.isPending}
      onClose={onClose}
      onConfirm={() => {
        if (!order) return;
        cancel.mutate(order.id, {
          onSuccess: ({ message }) => {
            notify.success(message);
            onClose();
          },
          onError: (error) => {
            onClose();
            handle(error);
          },
        });
      }}
    >
      {order && (
        <Typography>
          A ordem de {order.type === 'buy' ? 'compra' : 'venda'} de{' '}
          <MoneyText sx={{ fontWeight: 600 }}>{formatGrams(toMinorUnits(order.quantity_grams))}</MoneyText> a{' '}
          <MoneyText sx={{ fontWeight: 600 }}>{formatBRL(toMinorUnits(order.price_per_gram))}</MoneyText> por grama sai
          do livro, e {order.type === 'buy' ? 'o valor reservado volta' : 'a prata reservada volta'} para o seu saldo. O
          que já foi executado não muda.
        </Typography>
      )}
    </ConfirmDialog>
  );
}
