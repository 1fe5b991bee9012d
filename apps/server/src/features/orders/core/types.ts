import type { FillProgress, OrderRates } from '@prata/domain';
import type { AccountRef, LedgerCommand, OpenHold } from '@/ledger/index';
import type { OrderBook, Side } from '../matching/index';

export type { Side };

/** Who places an order: a customer, or the house (its back office, its demo). */
export type Owner = { userId: number } | 'house';

export type PlaceOp = {
  kind: 'place';
  owner: Owner;
  side: Side;
  mode: 'limit' | 'market' | 'take';
  /** limit orders; a take may name the price it saw */
  pricePerGramCents?: number;
  quantityCentigrams: number;
  /** the summary the customer saw: a buy's most to pay, a sell's least to receive (the house gives none) */
  expectedTotalCents?: number;
  /** take: the resting order */
  targetOrderId?: number;
};
export type CancelOp = { kind: 'cancel'; owner: Owner; orderId: number };
export type Op = PlaceOp | CancelOp;

/** What one operation did, once its batch is applied (the engine adds the market's version when it commits). */
export type Applied = {
  orderId: number;
  status: 'open' | 'filled' | 'cancelled';
  /** traded by this operation */
  filledCentigrams: number;
  quantityCentigrams: number;
  trades: number;
};

/** An open order as the core keeps it (what the database has, plus its owner). */
export type OpenOrder = {
  id: number;
  owner: Owner;
  side: Side;
  mode: 'limit' | 'market';
  pricePerGramCents: number | null;
  quantityCentigrams: number;
  remainingCentigrams: number;
  filledCentigrams: number;
  progress: FillProgress;
  rates: OrderRates;
  /** what its hold held when placed, in the hold's currency: centavos for a buy, centigrams for a sell */
  holdMinorUnits: number;
  /** the hold's generation: each capture that leaves a remainder opens `order:<id>:<seq+1>` */
  holdSeq: number;
  expectedTotalCents: number | null;
  tookOrderId: number | null;
  status: 'open' | 'filled' | 'cancelled';
  cancelled: boolean;
  /** when it was placed (ISO 8601) */
  createdAt: string;
  /** when it last changed (ISO 8601) */
  updatedAt: string;
};

/** A placer's available balances, and a customer's trading limit and what they traded this year. */
export type Account = {
  availableCents: number;
  availableCentigrams: number;
  tradingLimitCents: number;
  tradedCents: number;
};

/**
 * The market as the core needs it: the book, its open orders, what each customer's resting orders are worth, the last
 * ids given, and the accounts of the placers it knows. applyBatch changes it in place and hands it back: the caller
 * keeps it only when the batch's writes commit (exchange-core's journal-then-apply, turned around: the database is the
 * journal, and a batch it refuses leaves the caller to load the state again).
 */
export type MarketState = {
  book: OrderBook;
  /** changed only through restOpen and dropOpen (market.ts), which keep openByCustomer beside it */
  openOrders: Map<number, OpenOrder>;
  /** each customer's open orders' ids: a customer's lists read theirs, never the whole book */
  openByCustomer: Map<number, Set<number>>;
  /** by owner key (ownerKey): the customers' resting orders at their prices, for the trading limit */
  openValueCents: Map<string, number>;
  lastOrderId: number;
  lastTradeId: number;
  /** by owner key: kept up to date by every batch */
  accounts: Map<string, Account>;
};

/** What a batch needs besides the state: the market's rates for customers, and its time (no clock in the core). */
export type BatchInputs = { rates: OrderRates; nowIso: string };

/** An order as a batch writes it (orders_batch_order, migration 0023): its row without times, and its terms. */
export type OrderRow = {
  id: number;
  user_id: number | null;
  side: Side;
  mode: 'limit' | 'market';
  status: 'open' | 'filled' | 'cancelled';
  price_cents: number | null;
  quantity_cg: number;
  remaining_cg: number;
  filled_cg: number;
  exact: number;
  value_cents: number;
  fee_cents: number;
  iof_cents: number;
  fee_rate_bps: number;
  iof_rate_bps: number;
  minimum_fee_cents: number;
  hold_amount: number;
  hold_seq: number;
  expected_total_cents: number | null;
  took_order_id: number | null;
  deleted_at: string | null;
};

/** A trade as a batch writes it (orders_batch_trade). */
export type TradeRow = {
  id: number;
  maker_order_id: number;
  taker_order_id: number;
  taker_side: Side;
  price_cents: number;
  quantity_cg: number;
  buyer_value_cents: number;
  seller_value_cents: number;
  buyer_fee_cents: number;
  buyer_iof_cents: number;
  seller_fee_cents: number;
  seller_iof_cents: number;
};

export type { AccountRef, LedgerCommand, OpenHold };
