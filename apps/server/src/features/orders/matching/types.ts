/** The side of an order: a buy rests among the bids, a sell among the asks. */
export type Side = 'buy' | 'sell';

/** An order's id as the caller knows it (the database's). Unique among the resting orders of one book. */
export type OrderId = string;
/** Who placed an order (the customer's id). Orders of one owner never trade with each other. */
export type OwnerId = string;

export type LimitOrderInput = {
  id: OrderId;
  owner: OwnerId;
  side: Side;
  /** Centavos per gram, a positive safe integer. */
  price: number;
  /** Centigrams, a positive safe integer. */
  quantity: number;
  /**
   * Time priority among orders at one price: lower goes first. Default: one more than the highest seq seen. Pass the
   * stored order's sequence when rebuilding a book from the database (any order of arrival gives the same book).
   */
  seq?: number;
};

export type MarketOrderInput = {
  id: OrderId;
  owner: OwnerId;
  side: Side;
  /** Centigrams, a positive safe integer. */
  quantity: number;
  /** Buy only: the most the fills may be worth in total, in centavos (a positive safe integer). */
  limitValue?: number;
};

export type TakeInput = {
  id: OrderId;
  owner: OwnerId;
  /** The resting order to trade with; the taker's side is the opposite of its side. */
  targetId: OrderId;
  /** Centigrams wanted; the fill is at most the target's remaining quantity. */
  quantity: number;
};

/** One trade between a resting order (maker) and an incoming one (taker), always at the maker's price. */
export type Fill = {
  makerId: OrderId;
  makerOwner: OwnerId;
  takerId: OrderId;
  takerOwner: OwnerId;
  /** The taker's side (a buy taker bought from a sell maker). */
  takerSide: Side;
  /** Centavos per gram: the maker's price. */
  price: number;
  /** Centigrams. */
  quantity: number;
  /** Centavos: silverValueCents(price, quantity). */
  value: number;
  /** The maker has nothing left and is off the book. */
  makerFilled: boolean;
};

/** A resting order as the book holds it (a copy: changing it changes nothing). */
export type RestingOrder = {
  id: OrderId;
  owner: OwnerId;
  side: Side;
  price: number;
  /** Quantity when placed (centigrams). */
  quantity: number;
  /** Quantity still open (centigrams). */
  remaining: number;
  seq: number;
};

export type LimitResult = {
  fills: Fill[];
  filledQuantity: number;
  /** Centavos: the sum of the fills' values. */
  value: number;
  /** The remainder now resting, or null when the order filled completely. */
  resting: RestingOrder | null;
};

export type MarketResult = {
  fills: Fill[];
  filledQuantity: number;
  unfilledQuantity: number;
  /** Centavos: the sum of the fills' values. */
  value: number;
};

type TakeRefusal = 'not_found' | 'own_order';
export type TakeResult = { ok: true; fill: Fill } | { ok: false; reason: TakeRefusal };

export type AveragePrice = {
  filledQuantity: number;
  /** Centavos: what those fills would be worth (each fill rounded, as a market order would). */
  value: number;
  /** Σ price × quantity of those fills, unrounded (centavos × centigrams per gram): an order's value is this / 100. */
  exact: number;
  /** Centavos per gram: value / grams, rounded half up; null when nothing would fill. */
  averagePricePerGram: number | null;
};

/** One price level: the aggregated open quantity and number of orders. */
export type Level = { price: number; quantity: number; orders: number };

/** Best first on both sides: bids from the highest price, asks from the lowest. */
export type BookSnapshot = { bids: Level[]; asks: Level[] };
