import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { HouseOrderRequest, minorToDecimal, mulDivHalfUp, type OrderSide, parseAmountInput } from '@prata/domain';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { firstError, hasErrorCode } from '@/lib/api';
import { applyServerErrors } from '@/lib/form-errors';
import { toMinorUnits } from '@/lib/format';
import { useIntention } from '@/lib/intention';
import { notify } from '@/lib/notify';
import { type AdminMarketResponse, usePlaceHouseOrder } from './api';

type OrderInput = { type: OrderSide; price_per_gram: string; quantity_grams: string };
/** what the contract parses: centavos per gram and centigrams */
type OrderOutput = z.output<typeof HouseOrderRequest>;
const FIELDS = ['type', 'price_per_gram', 'quantity_grams'] as const;

/** The order's value as typed (the house trades without fee or IOF), or null while a field is not a number yet. */
function valueCents(price: string, quantity: string): number | null {
  const p = parseAmountInput(price);
  const q = parseAmountInput(quantity, { unit: 'g' });
  return p.ok && q.ok ? mulDivHalfUp(p.minor, q.minor, 100) : null;
}

/**
 * The house's own open order on the other side that this price would cross (centavos per gram), if any: the house does
 * not trade with itself, so both would rest and the book would be crossed.
 */
function ownCrossing(market: AdminMarketResponse, type: OrderSide, priceCents: number): number | null {
  const opposite = market.house_orders
    .filter((o) => o.status === 'open' && o.type !== type)
    .map((o) => toMinorUnits(o.price_per_gram));
  if (opposite.length === 0) return null;
  const best = type === 'sell' ? Math.max(...opposite) : Math.min(...opposite);
  return (type === 'sell' ? priceCents <= best : priceCents >= best) ? best : null;
}

/**
 * A house order's form and its placement: the value as typed, whether the house can pay it, whether it would cross
 * its own order, and a refusal of the order as a whole; one intention per order typed (lib/intention.ts).
 */
export function useHouseOrderForm(market: AdminMarketResponse) {
  const place = usePlaceHouseOrder();
  const [refusal, setRefusal] = useState<string | null>(null);
  const { control, handleSubmit, setError, reset, getValues } = useForm<OrderInput, unknown, OrderOutput>({
    resolver: zodResolver(HouseOrderRequest) as never,
    defaultValues: { type: 'sell', price_per_gram: '', quantity_grams: '' },
  });
  const [type, price, quantity] = useWatch({ control, name: ['type', 'price_per_gram', 'quantity_grams'] });
  const value = valueCents(price, quantity);
  const grams = parseAmountInput(quantity, { unit: 'g' });
  const priceParsed = parseAmountInput(price);
  const crossing = priceParsed.ok ? ownCrossing(market, type, priceParsed.minor) : null;
  const short =
    value === null
      ? false
      : type === 'buy'
        ? value > toMinorUnits(market.house.available_reais)
        : grams.ok && grams.minor > toMinorUnits(market.house.available_grams);

  // one intention per order typed (lib/intention.ts): a double click places it once
  const intention = useIntention({ type, price, quantity });

  const onSubmit = handleSubmit(async (order) => {
    setRefusal(null);
    const body = {
      type: order.type,
      price_per_gram: minorToDecimal(order.price_per_gram_cents),
      quantity_grams: minorToDecimal(order.quantity_cg),
    };
    try {
      const answer = await intention.run((key) => place.mutateAsync({ order: body, key }));
      if (!answer) return;
      notify.success(answer.message);
      // a fresh form for the next order, side and price kept (reset also clears the submitted state, so the
      // emptied quantity is not flagged as missing)
      reset({ ...getValues(), quantity_grams: '' });
    } catch (error) {
      // refusals of the order as a whole stay beside the form, where the operator decides what to change
      if (hasErrorCode(error, 'INSUFFICIENT_BALANCE', 'ORDER_NOT_ALLOWED', 'ORDER_BOOK_BUSY', 'FORBIDDEN')) {
        setRefusal(firstError(error));
        return;
      }
      applyServerErrors(error, setError, FIELDS);
    }
  });

  return { control, type, value, short, crossing, refusal, setRefusal, onSubmit, busy: intention.busy };
}
