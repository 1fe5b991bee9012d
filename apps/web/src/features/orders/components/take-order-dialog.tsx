import { minorToDecimalText } from '@prata/domain';
import type { OrderSide } from '@prata/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useRegistrationErrorHandler } from '@/components/registration-query-state';
import { hasErrorCode } from '@/lib/api';
import { USER_QUERY_KEY } from '@/lib/auth';
import { toMinorUnits } from '@/lib/format';
import { useIntention } from '@/lib/intention';
import { notify } from '@/lib/notify';
import { ORDER_BOOK_QUERY_KEY, ORDERS_QUERY_KEY } from '../api/keys';
import { usePlaceOrder } from '../api/place-order';
import type { BookOrder, OrdersResponse } from '../api/types';
import { SIDE_TEXT } from '../labels';
import { limitSummary, type Rates } from '../summary';
import { OrderConfirmDialog } from './order-confirm-dialog';
import { useOrderWarnings } from './order-warnings';

/**
 * "Comprar" or "Vender" on a row of the book (spec 2 §2, the buy-an-order and sell-an-order confirmations): the
 * summary of taking the whole row at its price, then POST /api/order/{side} with order_id, the row's price and
 * quantity and the total shown (no mode), under one Idempotency-Key per row taken. A sell whose net is not above zero
 * cannot be confirmed (spec 2 §4), nor a row the server would refuse as the form's warnings say (the balance, the
 * annual limit left): the dialog shows why and "Fechar", and asks the balance and the limit again, so a deposit just
 * credited lifts the warning.
 */
export function TakeOrderDialog({
  side,
  row,
  rates,
  data,
  onClose,
}: {
  side: OrderSide;
  row: BookOrder | null;
  rates: Rates;
  data: OrdersResponse;
  onClose: () => void;
}) {
  const place = usePlaceOrder();
  const handle = useRegistrationErrorHandler();
  const queryClient = useQueryClient();
  const summary = row
    ? limitSummary(side, toMinorUnits(row.price_per_gram), toMinorUnits(row.quantity_grams), rates)
    : null;
  const intention = useIntention({ side, row: row?.id ?? null, total: summary?.totalCents ?? null });
  const warnings = useOrderWarnings(summary, data);
  const blocked = row !== null && warnings.length > 0;
  useEffect(() => {
    if (!blocked) return;
    void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: ORDER_BOOK_QUERY_KEY });
  }, [blocked, queryClient]);

  const confirm = async () => {
    if (!row || !summary?.allowed || warnings.length > 0) return;
    const body = {
      order_id: row.id,
      price_per_gram: minorToDecimalText(summary.pricePerGramCents),
      quantity_grams: minorToDecimalText(summary.quantityCentigrams),
      total_amount: minorToDecimalText(summary.totalCents),
    };
    try {
      const answer = await intention.run((key) => place.mutateAsync({ side, body, key }));
      if (!answer) return;
      notify.success(answer.message);
      onClose();
    } catch (error) {
      onClose();
      handle(error, (e) => {
        if (hasErrorCode(e, 'ORDER_PRICE_CHANGED')) {
          void queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY });
          notify.warning(e.message);
        } else notify.error(e);
      });
    }
  };

  return (
    <OrderConfirmDialog
      open={row !== null}
      title={SIDE_TEXT[side].takeTitle}
      summary={summary}
      rates={rates}
      intro={
        side === 'buy'
          ? 'Você compra toda a prata desta oferta, ao preço dela.'
          : 'Você vende a quantidade desta oferta, ao preço dela.'
      }
      summaryTitle="Resumo da oferta"
      warnings={warnings}
      busy={intention.busy}
      onConfirm={() => void confirm()}
      onClose={onClose}
    />
  );
}
