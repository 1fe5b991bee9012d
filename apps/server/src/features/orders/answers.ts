import { BOOK_ROWS, Order } from '@prata/domain';
import type { AppDeps } from '@/deps';
import { int } from '@/db/integers';
import { perTurn } from '@/lib/per-turn';
import type { BookEntry, CompletedEntry, WrittenOrder } from './copy';
import { MarketEngine } from './engine';
import { type BookRowJson, bookRowJson } from './placement-bytes';
import { iso, presentOrder } from './present';
import { type OrderRow, type RawBookRow, readBook, readOrdersById, readOwnListsOf } from './repository/index';

/**
 * What the order path keeps between requests, per app, in one owner (OrderCaches): the matcher (its copy of the market,
 * the balances and limits it knows, the ledger's accounts by id), the book's rows as encoded for a version, and the
 * completed orders' JSON (the matcher never changes them again). What changes the market's inputs or the orders'
 * history moves the market's version (the database does it: migrations 0025 and 0031), which every batch and every book
 * read checks: a batch that finds the market moved past its copy reloads the copy, and the caches drop the JSON they
 * keep (the demos date orders back after matching them). Nobody calls anything to forget.
 */

/** The broadcast channel of the book's changes: the market's version. */
export const BOOK_CHANNEL = 'orders:book';

class OrderCaches {
  /** the matcher, made on first use, so a server that never trades never starts one */
  engine: MarketEngine | null = null;
  /** the book as the answers to placements show it, for a version (bookAfter, bookFromEngine) */
  book: { version: number; json: Promise<BookSides> } | null = null;
  /** completed orders' JSON by id (completedJson), at most COMPLETED_JSON_MAX, the oldest forgotten first */
  readonly completedJson = new Map<number, string>();
  /** orders a batch just completed, not yet encoded (completedLater), by id */
  readonly completedRows = new Map<number, WrittenOrder>();
  /** how many times the JSON was dropped: a read of completed orders begun before a drop is not kept */
  drops = 0;
  /** how many changes of the book this app has made, found or heard of (bookVersion) */
  bookChanges = 0;
  /** the broadcast's subscription that counts other instances' changes, made on the first bookVersion */
  hearing = false;
  /**
   * The market's versions of this app's own batches, counted when written (onWritten), whose echo on the broadcast bus
   * is still to come: the echo is not counted again. At most OWN_ECHOES_MAX, the oldest forgotten first (an echo lost
   * while Redis was down never comes).
   */
  readonly ownEchoes = new Set<number>();

  /**
   * The matcher found the market moved past its copy by a write not its own (MarketEngine.onStale): what the JSON says
   * may have changed with it (an order's dates), so it is dropped, and read again when an answer asks. Not after this
   * instance's own batches, which tell the caches what they wrote (onWritten).
   */
  dropJson() {
    this.book = null;
    this.completedJson.clear();
    this.completedRows.clear();
    this.drops++;
  }
}
const cachesByApp = new WeakMap<AppDeps, OrderCaches>();
function cachesOf(deps: AppDeps): OrderCaches {
  let caches = cachesByApp.get(deps);
  if (!caches) {
    caches = new OrderCaches();
    cachesByApp.set(deps, caches);
  }
  return caches;
}

/** The app's matcher. */
export function engineOf(deps: AppDeps): MarketEngine {
  const caches = cachesOf(deps);
  if (caches.engine) return caches.engine;
  const engine = new MarketEngine(deps.database, deps.config.orderQueueMax);
  // every instance's screens hear of this instance's changes (stream.ts)
  engine.onChange((version) => void deps.broadcast.publish(BOOK_CHANNEL, String(version)));
  engine.onStale(() => {
    caches.dropJson();
    caches.bookChanges++;
  });
  // after each batch: the book its answers show, from the matcher's copy; the orders it completed, encoded once for
  // the answers' lists (completedJson: they never change again). Both are only taken here, and encoded in the next
  // turn of the event loop: the next batch is matched and sent first (the chain of batches waits for nothing else).
  engine.onWritten((orders, version) => {
    caches.bookChanges++;
    if (caches.hearing) awaitEcho(caches, version);
    bookFromEngine(caches, engine, version);
    const completed = orders.filter((o) => o.status !== 'open' && o.filled_cg > 0);
    if (completed.length > 0) completedLater(caches, completed);
  });
  caches.engine = engine;
  return engine;
}

