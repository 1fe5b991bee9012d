import { perGramCents, silverValueCents } from '@prata/domain';
import type {
  AveragePrice,
  Fill,
  LimitOrderInput,
  LimitResult,
  MarketOrderInput,
  MarketResult,
  RestingOrder,
  Side,
  TakeInput,
  TakeResult,
} from './types';

/**
 * A deliberately simple order book for tests: one array, linear scans, a full sort before every walk, quantities
 * found by counting down. Obviously correct and slow; the randomized test holds OrderBook to it.
 */
export class ReferenceBook {
  private resting: RestingOrder[] = [];
  private lastSeq = 0;

  get size(): number {
    return this.resting.length;
  }

  /** One side in priority order: best price, then lowest seq, then arrival (the sort is stable). */
  restingOrders(side: Side): RestingOrder[] {
    return this.resting
      .filter((o) => o.side === side)
      .sort((a, b) => (a.price !== b.price ? (side === 'buy' ? b.price - a.price : a.price - b.price) : a.seq - b.seq))
      .map((o) => ({ ...o }));
  }

  placeLimit(input: LimitOrderInput): LimitResult {
    const seq = input.seq ?? this.lastSeq + 1;
    this.lastSeq = Math.max(this.lastSeq, seq);
    const crosses = (price: number) => (input.side === 'buy' ? price <= input.price : price >= input.price);
    const fills = this.walk(input, input.quantity, crosses, null);
    const filled = sum(fills.map((f) => f.quantity));
    const value = sum(fills.map((f) => f.value));
    if (filled === input.quantity) return { fills, filledQuantity: filled, value, resting: null };
    const order: RestingOrder = {
      id: input.id,
      owner: input.owner,
      side: input.side,
      price: input.price,
      quantity: input.quantity,
      remaining: input.quantity - filled,
      seq,
    };
    this.resting.push(order);
    return { fills, filledQuantity: filled, value, resting: { ...order } };
  }

  placeMarket(input: MarketOrderInput): MarketResult {
    const fills = this.walk(input, input.quantity, () => true, input.limitValue ?? null);
    const filled = sum(fills.map((f) => f.quantity));
    return {
      fills,
      filledQuantity: filled,
      unfilledQuantity: input.quantity - filled,
      value: sum(fills.map((f) => f.value)),
    };
  }

  take(input: TakeInput): TakeResult {
    const target = this.resting.find((o) => o.id === input.targetId);
    if (!target) return { ok: false, reason: 'not_found' };
    if (target.owner === input.owner) return { ok: false, reason: 'own_order' };
    const side: Side = target.side === 'buy' ? 'sell' : 'buy';
    return { ok: true, fill: this.trade(target, { ...input, side }, Math.min(input.quantity, target.remaining)) };
  }

  cancel(id: string): number | null {
    const order = this.resting.find((o) => o.id === id);
    if (!order) return null;
    this.resting = this.resting.filter((o) => o !== order);
    return order.remaining;
  }

  /** Runs the market order on a copy of the book. */
  averagePrice(side: Side, quantity: number, owner?: string): AveragePrice {
    const copy = new ReferenceBook();
    copy.resting = this.resting.map((o) => ({ ...o }));
    const r = copy.placeMarket({ id: 'avg', owner: owner ?? '\u0000nobody', side, quantity });
    const averagePricePerGram = r.filledQuantity === 0 ? null : perGramCents(r.value, r.filledQuantity);
    const exact = sum(r.fills.map((f) => f.price * f.quantity));
    return { filledQuantity: r.filledQuantity, value: r.value, exact, averagePricePerGram };
  }

  private walk(
    taker: { id: string; owner: string; side: Side },
    quantity: number,
    crosses: (price: number) => boolean,
    maxValue: number | null,
  ): Fill[] {
    const fills: Fill[] = [];
    let left = quantity;
    let spent = 0;
    for (const candidate of this.restingOrders(taker.side === 'buy' ? 'sell' : 'buy')) {
      if (left === 0 || !crosses(candidate.price)) break;
      if (candidate.owner === taker.owner) continue;
      const maker = this.resting.find((o) => o.id === candidate.id)!;
      let qty = Math.min(left, maker.remaining);
      if (maxValue !== null) {
        while (qty > 0 && spent + silverValueCents(maker.price, qty) > maxValue) qty--;
        if (qty === 0) break;
      }
      const fill = this.trade(maker, taker, qty);
      fills.push(fill);
      left -= qty;
      spent += fill.value;
    }
    return fills;
  }

  private trade(maker: RestingOrder, taker: { id: string; owner: string; side: Side }, quantity: number): Fill {
    maker.remaining -= quantity;
    if (maker.remaining === 0) this.resting = this.resting.filter((o) => o !== maker);
    return {
      makerId: maker.id,
      makerOwner: maker.owner,
      takerId: taker.id,
      takerOwner: taker.owner,
      takerSide: taker.side,
      price: maker.price,
      quantity,
      value: silverValueCents(maker.price, quantity),
      makerFilled: maker.remaining === 0,
    };
  }
}

function sum(ns: number[]): number {
  return ns.reduce((a, b) => a + b, 0);
}
