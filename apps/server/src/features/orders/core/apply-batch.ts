import { AppError } from '@/lib/errors';
import { cancel, place } from './place';
import type {
  Applied,
  BatchInputs,
  LedgerCommand,
  MarketState,
  OpenHold,
  OpenOrder,
  Op,
  OrderRow,
  TradeRow,
} from './types';
import { startWork } from './work';

export type BatchResult = {
  /** the same state, changed by the batch (see MarketState: the caller keeps it only once the writes commit) */
  state: MarketState;
  /** each operation's answer, in order: what it did, or its refusal */
  results: Array<Applied | AppError>;
  /** the orders the batch placed or changed, as written (orders_batch_order), in the order they were first changed */
  orderRows: OrderRow[];
  /** the same orders as the core keeps them, index for index with orderRows */
  changedOrders: OpenOrder[];
  trades: TradeRow[];
  /** centavos traded this year, by customer: [userId, cents] */
  usage: Array<[number, number]>;
  /** the ledger's moves, in order (ledger/plan.ts makes them one plan) */
  ledgerCommands: LedgerCommand[];
  /** the holds the commands close, as they were when closed (the plan needs those opened before the batch) */
  closingHolds: Map<string, OpenHold>;
};

/**
 * The order path's rules, applied to a batch of operations in arrival order: no I/O and no clock (the batch's time is
 * an input). Each placement is checked (the summary the customer saw, the book's depth, the trading limit, the
 * balance), holds what it may spend, matches on the book (price-time priority, at the maker's price, a customer's
 * own orders skipped), and each fill charges both sides' fees and IOF (packages/domain). A refusal is that operation's
 * answer and changes nothing; anything else thrown is a bug and fails the batch.
 *
 * The state is changed in place and handed back (copying the book per batch would cost more than the batch): the
 * caller must drop it when the batch is not written.
 */
export function applyBatch(state: MarketState, operations: readonly Op[], inputs: BatchInputs): BatchResult {
  const work = startWork(state, inputs);
  const results = operations.map((op): Applied | AppError => {
    try {
      return op.kind === 'cancel' ? cancel(work, op) : place(work, op);
    } catch (err) {
      if (err instanceof AppError) return err;
      throw err;
    }
  });
  const changedOrders = [...work.changed.values()];
  for (const o of changedOrders) o.updatedAt = inputs.nowIso;
  return {
    state,
    results,
    orderRows: changedOrders.map((o) => orderRow(o, inputs.nowIso)),
    changedOrders,
    trades: work.trades,
    usage: [...work.usage],
    ledgerCommands: work.ledgerCommands,
    closingHolds: work.closingHolds,
  };
}

/** An order as the batch writes it. */
function orderRow(o: OpenOrder, nowIso: string): OrderRow {
  return {
    id: o.id,
    user_id: o.owner === 'house' ? null : o.owner.userId,
    side: o.side,
    mode: o.mode,
    status: o.status,
    price_cents: o.pricePerGramCents,
    quantity_cg: o.quantityCentigrams,
    remaining_cg: o.remainingCentigrams,
    filled_cg: o.filledCentigrams,
    exact: o.progress.exact,
    value_cents: o.progress.valueCents,
    fee_cents: o.progress.feeCents,
    iof_cents: o.progress.iofCents,
    fee_rate_bps: o.rates.feeRateBps,
    iof_rate_bps: o.rates.iofRateBps,
    minimum_fee_cents: o.rates.minimumFeeCents,
    hold_amount: o.holdMinorUnits,
    hold_seq: o.holdSeq,
    expected_total_cents: o.expectedTotalCents,
    took_order_id: o.tookOrderId,
    deleted_at: o.cancelled ? nowIso : null,
  };
}