/**
 * A number that moves on whenever the book may have changed, read without I/O: what is built from the book (the
 * catalogue's prices in its first paint, the price history) is kept while it stays. It counts this app's batches (before
 * their requests are answered; once each: their echo on the bus is not counted again), the writes of others its
 * matcher finds, and the other instances' batches heard on the broadcast bus (Redis across instances; without Redis,
 * this process's only). This app's own count, not the market's version.
 */
export function bookVersion(deps: AppDeps): number {
  const caches = cachesOf(deps);
  if (!caches.hearing) {
    caches.hearing = true;
    deps.broadcast.subscribe(BOOK_CHANNEL, (message) => {
      const version = Number(message);
      // this app's own batch, already counted when it was written
      if (caches.ownEchoes.delete(version)) return;
      caches.bookChanges++;
    });
  }
  return caches.bookChanges;
}

/** The market's version is the database's, one per batch of any instance: an echo is told apart by it. */
const OWN_ECHOES_MAX = 1_024;
function awaitEcho(caches: OrderCaches, version: number) {
  const echoes = caches.ownEchoes;
  if (echoes.size >= OWN_ECHOES_MAX) echoes.delete(echoes.values().next().value!);
  echoes.add(version);
}

type BookSides = { asks: BookRowJson[]; bids: BookRowJson[] };

/**
 * The book as the answers to placements show it, read and encoded once per batch: every request of a batch (and of
 * later ones, until the next read) shares one read made at or after its batch's version.
 */
export function bookAfter(deps: AppDeps, version: number): Promise<BookSides> {
  const caches = cachesOf(deps);
  const cached = caches.book;
  if (cached && cached.version >= version) return cached.json;
  const fresh = readBook(deps.database.db).then((b) => ({
    asks: b.asks.map(bookRowJson),
    bids: b.bids.map(bookRowJson),
  }));
  caches.book = { version, json: fresh };
  fresh.catch(() => {
    if (caches.book?.json === fresh) caches.book = null;
  });
  return fresh;
}

/**
 * The book of `version` from the matcher's copy, just committed (no read): the answers of that batch, and any later
 * one until the next, share it. When the copy is not at that version, the answers read the database (bookAfter).
 */
function bookFromEngine(caches: OrderCaches, engine: MarketEngine, version: number) {
  const top = engine.bookTop(version, BOOK_ROWS);
  if (top === null) return;
  const raw = (e: BookEntry): RawBookRow => ({
    id: e.id,
    side: e.side,
    price_cents: e.pricePerGramCents,
    remaining_cg: e.remainingCentigrams,
    created_at: e.createdAt,
    user_id: e.userId === null ? null : String(e.userId),
  });
  const json = new Promise<BookSides>((resolve) => {
    setImmediate(() =>
      resolve({ asks: top.asks.map((e) => bookRowJson(raw(e))), bids: top.bids.map((e) => bookRowJson(raw(e))) }),
    );
  });
  caches.book = { version, json };
}

/** A placement's answer's own lists: its pending orders, the ids of its last completed ones (newest first), its order. */
export type OwnLists = {
  pending: OrderRow[];
  completed: number[];
  order: OrderRow | null;
  /** the last completed orders with their times, and the market's version the statement saw (learnCompleted) */
  learnt?: { version: number; entries: CompletedEntry[] };
};
type OwnAsk = { userId: number; orderId: number };

/**
 * The placements' answers' own lists, read together: every answer of a batch is written in the same turn of the event
 * loop once its batch commits, and each asks for its customer's lists and order; they are gathered until the next turn
 * and read in one statement.
 */
