import { perGramCents, silverValueCents } from '@prata/domain';
import { BookSide, type OrderNode } from './levels';
import type {
  AveragePrice,
  BookSnapshot,
  Fill,
  Level,
  LimitOrderInput,
  LimitResult,
  MarketOrderInput,
  MarketResult,
  OrderId,
  OwnerId,
  RestingOrder,
  Side,
  TakeInput,
  TakeResult,
} from './types';
import { assertId, assertPositiveInteger, assertSide } from './validate';

/** The incoming order of a walk. */
type Taker = { id: OrderId; owner: OwnerId; side: Side };

/**
 * The order book of one market: resting buys and sells with price-time priority. See index.ts for the rules.
 * Every operation is synchronous and applied whole; the caller serialises operations per market.
 */
export class OrderBook {
  private readonly bids = new BookSide('buy');
  private readonly asks = new BookSide('sell');
  private readonly orders = new Map<OrderId, OrderNode>();
  private lastSeq = 0;
  // The walk's other results, kept here rather than in an object allocated per operation.
  private walkedValue = 0;
  private walkedExact = 0;

  /** Number of resting orders. */
  get size(): number {
    return this.orders.size;
  }

  placeLimit(input: LimitOrderInput): LimitResult {
    const { id, owner, side, price, quantity } = input;
    assertId(id, 'id');
    assertId(owner, 'owner');
    assertSide(side);
    assertPositiveInteger(price, 'price');
    assertPositiveInteger(quantity, 'quantity');
    let seq: number;
    if (input.seq === undefined) seq = this.lastSeq + 1;
    else {
      assertPositiveInteger(input.seq, 'seq');
      seq = input.seq;
    }
    if (this.orders.has(id)) throw new RangeError(`order ${id} is already in the book`);
    if (seq > this.lastSeq) this.lastSeq = seq;

    const fills: Fill[] = [];
    const filled = this.walk({ id, owner, side }, quantity, price, -1, fills);
    const value = this.walkedValue;
    const left = quantity - filled;
    if (left === 0) return { fills, filledQuantity: filled, value, resting: null };

    const node = (side === 'buy' ? this.bids : this.asks).add(id, owner, price, quantity, left, seq);
    this.orders.set(id, node);
    return { fills, filledQuantity: filled, value, resting: view(node) };
  }

  placeMarket(input: MarketOrderInput): MarketResult {
    const { id, owner, side, quantity, limitValue } = input;
    assertId(id, 'id');
    assertId(owner, 'owner');
    assertSide(side);
    assertPositiveInteger(quantity, 'quantity');
    if (limitValue !== undefined) {
      if (side !== 'buy') throw new RangeError('limitValue applies to market buys only');
      assertPositiveInteger(limitValue, 'limitValue');
    }
    const fills: Fill[] = [];
    const limitPrice = side === 'buy' ? Number.POSITIVE_INFINITY : 0;
    const filled = this.walk({ id, owner, side }, quantity, limitPrice, limitValue ?? -1, fills);
    return { fills, filledQuantity: filled, unfilledQuantity: quantity - filled, value: this.walkedValue };
  }

  /** The spec's "buy/sell this order": one fill against one resting order, at its price. */
  take(input: TakeInput): TakeResult {
    const { id, owner, targetId, quantity } = input;
    assertId(id, 'id');
    assertId(owner, 'owner');
    assertId(targetId, 'targetId');
    assertPositiveInteger(quantity, 'quantity');
    const target = this.orders.get(targetId);
    if (target === undefined) return { ok: false, reason: 'not_found' };
    if (target.owner === owner) return { ok: false, reason: 'own_order' };
    const taker: Taker = { id, owner, side: target.side === 'buy' ? 'sell' : 'buy' };
    return { ok: true, fill: this.fill(target, taker, Math.min(quantity, target.remaining)) };
  }

  /** Removes a resting order in O(1) (plus its level's, when emptied); answers its open quantity, or null. */
  cancel(id: OrderId): number | null {
    const node = this.orders.get(id);
    if (node === undefined) return null;
    this.removeNode(node);
    return node.remaining;
  }

  /**
   * What a market order of `side` and `quantity` would fill now, without changing the book. With `owner`, that
   * owner's resting orders are skipped, exactly as their own market order would skip them.
   */
  averagePrice(side: Side, quantity: number, owner?: OwnerId): AveragePrice {
    assertSide(side);
    assertPositiveInteger(quantity, 'quantity');
    if (owner !== undefined) assertId(owner, 'owner');
    const limitPrice = side === 'buy' ? Number.POSITIVE_INFINITY : 0;
    const filledQuantity = this.walk({ id: '', owner: owner ?? '', side }, quantity, limitPrice, -1, null);
    const value = this.walkedValue;
    const averagePricePerGram = filledQuantity === 0 ? null : perGramCents(value, filledQuantity);
    return { filledQuantity, value, exact: this.walkedExact, averagePricePerGram };
  }

