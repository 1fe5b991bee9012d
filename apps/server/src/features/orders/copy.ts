import { COMPLETED_ORDERS_ON_SCREEN, type OrderRates } from '@prata/domain';
import { type MarketState, type OpenOrder, type OrderRow, openOrdersOf, type Side } from './core/index';

/**
 * An order as a committed batch wrote it (orders_apply_batch's row, with its times): what the screens' lists show of it,
 * without reading it back (the answers keep a completed order's JSON: it never changes again).
 */
export type WrittenOrder = Pick<
  OrderRow,
  | 'id'
  | 'user_id'
  | 'side'
  | 'mode'
  | 'status'
  | 'price_cents'
  | 'quantity_cg'
  | 'remaining_cg'
  | 'filled_cg'
  | 'exact'
  | 'value_cents'
  | 'fee_cents'
  | 'iof_cents'
  | 'deleted_at'
> & { created_at: string; updated_at: string };

/** A resting order as the book's table shows it: its price and what is left, when, and whose. */
export type BookEntry = {
  id: number;
  side: Side;
  pricePerGramCents: number;
  remainingCentigrams: number;
  createdAt: string;
  userId: number | null;
};

/** A completed order in a customer's list: its id and when it last changed. */
export type CompletedEntry = { id: number; at: string };
/** Newest first, as the lists' statement orders them (updated_at desc, id desc). */
const newestFirst = (a: CompletedEntry, b: CompletedEntry) => (a.at === b.at ? b.id - a.id : a.at < b.at ? 1 : -1);

/** The most open orders a customer's lists show (the lists' statement's limit). */
export const PENDING_ROWS = 200;
/** How many versions back a list read by a statement can be brought forward (learnCompleted). */
const RECENT_VERSIONS = 32;

/** An order as the customer's lists present it (repository/screens.ts OrderRow): owners as text. */
export type OwnOrderRow = Omit<WrittenOrder, 'user_id'> & { user_id: string | null };

/**
 * This instance's copy of the market at one version: the core's state, and what the answers read from it without the
 * database (the book's top, a customer's lists). Only the engine changes it, and only a committed batch hands it on.
 */
export type Market = {
  version: number;
  state: MarketState;
  /**
   * The market's inputs the last committed batch used, when the state's counters and accounts are as it left them
   * (docs/orders.md, "A batch without its read"); none on a copy just loaded, or while a batch has the copy out.
   */
  known?: { year: number; rates: OrderRates };
  /**
   * The customers' last completed orders (newest first, as the lists order them: updated_at, then id), for the
   * customers whose lists were read at a version of this copy (learnCompleted) and kept up to date by every batch since.
   */
  completed: Map<number, CompletedEntry[]>;
  /** the orders the batch that made this version wrote, by id */
  written: Map<number, WrittenOrder>;
  /** the orders completed by each of the last RECENT_VERSIONS versions this copy went through (learnCompleted) */
  recent: Map<number, Array<CompletedEntry & { userId: number }>>;
};

export function newMarket(version: number, state: MarketState): Market {
  return { version, state, completed: new Map(), written: new Map(), recent: new Map() };
}

/** The best `depth` resting orders of each side, in priority order. */
export function bookTop(market: Market, depth: number): { asks: BookEntry[]; bids: BookEntry[] } {
  const entries = (side: Side) =>
    market.state.book.restingOrders(side, depth).map((r): BookEntry => {
      const o = market.state.openOrders.get(Number(r.id));
      if (!o) throw new Error(`orders: resting order ${r.id} is not open in the copy of the book`);
      return {
        id: o.id,
        side: o.side,
        pricePerGramCents: r.price,
        remainingCentigrams: r.remaining,
        createdAt: o.createdAt,
        userId: o.owner === 'house' ? null : o.owner.userId,
      };
    });
  return { asks: entries('sell'), bids: entries('buy') };
}

/**
 * A customer's lists as the copy has them: their open orders (newest first), their last completed orders' ids, and
 * order `orderId` as the last batch wrote it; null when that batch did not write it or the copy has not learnt the
 * customer's completed orders.
 */
export function ownLists(
  market: Market,
  userId: number,
  orderId: number,
): { pending: OwnOrderRow[]; completed: number[]; order: OwnOrderRow } | null {
  const order = market.written.get(orderId);
  const known = market.completed.get(userId);
  if (!order || !known) return null;
  const open = openOrdersOf(market.state, userId)
    .sort((a, b) => b.id - a.id)
    .slice(0, PENDING_ROWS);
  return {
    pending: open.map(openRow),
    completed: known.map((e) => e.id),
    order: { ...order, user_id: order.user_id === null ? null : String(order.user_id) },
  };
}

/**
 * A customer's last completed orders as a statement read them at `version`, brought up to the copy's version by the
 * orders its last batches completed (kept for RECENT_VERSIONS versions), or left alone when the copy is not at or a
 * little past that version.
 */
export function learnCompleted(market: Market, version: number, userId: number, entries: CompletedEntry[]) {
  if (market.completed.has(userId) || version > market.version) return;
  const list = [...entries];
  for (let v = version + 1; v <= market.version; v++) {
    const done = market.recent.get(v);
    if (!done) return;
    for (const c of done) if (c.userId === userId) list.push({ id: c.id, at: c.at });
  }
  market.completed.set(userId, list.sort(newestFirst).slice(0, COMPLETED_ORDERS_ON_SCREEN));
}

/** A committed batch's version: the orders it wrote, and the lists of completed orders brought forward. */
export function recordCommit(market: Market, version: number, written: WrittenOrder[]) {
  market.version = version;
  market.written = new Map(written.map((o) => [o.id, o]));
  const done: Array<CompletedEntry & { userId: number }> = [];
  for (const o of written) {
    if (o.user_id === null || o.status === 'open' || o.filled_cg === 0) continue;
    done.push({ userId: o.user_id, id: o.id, at: o.updated_at });
    const list = market.completed.get(o.user_id);
    if (!list) continue;
    list.push({ id: o.id, at: o.updated_at });
    list.sort(newestFirst);
    if (list.length > COMPLETED_ORDERS_ON_SCREEN) list.length = COMPLETED_ORDERS_ON_SCREEN;
  }
  market.recent.set(version, done);
  market.recent.delete(version - RECENT_VERSIONS);
}

/** An open order of the copy as the lists read it from the database. */
function openRow(o: OpenOrder): OwnOrderRow {
  return {
    id: o.id,
    user_id: o.owner === 'house' ? null : String(o.owner.userId),
    side: o.side,
    mode: o.mode,
    status: 'open',
    price_cents: o.pricePerGramCents,
    quantity_cg: o.quantityCentigrams,
    remaining_cg: o.remainingCentigrams,
    filled_cg: o.filledCentigrams,
    exact: o.progress.exact,
    value_cents: o.progress.valueCents,
    fee_cents: o.progress.feeCents,
    iof_cents: o.progress.iofCents,
    created_at: o.createdAt,
    updated_at: o.updatedAt,
    deleted_at: null,
  };
}
