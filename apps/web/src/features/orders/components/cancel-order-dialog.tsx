import Typography from '@mui/material/Typography';
import { formatBRL, formatGrams } from '@prata/domain';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { MoneyText } from '@/components/money-text';
import { useRegistrationErrorHandler } from '@/components/registration-query-state';
import { toMinorUnits } from '@/lib/format';
import { useIntention } from '@/lib/intention';
import { notify } from '@/lib/notify';
import { useCancelOrder } from '../api/cancel-order';

/** What the dialog needs of an order: a row of the book (my_order) or one of "Minhas ordens". */
export type CancellableOrder = { id: number; type: 'buy' | 'sell'; price_per_gram: number; quantity_grams: number };

/**
 * The cancel-order confirmation (spec 2 §2), then DELETE /api/order/{id} under one Idempotency-Key per order
 * cancelled (a double tap cancels once and says so once), and the server's message.
 */
export function CancelOrderDialog({
  order,
  onClose,
  onExited,
}: {
  order: CancellableOrder | null;
  onClose: () => void;
  /** the cancelled order's row and button are gone once it closes: the screen puts the focus back (lib/focus.ts) */
  onExited?: (node: HTMLElement) => void;
}) {
  const cancel = useCancelOrder();
  const handle = useRegistrationErrorHandler();
  const intention = useIntention({ cancel: order?.id ?? null });
  const confirm = async () => {
    if (!order) return;
    try {
      const answer = await intention.run((key) => cancel.mutateAsync({ id: order.id, key }));
      if (!answer) return;
      notify.success(answer.message);
      onClose();
    } catch (error) {
      onClose();
      handle(error);
    }
  };
  return (
    <ConfirmDialog
      open={order !== null}
      title="Cancelar ordem?"
      confirmLabel="Cancelar ordem"
      cancelLabel="Voltar"
      confirmColor="error"
      pending={intention.busy}
      onClose={onClose}
      onExited={onExited}
      onConfirm={() => void confirm()}
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
