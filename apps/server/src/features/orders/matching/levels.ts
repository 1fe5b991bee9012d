import { OrderedMap } from '@js-sdsl/ordered-map';
import type { OrderId, OwnerId, Side } from './types';

/** A resting order: a node of its price level's FIFO list. */
export type OrderNode = {
  readonly id: OrderId;
  readonly owner: OwnerId;
  readonly side: Side;
  readonly price: number;
  readonly quantity: number;
  remaining: number;
  readonly seq: number;
  prev: OrderNode | null;
  next: OrderNode | null;
  level: PriceLevel;
};

/** The orders at one price, oldest (lowest seq) first, and the next worse level of the same side. */
export type PriceLevel = {
  readonly price: number;
  head: OrderNode | null;
  tail: OrderNode | null;
  quantity: number;
  count: number;
  better: PriceLevel | null;
  worse: PriceLevel | null;
};

/**
 * One side of the book. The levels sit in a red-black tree (O(log levels) to place a new price) and, for the walk,
 * in a doubly linked list from the best price down: matching follows `worse` pointers and never touches the tree,
 * whose iterators allocate. A Map price → level makes adding to an existing price O(1).
 */
export class BookSide {
  private readonly tree: OrderedMap<number, PriceLevel>;
  private readonly byPrice = new Map<number, PriceLevel>();
  /** The best level (highest bid, lowest ask), or null when the side is empty. */
  best: PriceLevel | null = null;

  constructor(readonly side: Side) {
    this.tree = new OrderedMap<number, PriceLevel>([], side === 'buy' ? (a, b) => b - a : (a, b) => a - b);
  }

  get levelCount(): number {
    return this.byPrice.size;
  }

  /** Rests an order behind every order of its price with a seq not above its own (O(1) when seqs only grow). */
  add(id: OrderId, owner: OwnerId, price: number, quantity: number, remaining: number, seq: number): OrderNode {
    const level = this.levelFor(price);
    const node: OrderNode = {
      id,
      owner,
      side: this.side,
      price,
      quantity,
      remaining,
      seq,
      prev: null,
      next: null,
      level,
    };
    let after = level.tail;
    while (after !== null && after.seq > node.seq) after = after.prev;
    node.prev = after;
    node.next = after === null ? level.head : after.next;
    if (node.next === null) level.tail = node;
    else node.next.prev = node;
    if (after === null) level.head = node;
    else after.next = node;
    level.quantity += remaining;
    level.count++;
    return node;
  }

  /** Unlinks the node (O(1)), and its level when that is now empty (O(log levels)). */
  remove(node: OrderNode): void {
    const level = node.level;
    if (node.prev === null) level.head = node.next;
    else node.prev.next = node.next;
    if (node.next === null) level.tail = node.prev;
    else node.next.prev = node.prev;
    node.prev = null;
    node.next = null;
    level.quantity -= node.remaining;
    level.count--;
    if (level.count === 0) this.dropLevel(level);
  }

  private levelFor(price: number): PriceLevel {
    const existing = this.byPrice.get(price);
    if (existing !== undefined) return existing;
    const level: PriceLevel = { price, head: null, tail: null, quantity: 0, count: 0, better: null, worse: null };
    // The first level after this price in the side's order (the next worse one), or none.
    const it = this.tree.upperBound(price);
    const worse = it.equals(this.tree.end()) ? null : it.pointer[1];
    const better = worse === null ? this.worst() : worse.better;
    level.worse = worse;
    level.better = better;
    if (worse !== null) worse.better = level;
    if (better === null) this.best = level;
    else better.worse = level;
    this.tree.setElement(price, level);
    this.byPrice.set(price, level);
    return level;
  }

  private worst(): PriceLevel | null {
    const back = this.tree.back();
    return back === undefined ? null : back[1];
  }

  private dropLevel(level: PriceLevel): void {
    if (level.better === null) this.best = level.worse;
    else level.better.worse = level.worse;
    if (level.worse !== null) level.worse.better = level.better;
    this.tree.eraseElementByKey(level.price);
    this.byPrice.delete(level.price);
  }
}
