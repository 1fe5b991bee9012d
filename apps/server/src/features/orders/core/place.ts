import {
  feeAndIof,
  formatBRL,
  HOUSE_RATES,
  MESSAGES,
  mulDivHalfUp,
  NO_FILLS,
  type OrderRates,
  orderCost,
} from '@prata/domain';
import { AppError } from '@/lib/errors';
import type { Fill } from '../matching/index';
import { applyFill } from './fill';
import { addOpenValue, crossesOwn, dropOpen, heldNow, holderOf, holdId, ownerKey, restOpen } from './market';
import { settleAtOnce } from './settle';
import type { Account, Applied, CancelOp, OpenOrder, PlaceOp } from './types';
import { type BatchWork, closes, credit } from './work';

/** A placement's terms once checked against the book and the summary the customer saw. */
type Terms = {
  rates: OrderRates;
  pricePerGramCents: number | null;
  quantityCentigrams: number;
  target: OpenOrder | undefined;
  /** the order's worth, for the trading limit */
  valueCents: number;
  /** what its hold holds: a buy's total in centavos, a sell's centigrams */
  holdMinorUnits: number;
};

/** A cancel: the order leaves the book, its hold is released. Refused when it is not open or not the owner's. */
export function cancel(work: BatchWork, op: CancelOp): Applied {
  const o = work.state.openOrders.get(op.orderId);
  if (!o || ownerKey(o.owner) !== ownerKey(op.owner)) throw new AppError('ORDER_NOT_OPEN', MESSAGES.orderNotOpen);
  work.state.book.cancel(String(o.id));
  dropOpen(work.state, o);
  addOpenValue(work.state, o, -1);
  const held = heldNow(o);
  work.ledgerCommands.push({ kind: 'release', holdId: closes(work, o, held) });
  credit(work, o.owner, o.side === 'buy' ? 'BRL' : 'AG', held);
  o.status = 'cancelled';
  o.cancelled = true;
  work.changed.set(o.id, o);
  return {
    orderId: o.id,
    status: 'cancelled',
    filledCentigrams: 0,
    quantityCentigrams: o.quantityCentigrams,
    trades: 0,
  };
}

/**
 * A placement: its terms checked (terms), the placer's limit and balance (checkPlacer), then the order with its hold,
 * its fills, and its rest on the book (a limit order) or its hold settled at once (filled whole). Every refusal comes
 * before anything changes.
 */
export function place(work: BatchWork, op: PlaceOp): Applied {
  const key = ownerKey(op.owner);
  const terms = termsOf(work, op, key);
  checkPlacer(work, op, key, terms);

  const o = openOrder(work, op, terms);
  const start = work.ledgerCommands.length;
  work.ledgerCommands.push({
    kind: 'hold',
    id: holdId(o),
    holder: holderOf(op.owner),
    currency: op.side === 'buy' ? 'BRL' : 'AG',
    amount: terms.holdMinorUnits,
    reason: 'order',
    reference: `order:${o.id}`,
  });
  credit(work, op.owner, op.side === 'buy' ? 'BRL' : 'AG', -terms.holdMinorUnits);

  const fills = matchOn(work, op, o, key, terms);
  let filled = 0;
  for (const fill of fills) {
    applyFill(work, fill, o);
    filled += fill.quantity;
  }
  if (o.mode === 'limit' && op.mode !== 'take' && o.remainingCentigrams > 0) {
    restOpen(work.state, o);
    addOpenValue(work.state, o, 1);
  } else if (o.remainingCentigrams > 0) {
    throw new Error(`orders: order ${o.id} (${op.mode}) left ${o.remainingCentigrams} cg unfilled after its checks`);
  }
  if (o.remainingCentigrams === 0) settleAtOnce(work, o, start);
  return {
    orderId: o.id,
    status: o.status,
    filledCentigrams: filled,
    quantityCentigrams: o.quantityCentigrams,
    trades: fills.length,
  };
}

/** The placement's terms: a take's target, price and quantity; the value, the summary's checks, the hold. */
function termsOf(work: BatchWork, op: PlaceOp, key: string): Terms {
  const house = op.owner === 'house';
  const rates = house ? HOUSE_RATES : work.inputs.rates;
  let quantityCentigrams = op.quantityCentigrams;
  let pricePerGramCents: number | null = op.pricePerGramCents ?? null;
  let target: OpenOrder | undefined;
  if (op.mode === 'take') {
    target = op.targetOrderId === undefined ? undefined : work.state.openOrders.get(op.targetOrderId);
    if (!target || target.side === op.side) throw new AppError('ORDER_NOT_OPEN', MESSAGES.orderNotOpen);
    if (ownerKey(target.owner) === key) throw new AppError('ORDER_OWN', MESSAGES.orderOwn);
    if (pricePerGramCents !== null && pricePerGramCents !== target.pricePerGramCents)
      throw new AppError('ORDER_PRICE_CHANGED', MESSAGES.orderPriceChanged);
    pricePerGramCents = target.pricePerGramCents!;
    quantityCentigrams = Math.min(quantityCentigrams, target.remainingCentigrams);
  }
  let valueCents: number;
  let cost: { totalCents: number; allowed: boolean };
  if (op.mode === 'market') {
    const walk = work.state.book.averagePrice(op.side, quantityCentigrams, key);
    if (walk.filledQuantity < quantityCentigrams)
      throw new AppError('ORDER_NOT_ENOUGH_IN_BOOK', MESSAGES.orderNotEnoughInBook);
    valueCents = mulDivHalfUp(walk.exact, 1, 100);
    cost = marketCost(op.side, valueCents, rates);
  } else {
    if (pricePerGramCents === null) throw new AppError('VALIDATION_FAILED', MESSAGES.orderPriceRequired);
    const c = orderCost({
      side: op.side,
      pricePerGramCents,
      quantityCentigrams,
      feeRateBps: rates.feeRateBps,
      iofRateBps: rates.iofRateBps,
      minimumFeeCents: rates.minimumFeeCents,
    });
    valueCents = c.valueCents;
    if (valueCents === 0) throw new AppError('ORDER_NOT_ALLOWED', MESSAGES.orderValueTooSmall);
    cost = { totalCents: c.totalCents, allowed: c.allowed };
  }
  checkSummary(op, cost, house);
  const holdMinorUnits = op.side === 'buy' ? cost.totalCents : quantityCentigrams;
  return { rates, pricePerGramCents, quantityCentigrams, target, valueCents, holdMinorUnits };
}

