/**
 * The matching core of the order book (ARCHITECTURE §5): pure, synchronous, no database and no I/O. The orders feature
 * loads the resting orders into an OrderBook, applies each placement, take or cancel in arrival order, and persists
 * what it answers (fills, the resting remainder).
 *
 * Units: prices in centavos per gram, quantities in centigrams, both positive safe integers; a fill's value in
 * centavos is silverValueCents(price, quantity), each fill rounded on its own. Wrong input (a float, zero, a
 * duplicate resting id, an unknown side) is a programmer error and throws RangeError or TypeError; business outcomes
 * (nothing to match, a missing target, one's own order) are answered, never thrown.
 *
 * Rules:
 * - Price-time priority: the best price first (highest bid, lowest ask), then the lowest seq (arrival) at one price.
 * - Every fill is at the resting (maker) order's price.
 * - A limit order matches while prices cross and its remainder rests; a market order walks the opposite side up to
 *   its quantity (a buy optionally up to limitValue centavos in total) and never rests; take() trades against one
 *   chosen resting order only, at its price.
 * - averagePrice() is the walk a market order would make now, computed without changing the book.
 *
 * Self-trade prevention (spec: own orders "are never matched against each other"): an incoming order skips its
 * owner's resting orders. They keep resting, with their time priority, and matching goes on behind them with other
 * owners' orders at the same and worse prices. Consequence, accepted on purpose: a limit remainder may rest at a price
 * that crosses its owner's own resting orders, so bestBid() ≥ bestAsk() can happen, but only between orders of one
 * owner (every other crossing order would have been matched). We chose skipping over cancelling either order
 * (Binance-style expire maker/taker) because the spec never cancels a customer's order on its own, and over refusing
 * the incoming order because the order screen lets a customer place any price. Skipping costs one step per own order
 * passed over.
 *
 * Costs: placing at an existing price O(1) (plus matching), at a new price O(log levels); cancel O(1) plus
 * O(log levels) when its level empties; each fill O(1); bestBid/bestAsk O(1).
 */
export { OrderBook } from './order-book';
export type { Fill, Side } from './types';
