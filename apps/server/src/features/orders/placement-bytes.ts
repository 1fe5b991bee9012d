import { BookOrder } from '@prata/domain';
import { presentBookOrder } from './present';
import type { RawBookRow } from './repository/index';

/**
 * The answers with the orders screen's lists (a placement's, PlaceOrderResponse; GET /api/orders, OrdersResponse) as the
 * bytes of their JSON, as the routes send them: the one place that writes JSON by hand, so that thousands of answers
 * of one version share the book's bytes (12 KB) and each copies them once. placement-bytes.test.ts checks that the
 * bytes are JSON.stringify's of the same answer.
 */

/**
 * A resting order of the book as the answers write it: its JSON, encoded through the contract's BookOrder once per
 * book read, in both readings (`asOthers`: another's order; `asOwner`: the reader's own).
 */
export type BookRowJson = { owner: string | null; asOthers: string; asOwner: string };
const MY_ORDER_FALSE = '"my_order":false}';

export function bookRowJson(r: RawBookRow): BookRowJson {
  const asOthers = JSON.stringify(BookOrder.encode(presentBookOrder(r, false)));
  // `my_order` is the contract's last key: the owner's reading is the same text with its last value changed
  const asOwner = asOthers.endsWith(MY_ORDER_FALSE)
    ? `${asOthers.slice(0, -MY_ORDER_FALSE.length)}"my_order":true}`
    : JSON.stringify(BookOrder.encode(presentBookOrder(r, true)));
  return { owner: r.user_id, asOthers, asOwner };
}

/** The orders screen's lists as the answers write them: the book's rows once per version, the rest per answer. */
export type ListsParts = {
  /** ordersToBuy and ordersToSell, as encoded once for every answer of their version */
  asks: BookRowJson[];
  bids: BookRowJson[];
  /** the reader's id, as the rows name their owners */
  reader: string;
  /** each pending and completed order's JSON (the contract's Order), newest first */
  pendingJson: string[];
  completedJson: string[];
};

/** A placement's answer: the lists, its order and its message. */
export type PlacementParts = ListsParts & {
  /** the order's JSON (the contract's Order) */
  orderJson: string;
  message: string;
};

const ANSWER_HEAD = Buffer.from('{"ordersToBuy":[');
const ANSWER_BETWEEN_SIDES = Buffer.from('],"ordersToSell":[');

/**
 * An answer with the lists (OrderBookLists) as bytes: the lists' keys in the contract's order, then `rest`, the JSON
 * of the answer's other keys without its braces (encoded through the contract by the caller).
 */
export function listsBytes(p: ListsParts, rest: string): Buffer {
  const tail =
    `],"myPendingOrders":[${p.pendingJson.join(',')}],"myCompletedOrders":[${p.completedJson.join(',')}]` +
    `${rest === '' ? '' : `,${rest}`}}`;
  return Buffer.concat([
    ANSWER_HEAD,
    ...sidePieces(p.asks, p.reader),
    ANSWER_BETWEEN_SIDES,
    ...sidePieces(p.bids, p.reader),
    Buffer.from(tail),
  ]);
}

/** A placement's answer's bytes: the keys in the contract's order. */
export const placementBytes = (p: PlacementParts): Buffer =>
  listsBytes(p, `"order":${p.orderJson},"message":${JSON.stringify(p.message)}`);

/**
 * A side of the book as bytes, made once per side (kept on the array): its rows joined as others read them, where
 * each row starts and ends in it, and which rows each owner has.
 */
type SideBytes = { plain: Buffer; spans: Array<[start: number, end: number]>; owned: Map<string, number[]> };
function sideBytesOf(side: BookRowJson[] & { bytes?: SideBytes }): SideBytes {
  if (side.bytes) return side.bytes;
  const spans: Array<[number, number]> = [];
  const owned = new Map<string, number[]>();
  let at = 0;
  side.forEach((r, i) => {
    const length = Buffer.byteLength(r.asOthers);
    spans.push([at, at + length]);
    at += length + 1; // the comma
    if (r.owner === null) return;
    const rows = owned.get(r.owner);
    if (rows) rows.push(i);
    else owned.set(r.owner, [i]);
  });
  side.bytes = { plain: Buffer.from(side.map((r) => r.asOthers).join(',')), spans, owned };
  return side.bytes;
}

/**
 * A side of the book for one reader, as the pieces of its JSON's bytes: a reader who owns none of its rows (nearly
 * everyone) gets the side as joined and encoded once for all; an owner gets the same buffer's pieces around their
 * own rows, and those rows in the owner's reading.
 */
function sidePieces(side: BookRowJson[], reader: string): Buffer[] {
  const { plain, spans, owned } = sideBytesOf(side);
  const mine = owned.get(reader);
  if (mine === undefined) return [plain];
  const pieces: Buffer[] = [];
  let from = 0;
  for (const i of mine) {
    const [start, end] = spans[i]!;
    pieces.push(plain.subarray(from, start), Buffer.from(side[i]!.asOwner));
    from = end;
  }
  pieces.push(plain.subarray(from));
  return pieces;
}
