import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MESSAGES, type OrderSide } from '@prata/domain';
import { useQueryClient } from '@tanstack/react-query';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { centsToDecimalText } from '../../../components/money-field';
import { hasErrorCode } from '../../../lib/api';
import { toMinorUnits } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { ORDERS_QUERY_KEY } from '../api/keys';
import { usePlaceOrder } from '../api/place-order';
import type { BookOrder } from '../api/types';
import { SIDE_TEXT } from '../labels';
import { limitSummary, type Rates } from '../summary';
import { OrderSummary } from './order-summary';
import { useRegistrationErrorHandler } from '../../../components/registration-query-state';

/**
 * "Comprar" or "Vender" on a row of the book (spec 2 §2, the buy-an-order and sell-an-order confirmations): the
 * summary of taking the whole row at its price, then POST /api/order/{side} with order_id, the row's price and
 * quantity and the total shown (no mode). A sell whose net is not above zero cannot be confirmed (spec 2 §4).
 */
export function TakeOrderDialog({
  side,
  row,
  rates,
  onClose,
}: {
  side: OrderSide;
  row: BookOrder | null;
  rates: Rates;
  onClose: () => void;
}) {
  const place = usePlaceOrder();
  const handle = useRegistrationErrorHandler();
  const queryClient = useQueryClient();
  const text = SIDE_TEXT[side];
  const summary = row
    ? limitSummary(side, toMinorUnits(row.price_per_gram), toMinorUnits(row.quantity_grams), rates)
    : null;
  const allowed = summary?.allowed ?? false;

  const confirm = () => {
    if (!row || !summary || !allowed) return;
    place.mutate(
      {
        side,
        body: {
          order_id: row.id,
          price_per_gram: centsToDecimalText(summary.pricePerGramCents),
          quantity_grams: centsToDecimalText(summary.quantityCentigrams),
          total_amount: centsToDecimalText(summary.totalCents),
        },
      },
      {
        onSuccess: ({ message }) => {
          notify.success(message);
          onClose();
        },
        onError: (error) => {
          onClose();
          handle(error, (e) => {
            if (hasErrorCode(e, 'ORDER_PRICE_CHANGED')) {
              void queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY });
              notify.warning(e.message);
            } else notify.error(e);
          });
        },
      },
    );
  };

  return (
    <ConfirmDialog
      open={row !== null}
      title={text.takeTitle}
      confirmLabel={allowed ? text.action : 'Fechar'}
      cancelLabel="Voltar"
      pending={place.isPending}
      onClose={onClose}
      onConfirm={allowed ? confirm : onClose}
    >
      {summary && (
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            {side === 'buy'
              ? 'Você compra toda a prata desta oferta, ao preço dela.'
              : 'Você vende a quantidade desta oferta, ao preço dela.'}
          </Typography>
          {allowed ? (
            <OrderSummary summary={summary} rates={rates} title="Resumo da oferta" />
          ) : (
            <Alert severity="info">{MESSAGES.orderSellNotAllowed}</Alert>
          )}
        </Stack>
      )}
    </ConfirmDialog>
  );
}