  get(id: OrderId): RestingOrder | null {
    const node = this.orders.get(id);
    return node === undefined ? null : view(node);
  }

  bestBid(): number | null {
    return this.bids.best?.price ?? null;
  }

  bestAsk(): number | null {
    return this.asks.best?.price ?? null;
  }

  /** Aggregated levels, best first; at most `depth` per side when given. */
  snapshot(depth = Number.POSITIVE_INFINITY): BookSnapshot {
    return { bids: levels(this.bids, depth), asks: levels(this.asks, depth) };
  }

  /** The resting orders of one side in priority order (best price first, then lowest seq); the first `limit` of them. */
  restingOrders(side: Side, limit = Number.POSITIVE_INFINITY): RestingOrder[] {
    assertSide(side);
    const out: RestingOrder[] = [];
    for (let level = (side === 'buy' ? this.bids : this.asks).best; level !== null; level = level.worse) {
      for (let node = level.head; node !== null; node = node.next) {
        if (out.length >= limit) return out;
        out.push(view(node));
      }
    }
    return out;
  }

  /**
   * Walks the side opposite the taker from its best price while prices cross `limitPrice`, skipping the taker's own
   * orders, up to `quantity` and (when maxValue ≥ 0) a total value of maxValue. With `fills` it trades (and records
   * each fill); with null it only counts. Answers the quantity filled; the value is left in walkedValue.
   */
  private walk(taker: Taker, quantity: number, limitPrice: number, maxValue: number, fills: Fill[] | null): number {
    const buying = taker.side === 'buy';
    let level = (buying ? this.asks : this.bids).best;
    let left = quantity;
    let value = 0;
    let exact = 0;
    walk: while (level !== null && left > 0) {
      const price = level.price;
      if (buying ? price > limitPrice : price < limitPrice) break;
      const nextLevel = level.worse; // read first: the level may be dropped once its last order fills
      let node = level.head;
      while (node !== null && left > 0) {
        const nextNode = node.next;
        if (node.owner !== taker.owner) {
          let qty = Math.min(node.remaining, left);
          if (maxValue >= 0) {
            if (silverValueCents(price, qty) > maxValue - value) qty = maxQuantityWorth(price, maxValue - value);
            if (qty === 0) break walk; // every later order is at this price or dearer
          }
          if (fills === null) value += silverValueCents(price, qty);
          else {
            const fill = this.fill(node, taker, qty);
            fills.push(fill);
            value += fill.value;
          }
          exact += price * qty;
          left -= qty;
        }
        node = nextNode;
      }
      level = nextLevel;
    }
    this.walkedValue = value;
    this.walkedExact = exact;
    return quantity - left;
  }

  private fill(maker: OrderNode, taker: Taker, quantity: number): Fill {
    const value = silverValueCents(maker.price, quantity);
    maker.remaining -= quantity;
    maker.level.quantity -= quantity;
    const makerFilled = maker.remaining === 0;
    if (makerFilled) this.removeNode(maker);
    return {
      makerId: maker.id,
      makerOwner: maker.owner,
      takerId: taker.id,
      takerOwner: taker.owner,
      takerSide: taker.side,
      price: maker.price,
      quantity,
      value,
      makerFilled,
    };
  }

  private removeNode(node: OrderNode): void {
    (node.side === 'buy' ? this.bids : this.asks).remove(node);
    this.orders.delete(node.id);
  }
}

/** The largest quantity q with silverValueCents(price, q) ≤ budget: price·q < 100·budget + 50. */
function maxQuantityWorth(price: number, budget: number): number {
  if (budget <= 0) return 0;
  return Number((100n * BigInt(budget) + 49n) / BigInt(price));
}

function view(node: OrderNode): RestingOrder {
  const { id, owner, side, price, quantity, remaining, seq } = node;
  return { id, owner, side, price, quantity, remaining, seq };
}

function levels(side: BookSide, depth: number): Level[] {
  const out: Level[] = [];
  for (let level = side.best; level !== null && out.length < depth; level = level.worse) {
    out.push({ price: level.price, quantity: level.quantity, orders: level.count });
  }
  return out;
}
