import { type FillProgress, mulDivHalfUp } from '@prata/domain';
import { OrderBook } from '../matching/index';
import type { AccountRef, MarketState, OpenOrder, Owner } from './types';

/** An owner as the book and the maps key it: `house`, or `u<id>`. */
export const ownerKey = (o: Owner) => (o === 'house' ? 'house' : `u${o.userId}`);
export const holderOf = (o: Owner) => (o === 'house' ? ('house' as const) : { customer: o.userId });
export const availableRef = (o: Owner): AccountRef =>
  o === 'house' ? { house: 'available' } : { customer: o.userId, bucket: 'available' };
/** An order's hold in the ledger: its id and generation. */
export const holdId = (o: { id: number; holdSeq: number }) => `order:${o.id}:${o.holdSeq}`;
/** What an order's fills have taken from a buy's hold: value + fee + IOF. */
export const chargedOf = (p: FillProgress) => p.valueCents + p.feeCents + p.iofCents;
/** What an order's hold holds now: a sell's centigrams left, a buy's centavos not yet charged. */
export const heldNow = (o: OpenOrder) =>
  o.side === 'sell' ? o.remainingCentigrams : o.holdMinorUnits - chargedOf(o.progress);

/** An empty market: no orders, no accounts known. */
export function emptyMarket(lastOrderId = 0, lastTradeId = 0): MarketState {
  return {
    book: new OrderBook(),
    openOrders: new Map(),
    openByCustomer: new Map(),
    openValueCents: new Map(),
    lastOrderId,
    lastTradeId,
    accounts: new Map(),
  };
}

/** Puts back an order the database has open (loading the market): it rests, and never crosses the stored book. */
export function restStoredOrder(state: MarketState, o: OpenOrder) {
  if (o.pricePerGramCents === null) throw new Error(`orders: open order ${o.id} has no price`);
  const placed = state.book.placeLimit({
    id: String(o.id),
    owner: ownerKey(o.owner),
    side: o.side,
    price: o.pricePerGramCents,
    quantity: o.remainingCentigrams,
    seq: o.id,
  });
  if (placed.fills.length > 0) throw new Error(`orders: the stored book crosses at order ${o.id}`);
  restOpen(state, o);
  addOpenValue(state, o, 1);
}

/** An order becomes open: in the open orders, and in its customer's. */
export function restOpen(state: MarketState, o: OpenOrder) {
  state.openOrders.set(o.id, o);
  if (o.owner === 'house') return;
  const own = state.openByCustomer.get(o.owner.userId);
  if (own) own.add(o.id);
  else state.openByCustomer.set(o.owner.userId, new Set([o.id]));
}

/** An order stops being open (filled or cancelled): out of the open orders and its customer's. */
export function dropOpen(state: MarketState, o: OpenOrder) {
  state.openOrders.delete(o.id);
  if (o.owner === 'house') return;
  const own = state.openByCustomer.get(o.owner.userId);
  if (!own) return;
  own.delete(o.id);
  if (own.size === 0) state.openByCustomer.delete(o.owner.userId);
}

/** A customer's open orders (in no order). */
export function openOrdersOf(state: MarketState, userId: number): OpenOrder[] {
  const ids = state.openByCustomer.get(userId);
  if (!ids) return [];
  const found: OpenOrder[] = [];
  for (const id of ids) {
    const o = state.openOrders.get(id);
    if (o) found.push(o);
  }
  return found;
}

/** A customer's resting orders' worth at their prices, for the trading limit. */
export function addOpenValue(state: MarketState, o: OpenOrder, sign: 1 | -1) {
  if (o.owner === 'house' || o.pricePerGramCents === null || o.remainingCentigrams === 0) return;
  const key = ownerKey(o.owner);
  const worthCents = mulDivHalfUp(o.pricePerGramCents, o.remainingCentigrams, 100);
  const v = (state.openValueCents.get(key) ?? 0) + sign * worthCents;
  if (v === 0) state.openValueCents.delete(key);
  else state.openValueCents.set(key, v);
}

/** Whether a `side` order at `pricePerGramCents` would cross one of `owner`'s own resting orders (O(open orders)). */
export function crossesOwn(state: MarketState, owner: string, side: OpenOrder['side'], pricePerGramCents: number) {
  for (const o of state.openOrders.values()) {
    if (ownerKey(o.owner) !== owner || o.side === side || o.pricePerGramCents === null) continue;
    if (side === 'buy' ? o.pricePerGramCents <= pricePerGramCents : o.pricePerGramCents >= pricePerGramCents) {
      return true;
    }
  }
  return false;
}
