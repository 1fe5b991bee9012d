import { type BookOrder, minorToDecimal, mulDivHalfUp, type Order, type OrderRates } from '@prata/domain';
import { int } from '@/db/integers';
import type { OrderRow, RawBookRow } from './repository/index';

/** The API's own form (Date#toISOString), as the matcher's copy of the book keeps its times. */
const API_TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
/** A timestamp as PostgreSQL's JSON writes it in UTC ('2026-11-26T17:00:00.123456+00:00'), fraction optional. */
const UTC_JSON_TIMESTAMP = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?\+00:00$/;
/**
 * The API's timestamp (Date#toISOString: milliseconds, 'Z'). Every order of an answer has three: PostgreSQL's UTC JSON
 * form is rewritten as text (the milliseconds kept, the microseconds dropped, as Date does), five times cheaper than
 * parsing a Date; anything else goes through Date.
 */
export function iso(v: string | Date): string {
  if (typeof v === 'string') {
    if (v.length === 24 && API_TIMESTAMP.test(v)) return v;
    const m = UTC_JSON_TIMESTAMP.exec(v);
    if (m) return `${m[1]}.${(m[2] ?? '').padEnd(3, '0').slice(0, 3)}Z`;
  }
  return new Date(v).toISOString();
}
export const reais = (cents: number) => minorToDecimal(cents);

/**
 * One of the customer's orders, seen from one list (contracts/orders.ts Order):
 * - pending: its limit price, the grams still open, their value at that price;
 * - completed: the average price of its fills (from their exact sum, not from the rounded value: 0,01 g at R$ 9,10
 *   is worth R$ 0,09 and was bought at R$ 9,10), the grams traded, what was paid (buy) or received (sell);
 * - cancelled: its limit price, the grams taken off the book, their value at that price.
 */
export function presentOrder(r: OrderRow, view: 'pending' | 'completed' | 'cancelled'): Order {
  const priceCents = r.price_cents === null ? 0 : int(r.price_cents);
  const remainingCentigrams = int(r.remaining_cg);
  const filledCentigrams = int(r.filled_cg);
  const valueCents = int(r.value_cents);
  const feeCents = int(r.fee_cents);
  const iofCents = int(r.iof_cents);
  let pricePerGramCents: number;
  let centigrams: number;
  let totalCents: number;
  if (view === 'completed') {
    pricePerGramCents = filledCentigrams > 0 ? mulDivHalfUp(int(r.exact), 1, filledCentigrams) : priceCents;
    centigrams = filledCentigrams;
    totalCents = r.side === 'buy' ? valueCents + feeCents + iofCents : valueCents - feeCents - iofCents;
  } else {
    pricePerGramCents = priceCents;
    centigrams = remainingCentigrams;
    totalCents = mulDivHalfUp(priceCents, remainingCentigrams, 100);
  }
  return {
    id: int(r.id),
    type: r.side,
    mode: r.mode,
    status: r.status,
    price_per_gram: reais(pricePerGramCents),
    quantity_grams: centigrams / 100,
    total_amount: reais(totalCents),
    transaction_fee: reais(feeCents),
    iof_fee: reais(iofCents),
    ordered_grams: int(r.quantity_cg) / 100,
    filled_grams: filledCentigrams / 100,
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
    deleted_at: r.deleted_at === null ? null : iso(r.deleted_at),
    my_order: true,
  };
}

/** A resting order of the book as one reader sees it (`mine`: theirs). */
export const presentBookOrder = (r: RawBookRow, mine: boolean): BookOrder => ({
  id: int(r.id),
  type: r.side,
  price_per_gram: reais(int(r.price_cents)),
  quantity_grams: int(r.remaining_cg) / 100,
  total_amount: reais(mulDivHalfUp(int(r.price_cents), int(r.remaining_cg), 100)),
  created_at: iso(r.created_at),
  my_order: mine,
});

export const presentRates = (rates: OrderRates) => ({
  transaction_fee: rates.feeRateBps / 100,
  iof_fee: rates.iofRateBps / 100,
  minimum_fee: reais(rates.minimumFeeCents),
});
