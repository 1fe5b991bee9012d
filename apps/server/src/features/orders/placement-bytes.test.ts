import { Order, OrdersResponse, PlaceOrderResponse } from '@prata/domain';
import { describe, expect, it } from 'vitest';
import { randomInt, seededRandom } from '@/lib/seeded-random';
import { bookRowJson, listsBytes, placementBytes } from './placement-bytes';
import { presentBookOrder, presentOrder } from './present';
import type { OrderRow, RawBookRow } from './repository/index';

/**
 * The placement's bytes, written by hand for speed (placement-bytes.ts), against the plain way: for random answers
 * (books of 0 to 40 rows a side owned by anyone or the house, lists of any length, messages with accents, quotes and
 * backslashes, times in both of PostgreSQL's and the API's forms), read by every reader of the same book, the bytes
 * are JSON.stringify's of the same answer encoded through the contract, and parse to it.
 */
const ANSWERS = Number(process.env.ORDERS_BYTES_ANSWERS ?? 500);

type Random = () => number;
const pick = <T>(random: Random, items: readonly T[]): T => items[randomInt(random, 0, items.length - 1)]!;

function timestamp(random: Random): string {
  const at = new Date(Date.UTC(2026, randomInt(random, 0, 11), randomInt(random, 1, 28), randomInt(random, 0, 23)));
  const iso = new Date(at.getTime() + randomInt(random, 0, 3_599_999)).toISOString();
  if (random() < 0.5) return iso; // the API's own form, as the matcher's copy keeps it
  const micros = String(randomInt(random, 0, 999_999))
    .padStart(6, '0')
    .slice(0, randomInt(random, 0, 6));
  return `${iso.slice(0, 19)}${micros ? `.${micros}` : ''}+00:00`; // PostgreSQL's JSON
}

function bookRow(random: Random, side: 'buy' | 'sell'): RawBookRow {
  return {
    id: randomInt(random, 1, 1e9),
    side,
    price_cents: randomInt(random, 1, 2_000_000),
    remaining_cg: randomInt(random, 1, 10_000_000),
    created_at: timestamp(random),
    user_id: random() < 0.2 ? null : String(randomInt(random, 1, 6)),
  };
}

function orderRow(random: Random, status: OrderRow['status']): OrderRow {
  const quantity = randomInt(random, 1, 10_000_000);
  const filled = randomInt(random, 0, quantity);
  const mode = pick(random, ['limit', 'market'] as const);
  const exact = filled * randomInt(random, 1, 2_000_000);
  return {
    id: randomInt(random, 1, 1e9),
    user_id: String(randomInt(random, 1, 6)),
    side: pick(random, ['buy', 'sell'] as const),
    mode,
    status,
    price_cents: mode === 'market' ? null : randomInt(random, 1, 2_000_000),
    quantity_cg: quantity,
    remaining_cg: status === 'open' ? quantity - filled : 0,
    filled_cg: filled,
    exact,
    value_cents: Math.round(exact / 100),
    fee_cents: randomInt(random, 0, 1e8),
    iof_cents: randomInt(random, 0, 1e8),
    created_at: timestamp(random),
    updated_at: timestamp(random),
    deleted_at: status === 'cancelled' ? timestamp(random) : null,
  };
}

const MESSAGE_PIECES = ['Ordem', 'executada', 'ção', '"aspas"', '\\', 'R$ 1.234,56', '10,5 g', '✓', '\n', 'é'];
const message = (random: Random) =>
  Array.from({ length: randomInt(random, 0, 8) }, () => pick(random, MESSAGE_PIECES)).join(' ');

describe('placementBytes and listsBytes: what JSON.stringify of the same answer gives', () => {
  it(`${ANSWERS} random answers, each read by every reader of its book`, () => {
    const random = seededRandom(29);
    for (let n = 0; n < ANSWERS; n++) {
      const asks = Array.from({ length: randomInt(random, 0, 40) }, () => bookRow(random, 'sell'));
      const bids = Array.from({ length: randomInt(random, 0, 40) }, () => bookRow(random, 'buy'));
      // encoded once per book, shared by every reader (as the answers of one version share it)
      const book = { asks: asks.map(bookRowJson), bids: bids.map(bookRowJson) };
      for (let reader = 1; reader <= 6; reader++) {
        const pending = Array.from({ length: randomInt(random, 0, 5) }, () => orderRow(random, 'open'));
        const completed = Array.from({ length: randomInt(random, 0, 10) }, () =>
          orderRow(random, pick(random, ['filled', 'cancelled'] as const)),
        );
        const order = orderRow(random, pick(random, ['open', 'filled', 'cancelled'] as const));
        const view = order.status === 'open' ? 'pending' : 'completed';
        const text = message(random);
        const mine = (r: RawBookRow) => r.user_id === String(reader);
        const answer: PlaceOrderResponse = {
          ordersToBuy: asks.map((r) => presentBookOrder(r, mine(r))),
          ordersToSell: bids.map((r) => presentBookOrder(r, mine(r))),
          myPendingOrders: pending.map((o) => presentOrder(o, 'pending')),
          myCompletedOrders: completed.map((o) => presentOrder(o, 'completed')),
          order: presentOrder(order, view),
          message: text,
        };
        const encode = (o: Order) => JSON.stringify(Order.encode(o));
        const bytes = placementBytes({
          ...book,
          reader: String(reader),
          pendingJson: answer.myPendingOrders.map(encode),
          completedJson: answer.myCompletedOrders.map(encode),
          orderJson: encode(answer.order),
          message: text,
        });
        const expected = JSON.stringify(PlaceOrderResponse.encode(answer));
        expect(JSON.parse(bytes.toString())).toEqual(JSON.parse(expected));
        expect(bytes.toString()).toBe(expected);

        // GET /api/orders: the same lists, then the rates and the trading limit (the contract's keys in another order)
        const figures = {
          transaction_fee: 0.5,
          iof_fee: 0.38,
          minimum_fee: 5,
          trading_limit: randomInt(random, 0, 1e9) / 100,
          trading_limit_left: 0,
        };
        const { order: _order, message: _message, ...lists } = answer;
        const overview = listsBytes(
          {
            ...book,
            reader: String(reader),
            pendingJson: answer.myPendingOrders.map(encode),
            completedJson: answer.myCompletedOrders.map(encode),
          },
          JSON.stringify(figures).slice(1, -1),
        );
        expect(JSON.parse(overview.toString())).toEqual(OrdersResponse.encode({ ...figures, ...lists }));
      }
    }
  });
});