const ownListsInTurn = perTurn((deps: AppDeps, asks: OwnAsk[]) => readOwnListsTogether(deps, asks));
export const ownListsAfterCommit = (deps: AppDeps, userId: number, orderId: number) =>
  ownListsInTurn(deps, { userId, orderId });

async function readOwnListsTogether(deps: AppDeps, asks: OwnAsk[]): Promise<OwnLists[]> {
  const found = await readOwnListsOf(deps.database.db, asks);
  const byIndex = new Map(found.map((r) => [int(r.i), r]));
  return asks.map((_, k) => {
    const r = byIndex.get(k + 1);
    if (!r) return { pending: [], completed: [], order: null };
    const entries = r.completed.map(([id, at]) => ({ id: int(id), at: iso(at) }));
    return {
      pending: r.pending,
      completed: entries.map((e) => e.id),
      order: r.order,
      learnt: { version: int(r.version), entries },
    };
  });
}

/**
 * A completed order as the answers list it, encoded through the contract's Order once: a completed order (filled, or
 * cancelled with fills) never changes again, and a customer's last completed orders come back in each of their answers.
 * At most COMPLETED_JSON_MAX per app, the oldest forgotten first.
 */
const COMPLETED_JSON_MAX = 50_000;
function completedJson(caches: OrderCaches, r: OrderRow): string {
  const cache = caches.completedJson;
  const id = int(r.id);
  const known = r.status === 'open' ? undefined : cache.get(id);
  if (known !== undefined) return known;
  const json = encodeCompleted(r);
  if (r.status !== 'open') {
    if (cache.size >= COMPLETED_JSON_MAX) cache.delete(cache.keys().next().value!);
    cache.set(id, json);
  }
  return json;
}

const encodeCompleted = (r: OrderRow): string => JSON.stringify(Order.encode(presentOrder(r, 'completed')));

/** Keeps the orders a batch completed, and encodes them in the next turn (or at once when an answer asks first). */
function completedLater(caches: OrderCaches, orders: WrittenOrder[]) {
  const rows = caches.completedRows;
  const first = rows.size === 0;
  for (const o of orders) rows.set(o.id, o);
  if (!first) return;
  setImmediate(() => {
    for (const id of [...rows.keys()]) knownCompletedJson(caches, id);
  });
}

/** The JSON of completed orders by id, as known to this app (null: not known yet). */
function knownCompletedJson(caches: OrderCaches, id: number): string | null {
  const known = caches.completedJson.get(id);
  if (known !== undefined) return known;
  const o = caches.completedRows.get(id);
  if (!o) return null;
  caches.completedRows.delete(id);
  return completedJson(caches, { ...o, user_id: o.user_id === null ? null : String(o.user_id) });
}

/**
 * The answer's completed orders, newest first, each as JSON: each encoded once in its life (the matcher hands over
 * the orders its batches complete, see engineOf; an order this app never saw, completed by another instance or before
 * it started, is read once, here).
 */
export async function completedListJson(deps: AppDeps, ids: number[]): Promise<string[]> {
  const caches = cachesOf(deps);
  // taken before the read: a drop (dropJson) may empty the caches while it runs
  const found = new Map<number, string>();
  const missing: number[] = [];
  for (const id of ids) {
    const known = knownCompletedJson(caches, id);
    if (known === null) missing.push(id);
    else found.set(id, known);
  }
  if (missing.length > 0) {
    const drops = caches.drops;
    const read = await readOrdersById(deps.database.db, missing);
    // a read begun before a drop may show dates since rewritten: this answer's alone, not kept for the next ones
    const keep = caches.drops === drops;
    for (const row of read) found.set(int(row.id), keep ? completedJson(caches, row) : encodeCompleted(row));
  }
  return ids.map((id) => {
    const json = found.get(id);
    if (json === undefined) throw new Error(`orders: completed order ${id} vanished`);
    return json;
  });
}
