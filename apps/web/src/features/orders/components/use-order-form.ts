import { zodResolver } from '@hookform/resolvers/zod';
import {
  gramsField,
  MAX_ORDER_CENTIGRAMS,
  MAX_PRICE_PER_GRAM_CENTS,
  MESSAGES,
  needsConfirmation,
  type OrderMode,
  type OrderSide,
  pricePerGramField,
  minorToDecimalText,
  silverValueCents,
  withUnits,
} from '@prata/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { type Control, type UseFormSetFocus, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { useRegistrationErrorHandler } from '@/components/registration-query-state';
import { hasErrorCode } from '@/lib/api';
import { USER_QUERY_KEY } from '@/lib/auth';
import { applyServerErrors } from '@/lib/form-errors';
import { useFormDraft } from '@/lib/form-draft';
import { toMinorUnits } from '@/lib/format';
import { useDebouncedValue } from '@/lib/hooks';
import { useIntention } from '@/lib/intention';
import { notify } from '@/lib/notify';
import { useOrderQuote } from '../api/get-order-quote';
import { ORDER_BOOK_QUERY_KEY, ORDERS_QUERY_KEY } from '../api/keys';
import { usePlaceOrder } from '../api/place-order';
import type { OrdersResponse, PlaceOrderRequest } from '../api/types';
import { limitSummary, type OrderSummary as Summary, quoteSummary, type Rates, typedMinor } from '../summary';
import { atStakeCents, useOrderWarnings } from './order-warnings';

/** The spec's calculation delay: the summary follows the fields 300 ms after typing stops (spec 2 §4). */
const SUMMARY_DELAY_MS = 300;

/**
 * A limit order needs its price, and a value above R$ 0,00; a market order takes the book's (the field is disabled and
 * not sent).
 */
const orderFormSchema = withUnits(
  z.discriminatedUnion('mode', [
    z
      .object({ mode: z.literal('limit'), price_per_gram: pricePerGramField(), quantity_grams: gramsField() })
      // the server refuses an order worth R$ 0,00 (a price × quantity below half a centavo): said before sending
      .superRefine(({ price_per_gram, quantity_grams }, ctx) => {
        if (silverValueCents(price_per_gram, quantity_grams) > 0) return;
        ctx.addIssue({ code: 'custom', path: ['quantity_grams'], message: MESSAGES.orderValueTooSmall });
      }),
    z.object({
      mode: z.literal('market'),
      price_per_gram: z.union([z.string(), z.number()]).optional(),
      quantity_grams: gramsField(),
    }),
  ]),
  { price_per_gram: 'price_per_gram_cents', quantity_grams: 'quantity_cg' },
);
/** The masked fields hold dot-decimal text ('12.50'); the schema gives centavos and centigrams. */
type OrderFormInput = { mode: OrderMode; price_per_gram?: string | number; quantity_grams: string | number };
type FormInput = OrderFormInput;
type OrderFormOutput = z.output<typeof orderFormSchema>;
type FormOutput = OrderFormOutput;

const EMPTY: FormInput = { mode: 'limit', price_per_gram: '', quantity_grams: '' };

/**
 * The live summary 300 ms after typing stops: computed here with orderCost for a limit order, the server's quote for a
 * market order (which goes with the quote of the quantity on screen, never with one still on its way).
 */
function useOrderSummary(side: OrderSide, control: Control<FormInput, unknown, FormOutput>, rates: Rates) {
  const [mode, priceText, quantityText] = useWatch({ control, name: ['mode', 'price_per_gram', 'quantity_grams'] });
  const typed = useDebouncedValue(`${priceText ?? ''}|${quantityText}`, SUMMARY_DELAY_MS);
  const [debouncedPrice = '', debouncedQuantity = ''] = typed.split('|');
  const quantity = typedMinor(quantityText, MAX_ORDER_CENTIGRAMS);
  const settledQuantity = typedMinor(debouncedQuantity, MAX_ORDER_CENTIGRAMS);
  const market = mode === 'market';
  const quote = useOrderQuote(side, market ? settledQuantity : null);

  let summary: Summary | null = null;
  if (!market) {
    summary = limitSummary(side, typedMinor(debouncedPrice, MAX_PRICE_PER_GRAM_CENTS), settledQuantity, rates);
  } else if (quote.data && settledQuantity !== null && toMinorUnits(quote.data.quantity_grams) === settledQuantity) {
    summary = quoteSummary(quote.data, rates);
  }
  const unavailable = market && settledQuantity !== null && quote.data?.available === false;
  return {
    typed: { mode, price: priceText ?? '', quantity: quantityText },
    market,
    summary,
    notAllowed: summary !== null && !summary.allowed,
    unavailable,
    quoting: market && settledQuantity !== null && !summary && !unavailable && !quote.isError,
    marketReady: summary?.allowed && summary.quantityCentigrams === quantity,
    quantity,
  };
}

/**
 * The request of the order submitted and the cost it is confirmed against: a limit order's computed from its fields
 * (refused when the sale would not cover its costs), a market order's the summary on screen. Null: nothing to send.
 */