/**
 * The summary's checks: a sell must net above zero; what the customer saw must still hold (a buy may not cost more,
 * a sell may not yield less).
 */
function checkSummary(op: PlaceOp, cost: { totalCents: number; allowed: boolean }, house: boolean) {
  if (!cost.allowed) throw new AppError('ORDER_NOT_ALLOWED', MESSAGES.orderSellNotAllowed);
  if (!house && op.expectedTotalCents !== undefined) {
    const worse = op.side === 'buy' ? cost.totalCents > op.expectedTotalCents : cost.totalCents < op.expectedTotalCents;
    if (worse) throw new AppError('ORDER_PRICE_CHANGED', MESSAGES.orderPriceChanged);
  }
}

/** A market order's summary from its walk's value: a buy's total, a sell's net, and whether a sell nets above 0. */
function marketCost(side: PlaceOp['side'], valueCents: number, rates: OrderRates) {
  const { feeCents, iofCents } = feeAndIof(valueCents, rates);
  const totalCents = side === 'buy' ? valueCents + feeCents + iofCents : valueCents - feeCents - iofCents;
  return { totalCents, allowed: side === 'buy' ? valueCents > 0 : totalCents > 0 };
}

/** The house's self-cross rule, the customer's trading limit, the placer's available balance. */
function checkPlacer(work: BatchWork, op: PlaceOp, key: string, terms: Terms) {
  const house = op.owner === 'house';
  // the house never crosses its own orders: the skip would leave the book crossed, and customers would buy from one
  // house order and sell to another at the house's loss
  if (house && terms.pricePerGramCents !== null && crossesOwn(work.state, key, op.side, terms.pricePerGramCents)) {
    throw new AppError('ORDER_NOT_ALLOWED', MESSAGES.houseOrderCrossesOwn);
  }
  const account = work.state.accounts.get(key);
  if (!account) throw new Error(`orders: placer ${key} is not among the batch's accounts`);
  if (!house) checkTradingLimit(work, key, account, terms.valueCents);
  const available = op.side === 'buy' ? account.availableCents : account.availableCentigrams;
  if (available < terms.holdMinorUnits) {
    throw new AppError(
      'INSUFFICIENT_BALANCE',
      op.side === 'buy' ? MESSAGES.orderInsufficientReais : MESSAGES.orderInsufficientSilver,
    );
  }
}

/** What the customer traded this year, their resting orders' worth and this order's stay within their limit. */
function checkTradingLimit(work: BatchWork, key: string, account: Account, valueCents: number) {
  const openCents = work.state.openValueCents.get(key) ?? 0;
  if (account.tradedCents + openCents + valueCents <= account.tradingLimitCents) return;
  const leftCents = Math.max(0, account.tradingLimitCents - account.tradedCents - openCents);
  throw new AppError(
    'TRADING_LIMIT_EXCEEDED',
    MESSAGES.tradingLimitExceeded(formatBRL(account.tradingLimitCents), formatBRL(leftCents)),
  );
}

/** The new order, with the next id, as placed now. */
function openOrder(work: BatchWork, op: PlaceOp, terms: Terms): OpenOrder {
  const id = ++work.state.lastOrderId;
  const o: OpenOrder = {
    id,
    owner: op.owner,
    side: op.side,
    mode: op.mode === 'market' ? 'market' : 'limit',
    pricePerGramCents: op.mode === 'market' ? null : terms.pricePerGramCents,
    quantityCentigrams: terms.quantityCentigrams,
    remainingCentigrams: terms.quantityCentigrams,
    filledCentigrams: 0,
    progress: NO_FILLS,
    rates: terms.rates,
    holdMinorUnits: terms.holdMinorUnits,
    holdSeq: 0,
    expectedTotalCents: op.expectedTotalCents ?? null,
    tookOrderId: terms.target?.id ?? null,
    status: 'open',
    cancelled: false,
    createdAt: work.inputs.nowIso,
    updatedAt: work.inputs.nowIso,
  };
  work.changed.set(id, o);
  return o;
}

/** The book's matching for the order: a take against its target, a market order's walk, a limit order's. */
function matchOn(work: BatchWork, op: PlaceOp, o: OpenOrder, key: string, terms: Terms): Fill[] {
  const book = work.state.book;
  const id = String(o.id);
  if (op.mode === 'take') {
    const r = book.take({ id, owner: key, targetId: String(terms.target!.id), quantity: o.quantityCentigrams });
    if (!r.ok) throw new Error(`orders: take refused after its checks (${r.reason})`);
    return [r.fill];
  }
  if (op.mode === 'market') {
    return book.placeMarket({ id, owner: key, side: op.side, quantity: o.quantityCentigrams }).fills;
  }
  const price = terms.pricePerGramCents!;
  return book.placeLimit({ id, owner: key, side: op.side, price, quantity: o.quantityCentigrams, seq: o.id }).fills;
}
