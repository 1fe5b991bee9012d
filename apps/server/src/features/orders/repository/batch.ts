import { MESSAGES, type OrderRates } from '@prata/domain';
import { sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { pgErrorCode, pgErrorDetail } from '@/db/tx';
import { AppError } from '@/lib/errors';
import {
  type AccountFactsCache,
  callLedger,
  type LedgerCommand,
  NET_CREDITS,
  type OpenHold,
  planArguments,
  planArgumentsSql,
  planBatch,
  resolvePlan,
} from '@/ledger/index';
import { int, preparedRows, type RecordField, recordArray, rows } from '@/db/sql';
import type { Account, OpenOrder, OrderRow, Side, TradeRow } from '../core/index';

/**
 * The order path's SQL, all of it (docs/orders.md, "The repository"): the matcher's read and write of a batch, the
 * load of the open orders, the market's lock and version; the screens' reads of the book, the lists and the history.
 * Everything here answers plain values: the rules are in core/, the caches in the engine and the service.
 */

/** Takes the market's advisory lock for the rest of the transaction (orders_market_lock, migration 0019). */
export async function lockMarket(ex: Executor): Promise<void> {
  await ex.execute(sql`select orders_market_lock()`);
}

/**
 * A change of what the matcher knows without reading: the market's rates, a customer's trading limit. Called in the
 * transaction that makes it: the market's version moves on under the market's lock, so every instance's next batch
 * reads everything again (the book's copy is reloaded too: rare, and one path fewer to get wrong).
 */
export async function bumpMarketVersion(tx: Executor): Promise<void> {
  await lockMarket(tx);
  await tx.execute(sql`update market_state set version = version + 1 where id = 1`);
}

/** What a batch reads: the market's version, counters and rates, and its placers' balances, limits and usage. */
export type BatchState = {
  version: number;
  lastOrderId: number;
  lastTradeId: number;
  rates: OrderRates;
  /** available balances by account code */
  balances: Record<string, string>;
  /** [userId, trading limit cents, traded cents this year] */
  limits: Array<[number, string, string]>;
};

/**
 * A batch's one read under the lock (prepared once per connection): the market's state and rates, and the available
 * balances ($1, their accounts' ids; answered by code), limits ($2, the customers) and usage in the year $3 of everyone
 * placing in it.
 */
const STATE_STATEMENT = `
  select s.version::text, s.last_order_id::text, s.last_trade_id::text, m.fee_rate_bps, m.iof_rate_bps,
         m.minimum_fee_cents::text,
         (select json_object_agg(a.code, ${NET_CREDITS}::text)
            from ledger_accounts a where a.id = any($1::bigint[])) as balances,
         (select json_agg(json_build_array(u.id, u.trading_limit_cents::text, coalesce(t.traded_cents, 0)::text))
            from users u left join trading_usage t on t.user_id = u.id and t.year = $3::integer
           where u.id = any($2::bigint[])) as limits
    from market_state s, market_settings m`;

export async function readBatchState(
  ex: Executor,
  accountIds: number[],
  userIds: number[],
  year: number,
): Promise<BatchState> {
  const [state] = await preparedRows<{
    version: string;
    last_order_id: string;
    last_trade_id: string;
    fee_rate_bps: number;
    iof_rate_bps: number;
    minimum_fee_cents: string;
    balances: Record<string, string> | null;
    limits: Array<[number, string, string]> | null;
  }>(ex, 'orders_batch_state', STATE_STATEMENT, [accountIds, userIds, year]);
  if (!state) throw new Error('orders: market_state is missing');
  return {
    version: int(state.version),
    lastOrderId: int(state.last_order_id),
    lastTradeId: int(state.last_trade_id),
    rates: {
      feeRateBps: state.fee_rate_bps,
      iofRateBps: state.iof_rate_bps,
      minimumFeeCents: int(state.minimum_fee_cents),
    },
    balances: state.balances ?? {},
    limits: state.limits ?? [],
  };
}

/** The ledger's code prefix of an owner key (`house`, `u<id>`). */
export const accountPrefix = (key: string) => (key === 'house' ? 'house' : `customer:${key.slice(1)}`);

/** Everyone placing in a batch as read: available balances, and the customers' limits and usage this year. */
export function setAccounts(accounts: Map<string, Account>, placers: Set<string>, read: BatchState) {
  const limits = new Map(read.limits.map(([id, limit, traded]) => [Number(id), [int(limit), int(traded)]]));
  for (const key of placers) {
    const prefix = accountPrefix(key);
    const [limit, traded] = key === 'house' ? [0, 0] : (limits.get(Number(key.slice(1))) ?? [0, 0]);
    accounts.set(key, {
      availableCents: int(read.balances[`${prefix}:available:BRL`] ?? 0),
      availableCentigrams: int(read.balances[`${prefix}:available:AG`] ?? 0),
      tradingLimitCents: limit!,
      tradedCents: traded!,
    });
  }
}

/** The open orders, in id order (their time priority), as the core keeps them. */
export async function loadOpenOrders(tx: Executor): Promise<OpenOrder[]> {
  const found = await rows<{
    id: string;
    user_id: string | null;
    side: Side;
    mode: 'limit' | 'market';
    price_cents: string;
    quantity_cg: string;
    remaining_cg: string;
    filled_cg: string;
    exact: string;
    value_cents: string;
    fee_cents: string;
    iof_cents: string;
    fee_rate_bps: number;
    iof_rate_bps: number;
    minimum_fee_cents: string;
    hold_amount: string;
    hold_seq: number;
    expected_total_cents: string | null;
    took_order_id: string | null;
    created_at: string | Date;
    updated_at: string | Date;
  }>(
    tx,
    sql`select id::text, user_id::text, side, mode, price_cents::text, quantity_cg::text, remaining_cg::text,
               filled_cg::text, exact::text, value_cents::text, fee_cents::text, iof_cents::text, fee_rate_bps,
               iof_rate_bps, minimum_fee_cents::text, hold_amount::text, hold_seq,
               expected_total_cents::text, took_order_id::text, created_at, updated_at
          from orders where status = 'open' order by id`,
  );
  return found.map(
    (r): OpenOrder => ({
      id: int(r.id),
      owner: r.user_id === null ? 'house' : { userId: int(r.user_id) },
      side: r.side,
      mode: r.mode,
      pricePerGramCents: int(r.price_cents),
      quantityCentigrams: int(r.quantity_cg),
      remainingCentigrams: int(r.remaining_cg),
      filledCentigrams: int(r.filled_cg),
      progress: {
        exact: int(r.exact),
        valueCents: int(r.value_cents),
        feeCents: int(r.fee_cents),
        iofCents: int(r.iof_cents),
      },
      rates: { feeRateBps: r.fee_rate_bps, iofRateBps: r.iof_rate_bps, minimumFeeCents: int(r.minimum_fee_cents) },
      holdMinorUnits: int(r.hold_amount),
      holdSeq: r.hold_seq,
      expectedTotalCents: r.expected_total_cents === null ? null : int(r.expected_total_cents),
      tookOrderId: r.took_order_id === null ? null : int(r.took_order_id),
      status: 'open',
      cancelled: false,
      createdAt: new Date(r.created_at).toISOString(),
      updatedAt: new Date(r.updated_at).toISOString(),
    }),
  );
}

/** Everything a batch writes, as the core answered it, with the version it makes and its time. */
export type BatchWrite = {
  ledgerCommands: LedgerCommand[];
  closingHolds: Map<string, OpenHold>;
  orderRows: OrderRow[];
  trades: TradeRow[];
  usage: Array<[number, number]>;
  year: number;
  nowIso: string;
  /** the version the batch makes: written only when the market is still at version - 1 */
  version: number;
  lastOrderId: number;
  lastTradeId: number;
};

/** The SQLSTATE of a refusal of the ledger's plan (its reason and account in the error's detail). */
const LEDGER_REFUSED = 'PR001';
/** orders_apply_batch (migration 0023): the ledger's plan, then the orders, trades and usage as arrays of records. */
const BATCH_STATEMENT = `select orders_apply_batch(${planArgumentsSql(1)}, $7::orders_batch_order[],
  $8::orders_batch_trade[], $9::orders_batch_usage[], $10::integer, $11::timestamptz, $12::bigint, $13::bigint,
  $14::bigint) as r`;

/**
 * Everything a batch caused, in one call of orders_apply_batch (migration 0019): the ledger's commands as a plan
 * (ledger/plan.ts; ledger_entry, the ledger's one writer, locks the owners and checks every balance the batch lowers), the orders, the
 * trades, the trading usage and the market's counters. Answers false, having written nothing, when the market is no
 * longer at `version - 1`. A refusal of the ledger throws, and nothing of the batch is written.
 */
export async function writeBatch(ex: Executor, ledgerAccounts: AccountFactsCache, w: BatchWrite): Promise<boolean> {
  const planned = w.ledgerCommands.length > 0 ? planBatch(w.ledgerCommands, (id) => w.closingHolds.get(id)) : null;
  const plan = planned === null ? null : resolvePlan(planned, await ledgerAccounts.load(ex, planned));
  let raw: unknown;
  try {
    raw = await callLedger<unknown>(ex, BATCH_STATEMENT, 'orders_apply_batch', [
      ...planArguments(plan),
      recordArray(w.orderRows.map(orderFields)),
      recordArray(w.trades.map(tradeFields)),
      recordArray(w.usage), // orders_batch_usage: (user_id, cents)
      w.year,
      w.nowIso,
      w.version,
      w.lastOrderId,
      w.lastTradeId,
    ]);
  } catch (err) {
    throw ledgerRefusal(err);
  }
  if (raw === 'stale') return false;
  if (raw === 'ok') return true;
  throw new Error('orders: orders_apply_batch answered otherwise');
}

/**
 * A refusal of the ledger as the placer reads it: a balance changed under us between our read and the ledger's lock
 * (a withdrawal, a transfer), or an account was closed meanwhile. Anything else as it was thrown.
 */
function ledgerRefusal(err: unknown): unknown {
  const detail = pgErrorDetail(err);
  if (pgErrorCode(err) !== LEDGER_REFUSED || detail === undefined) return err;
  const refusal = JSON.parse(detail) as { reason: string; account: string };
  if (refusal.reason !== 'insufficient_funds') return new AppError('ORDER_BOOK_BUSY', MESSAGES.orderBookBusy);
  return new AppError(
    'INSUFFICIENT_BALANCE',
    refusal.account.endsWith(':AG') ? MESSAGES.orderInsufficientSilver : MESSAGES.orderInsufficientReais,
  );
}

/** An order row as orders_batch_order's fields, in the type's order. */
const orderFields = (o: OrderRow): RecordField[] => [
  o.id,
  o.user_id,
  o.side,
  o.mode,
  o.status,
  o.price_cents,
  o.quantity_cg,
  o.remaining_cg,
  o.filled_cg,
  o.exact,
  o.value_cents,
  o.fee_cents,
  o.iof_cents,
  o.fee_rate_bps,
  o.iof_rate_bps,
  o.minimum_fee_cents,
  o.hold_amount,
  o.hold_seq,
  o.expected_total_cents,
  o.took_order_id,
  o.deleted_at,
];

/** A trade as orders_batch_trade's fields, in the type's order. */
const tradeFields = (t: TradeRow): RecordField[] => [
  t.id,
  t.maker_order_id,
  t.taker_order_id,
  t.taker_side,
  t.price_cents,
  t.quantity_cg,
  t.buyer_value_cents,
  t.seller_value_cents,
  t.buyer_fee_cents,
  t.buyer_iof_cents,
  t.seller_fee_cents,
  t.seller_iof_cents,
];