function orderOf(
  side: OrderSide,
  values: FormOutput,
  rates: Rates,
  { summary, marketReady }: Pick<ReturnType<typeof useOrderSummary>, 'summary' | 'marketReady'>,
): { body: PlaceOrderRequest; summary: Summary } | null {
  if (values.mode === 'market') {
    if (!marketReady || !summary) return null;
    const body: PlaceOrderRequest = {
      mode: 'market',
      quantity_grams: minorToDecimalText(values.quantity_cg),
      total_amount: minorToDecimalText(summary.totalCents),
    };
    return { body, summary };
  }
  const cost = limitSummary(side, values.price_per_gram_cents, values.quantity_cg, rates);
  if (!cost) return null;
  if (!cost.allowed) {
    notify.error(MESSAGES.orderSellNotAllowed);
    return null;
  }
  const body: PlaceOrderRequest = {
    mode: 'limit',
    price_per_gram: minorToDecimalText(values.price_per_gram_cents),
    quantity_grams: minorToDecimalText(values.quantity_cg),
    total_amount: minorToDecimalText(cost.totalCents),
  };
  return { body, summary: cost };
}

/**
 * After an order is answered (placed or refused) the focus stays in the form. The button that sent it is disabled
 * while the order runs, and the loading dialog may have taken the focus: the browser drops it to the page's top, and
 * the next Tab started over at "Pular para o conteúdo". Once the button is back (`busy` over), a focus outside the form
 * goes to the quantity, where the next order starts; a focus the answer put in the form (a field's error) stays.
 */
function useFocusAfterOrder(busy: boolean, setFocus: UseFormSetFocus<FormInput>) {
  const formRef = useRef<HTMLFormElement>(null);
  const [answered, setAnswered] = useState(false);
  useEffect(() => {
    if (!answered || busy) return;
    setAnswered(false);
    if (!formRef.current?.contains(document.activeElement)) setFocus('quantity_grams');
  }, [answered, busy, setFocus]);
  return { formRef, onAnswered: () => setAnswered(true) };
}

/**
 * The order form's state: the fields, the live summary (useOrderSummary), the warnings, and the submit — one intention
 * per order (lib/intention.ts): the Idempotency-Key follows what is typed and the summary's total, so a double click or
 * a retry places one order. Above CONFIRM_ABOVE_CENTS the order waits in `confirming` for the dialog.
 *
 * An order the warnings say the server would refuse (the balance or the annual limit left, as the server answered
 * them) is neither sent nor offered for confirmation: the focus goes to the first warning, which says why, and the
 * balance and the limit are asked again, so a deposit just credited lifts the warning for the next try. The server
 * still judges every order that is sent.
 */
export function useOrderForm(side: OrderSide, data: OrdersResponse, rates: Rates) {
  const queryClient = useQueryClient();
  const place = usePlaceOrder();
  const handleError = useRegistrationErrorHandler();
  const [explaining, setExplaining] = useState(false);
  const [confirming, setConfirming] = useState<{ body: PlaceOrderRequest; summary: Summary } | null>(null);
  const { control, handleSubmit, setError, clearErrors, reset, setFocus } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(orderFormSchema) as never,
    defaultValues: EMPTY,
  });
  const live = useOrderSummary(side, control, rates);
  useFormDraft(`ordens:${side}`, useWatch({ control }), (draft) => reset({ ...EMPTY, ...draft }));
  const warnings = useOrderWarnings(live.summary, data);
  const intention = useIntention({ side, ...live.typed, total: live.summary?.totalCents });
  const focus = useFocusAfterOrder(intention.busy, setFocus);
  const firstWarning = useRef<HTMLDivElement>(null);

  const onPlaced = ({ message }: { message: string }) => {
    notify.success(message);
    setConfirming(null);
    reset(EMPTY);
  };
  const onFailed = (error: unknown) => {
    if (hasErrorCode(error, 'ORDER_PRICE_CHANGED')) {
      void queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY });
      notify.warning(error.message);
      return;
    }
    applyServerErrors(error, setError, ['price_per_gram', 'quantity_grams']);
  };

  const send = async (body: PlaceOrderRequest) => {
    try {
      const answer = await intention.run((key) => place.mutateAsync({ side, body, key }));
      if (answer) onPlaced(answer);
    } catch (error) {
      setConfirming(null);
      handleError(error, onFailed);
    } finally {
      focus.onAnswered();
    }
  };

  const refuse = () => {
    firstWarning.current?.focus();
    void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: ORDER_BOOK_QUERY_KEY });
  };

  const onSubmit = handleSubmit((values) => {
    const order = orderOf(side, values, rates, live);
    if (!order) return;
    if (warnings.length > 0) return refuse();
    if (needsConfirmation(atStakeCents(order.summary))) setConfirming(order);
    else return send(order.body);
  });

  return {
    ...live,
    ...{ control, clearErrors, warnings, firstWarning, busy: intention.busy, onSubmit, confirming },
    ...{ formRef: focus.formRef, explaining, setExplaining },
    closeConfirmation: () => setConfirming(null),
    confirm: () => confirming && void send(confirming.body),
  };
}
