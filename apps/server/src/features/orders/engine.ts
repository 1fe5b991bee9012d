import {
  COMPLETED_ORDERS_ON_SCREEN,
  chargeFill,
  type FillProgress,
  feeAndIof,
  formatBRL,
  HOUSE_RATES,
  MESSAGES,
  mulDivHalfUp,
  NO_FILLS,
  type OrderRates,
  orderCost,
} from '@prata/domain';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { pgErrorCode, pgErrorDetail, withTransaction } from '../../db/tx';
import { AppError } from '../../lib/errors';
import {
  ACCOUNTS_NOT_AS_KNOWN,
  AccountFactsCache,
  type AccountRef,
  callLedger,
  type LedgerCommand,
  type OpenHold,
  planArguments,
  planArgumentsSql,
  planBatch,
  resolvePlan,
} from '../../ledger/index';
import { int, preparedRows, type RecordField, recordArray, rows } from '../../db/sql';
import { type Fill, OrderBook, type Side } from './matching/index';
import { logFailure } from '../../lib/log-failure';

/**
 * The matcher (ARCHITECTURE §5, docs/orders.md): every placement, take and cancel of the market goes through one queue
 * per instance and is applied in batches. A batch reads the market's version and everyone's balances, applies each
 * operation in arrival order to the in-memory book (matching is the pure OrderBook), and writes everything it caused
 * with one call of orders_apply_batch: the ledger's moves as a planned batch (ledger/plan.ts), the orders, the trades,
 * the trading usage, the market's counters, under one advisory lock and only on top of the version it read (so two
 * instances never write over each other, and one PostgreSQL serialises them all). When another instance wrote since,
 * the batch runs again under the lock with the book reloaded. Each request is answered when its batch commits. A batch
 * that fails writes nothing, and its operations run again one by one, so one bad operation fails alone.
 */

/** The most operations one batch applies. */
const MAX_BATCH = 256;
/** The batch size below which a batch takes everything waiting: about 10 ms of write here (docs/orders.md, item 9). */
const BATCH_TARGET = 32;

/**
 * How many of the `waiting` operations the next batch takes: all of them up to BATCH_TARGET; beyond, half of them (at
 * least BATCH_TARGET, at most MAX_BATCH). Under a steady load the requests then settle into batches of even size that
 * take turns, rather than one large batch and one small: a request waits for about one batch before its own, whatever
 * batch it falls in.
 */
export function batchSize(waiting: number): number {
  if (waiting <= BATCH_TARGET) return waiting;
  return Math.min(MAX_BATCH, Math.max(BATCH_TARGET, Math.ceil(waiting / 2)));
}

export type Owner = { userId: number } | 'house';
const ownerKey = (o: Owner) => (o === 'house' ? 'house' : `u${o.userId}`);
const holderOf = (o: Owner) => (o === 'house' ? ('house' as const) : { customer: o.userId });
const availableRef = (o: Owner): AccountRef =>
  o === 'house' ? { house: 'available' } : { customer: o.userId, bucket: 'available' };

export type PlaceOp = {
  kind: 'place';
  owner: Owner;
  side: Side;
  mode: 'limit' | 'market' | 'take';
  /** centavos per gram: limit orders; a take may name the price it saw */
  price?: number;
  /** centigrams */
  quantity: number;
  /** the summary the customer saw, centavos: a buy's most to pay, a sell's least to receive (the house gives none) */
  expectedTotal?: number;
  /** take: the resting order */
  targetId?: number;
};
export type CancelOp = { kind: 'cancel'; owner: Owner; orderId: number };
export type Op = PlaceOp | CancelOp;

export type Outcome = {
  orderId: number;
  status: 'open' | 'filled' | 'cancelled';
  /** centigrams traded by this operation */
  filled: number;
  quantity: number;
  trades: number;
  /** the market's version once its batch committed (answers may read the book as of this version or later) */
  version: number;
};

/** An open order as the matcher keeps it (what the database has, plus its owner). */
type OrderState = {
  id: number;
  owner: Owner;
  side: Side;
  mode: 'limit' | 'market';
  price: number | null;
  quantity: number;
  remaining: number;
  filled: number;
  progress: FillProgress;
  rates: OrderRates;
  holdAmount: number;
  holdSeq: number;
  expectedTotal: number | null;
  tookOrderId: number | null;
  status: 'open' | 'filled' | 'cancelled';
  cancelled: boolean;
  /** when it was placed (ISO 8601): as the database has it, or the batch's time for one placed in it */
  createdAt: string;
  /** when it last changed (ISO 8601): as the database has it, or the time of the last batch that wrote it */
  updatedAt: string;
};

/**
 * An order as a committed batch wrote it (orders_apply_batch's row, with its times): what the screens' lists show of it,
 * without reading it back (the answers keep a completed order's JSON: it never changes again).
 */
export type WrittenOrder = {
  id: number;
  user_id: number | null;
  side: Side;
  mode: 'limit' | 'market';
  status: 'open' | 'filled' | 'cancelled';
  price_cents: number | null;
  quantity_cg: number;
  remaining_cg: number;
  filled_cg: number;
  value_cents: number;
  fee_cents: number;
  iof_cents: number;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
};

/** An order as a batch writes it (orders_batch_order, migration 0023): the row without its times, and its terms. */
type BatchOrderRow = Omit<WrittenOrder, 'created_at' | 'updated_at'> & {
  exact: number;
  fee_rate_bps: number;
  iof_rate_bps: number;
  minimum_fee_cents: number;
  hold_amount: number;
  hold_seq: number;
  expected_total_cents: number | null;
  took_order_id: number | null;
};

/** A resting order as the book's table shows it: its price and what is left, when, and whose. */
export type BookEntry = {
  id: number;
  side: Side;
  price: number;
  remaining: number;
  createdAt: string;
  userId: number | null;
};

type Market = {
  version: number;
  book: OrderBook;
  open: Map<number, OrderState>;
  openValue: Map<string, number>;
  /** what the batches know of the market's inputs at this version (see Known); none on a copy just loaded */
  known?: Known;
  /**
   * The customers' last completed orders (newest first, as the lists order them: updated_at, then id), for the
   * customers whose lists were read at a version of this copy (learnCompleted) and kept up to date by every batch since.
   */
  completed: Map<number, CompletedEntry[]>;
  /** the orders the batch that made this version wrote, by id */
  written: Map<number, WrittenOrder>;
  /** the orders completed by each of the last RECENT_VERSIONS versions this copy went through (learnCompleted) */
  recent: Map<number, Array<CompletedEntry & { userId: number }>>;
  /** the open orders by customer, made on first use at this version (ownLists) */
  byOwner?: Map<number, OrderState[]>;
};

/** How many versions back a list read by a statement can be brought forward (learnCompleted). */
const RECENT_VERSIONS = 32;

/** A completed order in a customer's list: its id and when it last changed. */
export type CompletedEntry = { id: number; at: string };
/** Newest first, as the lists' statement orders them (updated_at desc, id desc). */
const newestFirst = (a: CompletedEntry, b: CompletedEntry) => (a.at === b.at ? b.id - a.id : a.at < b.at ? 1 : -1);

/**
 * What the matcher knows, as its last committed batch left them, of what a batch's read answers: the market's rates
 * and counters, and the available balances, limits and usage this year of everyone it has seen place (docs/orders.md,
 * "A batch without its read"). It belongs to one version of the copy of the book, and goes with it. A batch whose
 * placers are all known skips its read:
 * - the write checks the version, so another instance's batch, a change of the rates or of a trading limit (both move
 *   the version: marketInputsChanged) sends the batch to the locked path, which reads everything;
 * - a balance lowered from outside (a withdrawal, a transfer) fails the ledger's check of every balance the batch
 *   lowers, and the batch runs again, each operation alone with a read;
 * - a balance raised from outside (a deposit) could only refuse an order wrongly: a batch that refuses anyone for
 *   their balance or limit on what it knew runs again on the locked path, with everything read.
 */
type Known = {
  year: number;
  rates: OrderRates;
  lastOrderId: number;
  lastTradeId: number;
  accounts: Map<string, Account>;
};
/** Owners known at most; beyond it the batch's read starts them again (memory, not correctness). */
const KNOWN_OWNERS_MAX = 50_000;
/** The refusals that depend on what the matcher knows of a placer's balances, limit and usage. */
const REFUSED_ON_KNOWN = new Set(['INSUFFICIENT_BALANCE', 'TRADING_LIMIT_EXCEEDED']);

type Pending = { op: Op; resolve: (o: Outcome) => void; reject: (e: unknown) => void; alone: boolean };

const holdId = (o: { id: number; holdSeq: number }) => `order:${o.id}:${o.holdSeq}`;

/** The calendar year in Brasília (UTC−3, no daylight saving since 2019): the trading limit's year. */
export const brasiliaYear = (at = new Date()) => new Date(at.getTime() - 3 * 3600_000).getUTCFullYear();

/**
 * A change of what the matcher knows without reading (Known): the market's rates, a customer's trading limit. Called
 * in the transaction that makes it: the market's version moves on under the market's lock, so every instance's next
 * batch reads everything again (the book's copy is reloaded too: rare, and one path fewer to get wrong).
 */
export async function marketInputsChanged(tx: Executor): Promise<void> {
  await tx.execute(sql`select orders_market_lock()`);
  await tx.execute(sql`update market_state set version = version + 1 where id = 1`);
}

export class MarketEngine {
  private queue: Pending[] = [];
  private running = false;
  private market: Market | null = null;
  private readonly listeners = new Set<(version: number) => void>();
  private readonly writers = new Set<(orders: WrittenOrder[], version: number) => void>();
  /**
   * How the batches went: written on the fast path, under the lock, fast attempts the market had moved past; batches
   * written after a read of their placers (the others knew them all), and fast attempts that refused someone on what
   * they knew (run again under the lock).
   */
  readonly counts = { fast: 0, locked: 0, stale: 0, read: 0, unknown: 0 };
  /** the copy whose customers' lists learnCompleted fills: this.market, and the same copy while a batch has it out */
  private learning: Market | null = null;
  /** answers whose customer's lists came whole from the copy (ownLists), without a read */
  listsFromCopy = 0;
  /** the ledger accounts the batches' plans name, as read once (ledger/plan.ts) */
  private readonly accounts = new AccountFactsCache();

  constructor(
    private readonly database: Database,
    /** the most operations waiting; beyond it a new one is refused at once (503 ORDER_BOOK_BUSY) */
    private readonly maxQueue = 20_000,
  ) {}

  /** Applies one operation in its turn; resolves when its batch has committed. */
  submit(op: Op): Promise<Outcome> {
    if (this.queue.length >= this.maxQueue) {
      return Promise.reject(new AppError('ORDER_BOOK_BUSY', MESSAGES.orderBookBusy));
    }
    return new Promise((resolve, reject) => {
      this.queue.push({ op, resolve, reject, alone: false });
      if (!this.running) void this.drain();
    });
  }

  /** Called after every batch that committed, with the market's new version. */
  onChange(listener: (version: number) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Called after every batch that committed, with the orders it wrote and the market's version, before its requests
   * are answered (bookTop then shows the book at that version).
   */
  onWritten(listener: (orders: WrittenOrder[], version: number) => void): () => void {
    this.writers.add(listener);
    return () => this.writers.delete(listener);
  }

  /**
   * The best `depth` resting orders of each side, in priority order, as this instance's copy of the book has them at
   * `version`; null when the copy is not at that version (being changed by a batch, never loaded, or behind another
   * instance's writes): the caller reads the database.
   */
  bookTop(version: number, depth: number): { asks: BookEntry[]; bids: BookEntry[] } | null {
    const market = this.market;
    if (market === null || market.version !== version) return null;
    const entries = (side: Side) =>
      market.book.restingOrders(side, depth).map((r): BookEntry => {
        const o = market.open.get(Number(r.id));
        if (!o) throw new Error(`orders: resting order ${r.id} is not open in the copy of the book`);
        return {
          id: o.id,
          side: o.side,
          price: r.price,
          remaining: r.remaining,
          createdAt: o.createdAt,
          userId: o.owner === 'house' ? null : o.owner.userId,
        };
      });
    return { asks: entries('sell'), bids: entries('buy') };
  }

  /**
   * A customer's lists as this instance's copy has them at `version` (the version a batch just committed): their open
   * orders (newest first, as the lists' statement gives them), their last completed orders' ids, and order `orderId`
   * as that batch wrote it. Null when the copy is not at `version`, that batch did not write the order, or the copy
   * has not learnt the customer's completed orders (learnCompleted): the caller reads the database.
   */
  ownLists(
    version: number,
    userId: number,
    orderId: number,
  ): { pending: OwnOrderRow[]; completed: number[]; order: OwnOrderRow } | null {
    const market = this.market;
    if (market === null || market.version !== version) return null;
    const order = market.written.get(orderId);
    const known = market.completed.get(userId);
    if (!order || !known) return null;
    if (!market.byOwner) {
      const byOwner = new Map<number, OrderState[]>();
      for (const o of market.open.values()) {
        if (o.owner === 'house') continue;
        const list = byOwner.get(o.owner.userId);
        if (list) list.push(o);
        else byOwner.set(o.owner.userId, [o]);
      }
      market.byOwner = byOwner;
    }
    const open = [...(market.byOwner.get(userId) ?? [])].sort((a, b) => b.id - a.id).slice(0, PENDING_ROWS);
    this.listsFromCopy++;
    return {
      pending: open.map(openRow),
      completed: known.map((e) => e.id),
      order: { ...order, user_id: order.user_id === null ? null : String(order.user_id) },
    };
  }

  /**
   * A customer's last completed orders as a statement read them at `version`, kept with the copy: brought up to the
   * copy's version by the orders its last batches completed (kept for RECENT_VERSIONS versions), or left alone when
   * the copy is not at or a little past that version. The copy may be taken out by a batch in flight: its version and
   * lists are those of the last commit until that batch commits, which brings every list forward.
   */
  learnCompleted(version: number, userId: number, entries: CompletedEntry[]) {
    const market = this.learning;
    if (market === null || market.completed.has(userId) || version > market.version) return;
    const list = [...entries];
    for (let v = version + 1; v <= market.version; v++) {
      const done = market.recent.get(v);
      if (!done) return;
      for (const c of done) if (c.userId === userId) list.push({ id: c.id, at: c.at });
    }
    market.completed.set(userId, list.sort(newestFirst).slice(0, COMPLETED_ORDERS_ON_SCREEN));
  }

  /** Forget the copy of the book (tests that change orders behind the matcher's back). */
  invalidate() {
    this.market = null;
    this.learning = null;
    this.accounts.clear();
  }

  private async drain() {
    this.running = true;
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, batchSize(this.queue.length));
        await this.run(batch);
      }
    } finally {
      this.running = false;
    }
  }

  private async run(batch: Pending[], knewAccounts = true): Promise<void> {
    let results: Array<Outcome | AppError>;
    let version: number;
    let written: WrittenOrder[];
    try {
      let market: Market;
      // while this instance's copy of the book is current, the fast path: one read, the matching, one write (a
      // transaction of its own); when another instance wrote a batch since (the read or the write says so), the locked
      // path, which reloads the book
      const tried = this.market !== null;
      const fast = tried ? await this.apply(this.database.db, batch, false) : null;
      if (fast) this.counts.fast++;
      else if (tried) this.counts.stale++;
      ({ results, version, market, written } =
        fast ?? (await withTransaction(this.database.db, async (tx) => (await this.apply(tx, batch, true))!)));
      if (!fast) this.counts.locked++;
      // committed: the copy of the book is the database's again
      this.market = market;
      this.learning = market;
    } catch (err) {
      this.market = null;
      this.learning = null;
      this.accounts.clear();
      // what it knew of the ledger's accounts was out of date (ledger_apply_plan's check, or the batch's read): the
      // same batch again, with them read again
      if (knewAccounts && (err instanceof AccountsNotAsKnown || pgErrorCode(err) === ACCOUNTS_NOT_AS_KNOWN)) {
        return this.run(batch, false);
      }
      if (batch.length === 1) {
        batch[0]!.reject(err);
        return;
      }
      // one of them broke the batch: each again, alone, so only that one fails
      for (const p of batch) await this.run([{ ...p, alone: true }]);
      return;
    }
    for (const writer of this.writers) {
      try {
        writer(written, version);
      } catch (err) {
        // a listener's failure is its own: logged, and the batch's answers still go out
        logFailure('orders: a batch writer failed', err);
      }
    }
    batch.forEach((p, i) => {
      const r = results[i]!;
      if (r instanceof AppError) p.reject(r);
      else p.resolve({ ...r, version });
    });
    for (const listener of this.listeners) {
      try {
        listener(version);
      } catch (err) {
        logFailure('orders: a version listener failed', err);
      }
    }
  }

  /**
   * One batch. Locked: inside its transaction, under the market's advisory lock, reloading the book when another
   * instance changed it. Not locked: on the database, with the copy of the book as it is, each statement a transaction
   * of its own; answers null, having written nothing, when the market is no longer at the copy's version. The copy of
   * the book is taken out while it changes, put back by run on success.
   */
  private async apply(
    ex: Executor,
    batch: Pending[],
    locked: boolean,
  ): Promise<{ results: Array<Outcome | AppError>; version: number; market: Market; written: WrittenOrder[] } | null> {
    // under the lock (a statement of its own: a statement's snapshot is taken before it waits), one read: the market's
    // state and rates, and the balances, limits and usage of everyone placing in the batch; none on the fast path when
    // the copy of the book knows all of them (Known)
    if (locked) await ex.execute(sql`select orders_market_lock()`);
    const ops = batch.map((p) => p.op);
    const placing = placersOf(ops);
    const year = brasiliaYear();
    let market = this.market;
    this.market = null;
    const knownBefore = market?.known?.year === year ? market.known : undefined;
    const skipRead =
      !locked && knownBefore !== undefined && [...placing.placers].every((key) => knownBefore.accounts.has(key));
    let version: number;
    let rates: OrderRates;
    let lastOrderId: number;
    let lastTradeId: number;
    let accounts: Map<string, Account>;
    if (skipRead) {
      version = market!.version;
      ({ rates, lastOrderId, lastTradeId, accounts } = knownBefore!);
    } else {
      // the placers' available accounts by id (known once seen: ledger/plan.ts)
      const facts = await this.accounts.loadCodes(ex, placing.codes);
      const [state] = await preparedRows<{
        version: string;
        last_order_id: string;
        last_trade_id: string;
        fee_rate_bps: number;
        iof_rate_bps: number;
        minimum_fee_cents: string;
        balances: Record<string, string> | null;
        limits: Array<[number, string, string]> | null;
      }>(ex, 'orders_batch_state', STATE_STATEMENT, [
        placing.codes.map((code) => facts(code).id),
        placing.userIds,
        year,
      ]);
      if (!state) throw new Error('orders: market_state is missing');
      // an id that no longer names its code (a database recreated under a running process): the batch fails, and run
      // forgets what the matcher knew and runs the same batch again
      for (const code of placing.codes) {
        if (state.balances?.[code] === undefined) throw new AccountsNotAsKnown(code);
      }
      version = int(state.version);
      if (!locked && market?.version !== version) return null;
      if (market === null || market.version !== version) market = await loadMarket(ex, version);
      rates = {
        feeRateBps: state.fee_rate_bps,
        iofRateBps: state.iof_rate_bps,
        minimumFeeCents: int(state.minimum_fee_cents),
      };
      lastOrderId = int(state.last_order_id);
      lastTradeId = int(state.last_trade_id);
      // the copy is at the version read: what it knew of the others still holds; the placers as read
      accounts =
        market.known?.year === year && market.known.accounts.size < KNOWN_OWNERS_MAX
          ? market.known.accounts
          : new Map();
      setAccounts(accounts, placing.placers, state.balances ?? {}, state.limits ?? []);
    }
    // the batch changes the copy and what it knows in place: from here, only a commit gives them back to this.market
    market!.known = undefined;

    const apply = new BatchApply(market!, rates, lastOrderId, lastTradeId, year, this.accounts, accounts);
    const results = batch.map((p) => {
      try {
        return p.op.kind === 'cancel' ? apply.cancel(p.op) : apply.place(p.op);
      } catch (err) {
        if (err instanceof AppError) return err;
        throw err;
      }
    });
    // refused for a balance or a limit on what it knew without reading: again, with everything read
    if (skipRead && results.some((r) => r instanceof AppError && REFUSED_ON_KNOWN.has(r.code))) {
      this.counts.unknown++;
      return null;
    }
    const next = version + 1;
    const written = await apply.persist(ex, next);
    if (!written) {
      // another instance wrote a batch since the read (under the lock it cannot), or the rates or a limit changed
      if (locked) throw new Error('orders: the market moved on under its lock');
      return null;
    }
    market!.version = next;
    market!.known = { year, rates, lastOrderId: apply.lastOrderId, lastTradeId: apply.lastTradeId, accounts };
    market!.written = new Map(written.map((o) => [o.id, o]));
    market!.byOwner = undefined;
    const done: Array<CompletedEntry & { userId: number }> = [];
    for (const o of written) {
      if (o.user_id === null || o.status === 'open' || o.filled_cg === 0) continue;
      done.push({ userId: o.user_id, id: o.id, at: o.updated_at });
      const list = market!.completed.get(o.user_id);
      if (!list) continue;
      list.push({ id: o.id, at: o.updated_at });
      list.sort(newestFirst);
      if (list.length > COMPLETED_ORDERS_ON_SCREEN) list.length = COMPLETED_ORDERS_ON_SCREEN;
    }
    market!.recent.set(next, done);
    market!.recent.delete(next - RECENT_VERSIONS);
    if (!locked && !skipRead) this.counts.read++;
    return { results, version: next, market: market!, written };
  }
}

/**
 * A batch's one read under the lock (prepared once per connection): the market's state and rates, and the available
 * balances ($1, their accounts' ids; answered by code), limits ($2, the customers) and usage in the year $3 of everyone
 * placing in it.
 */
const STATE_STATEMENT = `
  select s.version::text, s.last_order_id::text, s.last_trade_id::text, m.fee_rate_bps, m.iof_rate_bps,
         m.minimum_fee_cents::text,
         (select json_object_agg(a.code, (a.credits_posted - a.debits_posted
                   + coalesce((select sum(d.credits - d.debits) from ledger_balance_deltas d
                                where d.account_id = a.id), 0))::text)
            from ledger_accounts a where a.id = any($1::bigint[])) as balances,
         (select json_agg(json_build_array(u.id, u.trading_limit_cents::text, coalesce(t.traded_cents, 0)::text))
            from users u left join trading_usage t on t.user_id = u.id and t.year = $3::integer
           where u.id = any($2::bigint[])) as limits
    from market_state s, market_settings m`;

/** Everyone placing in a batch: their owner keys, their available accounts' codes, the customers' ids. */
function placersOf(ops: Op[]) {
  const placers = new Set<string>();
  const userIds = new Set<number>();
  for (const op of ops) {
    if (op.kind !== 'place') continue;
    placers.add(ownerKey(op.owner));
    if (op.owner !== 'house') userIds.add(op.owner.userId);
  }
  const codes: string[] = [];
  for (const key of placers) codes.push(`${accountPrefix(key)}:available:BRL`, `${accountPrefix(key)}:available:AG`);
  return { placers, codes, userIds: [...userIds] };
}
const accountPrefix = (key: string) => (key === 'house' ? 'house' : `customer:${key.slice(1)}`);

/** The open orders, as the matcher needs them. */
async function loadMarket(tx: Executor, version: number): Promise<Market> {
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
  const market: Market = {
    version,
    book: new OrderBook(),
    open: new Map(),
    openValue: new Map(),
    completed: new Map(),
    written: new Map(),
    recent: new Map(),
  };
  for (const r of found) {
    const o: OrderState = {
      id: int(r.id),
      owner: r.user_id === null ? 'house' : { userId: int(r.user_id) },
      side: r.side,
      mode: r.mode,
      price: int(r.price_cents),
      quantity: int(r.quantity_cg),
      remaining: int(r.remaining_cg),
      filled: int(r.filled_cg),
      progress: {
        exact: int(r.exact),
        valueCents: int(r.value_cents),
        feeCents: int(r.fee_cents),
        iofCents: int(r.iof_cents),
      },
      rates: { feeRateBps: r.fee_rate_bps, iofRateBps: r.iof_rate_bps, minimumFeeCents: int(r.minimum_fee_cents) },
      holdAmount: int(r.hold_amount),
      holdSeq: r.hold_seq,
      expectedTotal: r.expected_total_cents === null ? null : int(r.expected_total_cents),
      tookOrderId: r.took_order_id === null ? null : int(r.took_order_id),
      status: 'open',
      cancelled: false,
      createdAt: new Date(r.created_at).toISOString(),
      updatedAt: new Date(r.updated_at).toISOString(),
    };
    const placed = market.book.placeLimit({
      id: String(o.id),
      owner: ownerKey(o.owner),
      side: o.side,
      price: o.price!,
      quantity: o.remaining,
      seq: o.id,
    });
    if (placed.fills.length > 0) throw new Error(`orders: the stored book crosses at order ${o.id}`);
    market.open.set(o.id, o);
    addOpenValue(market, o, 1);
  }
  return market;
}

/** The most open orders a customer's lists show (the lists' statement's limit). */
export const PENDING_ROWS = 200;

/** An order as the customer's lists present it (service.ts OrderRow): owners as text. */
export type OwnOrderRow = Omit<WrittenOrder, 'user_id'> & { user_id: string | null };

/** An open order of the copy as the lists read it from the database. */
function openRow(o: OrderState): OwnOrderRow {
  return {
    id: o.id,
    user_id: o.owner === 'house' ? null : String(o.owner.userId),
    side: o.side,
    mode: o.mode,
    status: 'open',
    price_cents: o.price,
    quantity_cg: o.quantity,
    remaining_cg: o.remaining,
    filled_cg: o.filled,
    value_cents: o.progress.valueCents,
    fee_cents: o.progress.feeCents,
    iof_cents: o.progress.iofCents,
    created_at: o.createdAt,
    updated_at: o.updatedAt,
    deleted_at: null,
  };
}

/** A customer's resting orders' worth at their prices, for the trading limit. */
function addOpenValue(market: Market, o: OrderState, sign: 1 | -1) {
  if (o.owner === 'house' || o.price === null || o.remaining === 0) return;
  const key = ownerKey(o.owner);
  const v = (market.openValue.get(key) ?? 0) + sign * mulDivHalfUp(o.price, o.remaining, 100);
  if (v === 0) market.openValue.delete(key);
  else market.openValue.set(key, v);
}

type Account = { brl: number; ag: number; limit: number; traded: number };

type TradeRow = {
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

/** Everyone placing in a batch as read: available balances, and the customers' limits and usage this year. */
function setAccounts(
  accounts: Map<string, Account>,
  placers: Set<string>,
  balances: Record<string, string>,
  limitRows: Array<[number, string, string]>,
) {
  const limits = new Map(limitRows.map(([id, limit, traded]) => [Number(id), [int(limit), int(traded)]]));
  for (const key of placers) {
    const prefix = accountPrefix(key);
    const [limit, traded] = key === 'house' ? [0, 0] : (limits.get(Number(key.slice(1))) ?? [0, 0]);
    accounts.set(key, {
      brl: int(balances[`${prefix}:available:BRL`] ?? 0),
      ag: int(balances[`${prefix}:available:AG`] ?? 0),
      limit: limit!,
      traded: traded!,
    });
  }
}

/** The work of one batch: the operations applied in memory, and what they will write. */
class BatchApply {
  readonly commands: LedgerCommand[] = [];
  readonly dirty = new Map<number, OrderState>();
  readonly trades: TradeRow[] = [];
  readonly traded = new Map<number, number>();
  /** the ledger commands that captured a taker's own hold, with their trade (see settleAtOnce) */
  private readonly takerCaptures = new Map<LedgerCommand, number>();
  /** every hold a command closes, as it was then (for the ledger's plan: the ones opened before the batch) */
  private readonly closing = new Map<string, OpenHold>();

  /** Notes the hold of `o` that a release or capture closes, with the amount it holds at that moment. */
  private closes(o: OrderState, amount: number): string {
    const id = holdId(o);
    if (!this.closing.has(id)) {
      this.closing.set(id, {
        holder: holderOf(o.owner),
        currency: o.side === 'buy' ? 'BRL' : 'AG',
        amount,
        reason: 'order',
        reference: `order:${o.id}`,
      });
    }
    return id;
  }

  constructor(
    private readonly market: Market,
    private readonly rates: OrderRates,
    public lastOrderId: number,
    public lastTradeId: number,
    private readonly year: number,
    private readonly ledgerAccounts: AccountFactsCache,
    /** the placers' available balances, limits and usage, and any other owner's the matcher knows: kept up to date */
    private readonly accounts: Map<string, Account>,
  ) {}

  /** The batch's time: its orders' created_at and updated_at, a cancelled one's deleted_at. */
  readonly now = new Date().toISOString();

  private credit(owner: Owner, currency: 'BRL' | 'AG', amount: number) {
    const a = this.accounts.get(ownerKey(owner));
    if (!a || amount === 0) return;
    if (currency === 'BRL') a.brl += amount;
    else a.ag += amount;
  }

  cancel(op: CancelOp): Outcome {
    const o = this.market.open.get(op.orderId);
    if (!o || ownerKey(o.owner) !== ownerKey(op.owner)) throw new AppError('ORDER_NOT_OPEN', MESSAGES.orderNotOpen);
    this.market.book.cancel(String(o.id));
    this.market.open.delete(o.id);
    addOpenValue(this.market, o, -1);
    const held = o.side === 'sell' ? o.remaining : o.holdAmount - chargedOf(o.progress);
    this.commands.push({ kind: 'release', holdId: this.closes(o, held) });
    this.credit(o.owner, o.side === 'buy' ? 'BRL' : 'AG', held);
    o.status = 'cancelled';
    o.cancelled = true;
    this.dirty.set(o.id, o);
    return { orderId: o.id, status: 'cancelled', filled: 0, quantity: o.quantity, trades: 0, version: 0 };
  }

  place(op: PlaceOp): Outcome {
    const house = op.owner === 'house';
    const rates = house ? HOUSE_RATES : this.rates;
    const key = ownerKey(op.owner);
    let quantity = op.quantity;
    let price: number | null = op.price ?? null;
    let target: OrderState | undefined;
    let value: number; // the order's worth, for the trading limit and the checks
    let holdAmount: number;

    if (op.mode === 'take') {
      target = op.targetId === undefined ? undefined : this.market.open.get(op.targetId);
      if (!target || target.side === op.side) throw new AppError('ORDER_NOT_OPEN', MESSAGES.orderNotOpen);
      if (ownerKey(target.owner) === key) throw new AppError('ORDER_OWN', MESSAGES.orderOwn);
      if (price !== null && price !== target.price)
        throw new AppError('ORDER_PRICE_CHANGED', MESSAGES.orderPriceChanged);
      price = target.price!;
      quantity = Math.min(quantity, target.remaining);
    }

    if (op.mode === 'market') {
      const walk = this.market.book.averagePrice(op.side, quantity, key);
      if (walk.filledQuantity < quantity) throw new AppError('ORDER_NOT_ENOUGH_IN_BOOK', MESSAGES.orderNotEnoughInBook);
      value = mulDivHalfUp(walk.exact, 1, 100);
      const cost = costOf(op.side, value, rates);
      holdAmount = this.check(op, cost, house, quantity);
    } else {
      if (price === null) throw new AppError('VALIDATION_FAILED', MESSAGES.orderPriceRequired);
      const c = orderCost({
        side: op.side,
        pricePerGramCents: price,
        quantityCentigrams: quantity,
        feeRateBps: rates.feeRateBps,
        iofRateBps: rates.iofRateBps,
        minimumFeeCents: rates.minimumFeeCents,
      });
      value = c.valueCents;
      if (value === 0) throw new AppError('ORDER_NOT_ALLOWED', MESSAGES.orderValueTooSmall);
      holdAmount = this.check(op, { total: c.totalCents, allowed: c.allowed }, house, quantity);
    }

    // the house never crosses its own orders: the skip would leave the book crossed, and customers would buy from one
    // house order and sell to another at the house's loss
    if (house && price !== null && this.crossesOwn(key, op.side, price)) {
      throw new AppError('ORDER_NOT_ALLOWED', MESSAGES.houseOrderCrossesOwn);
    }
    const account = this.accounts.get(key)!;
    if (!house) {
      const open = this.market.openValue.get(key) ?? 0;
      if (account.traded + open + value > account.limit) {
        const left = Math.max(0, account.limit - account.traded - open);
        throw new AppError(
          'TRADING_LIMIT_EXCEEDED',
          MESSAGES.tradingLimitExceeded(formatBRL(account.limit), formatBRL(left)),
        );
      }
    }
    if (op.side === 'buy' ? account.brl < holdAmount : account.ag < holdAmount) {
      throw new AppError(
        'INSUFFICIENT_BALANCE',
        op.side === 'buy' ? MESSAGES.orderInsufficientReais : MESSAGES.orderInsufficientSilver,
      );
    }

    const id = ++this.lastOrderId;
    const o: OrderState = {
      id,
      owner: op.owner,
      side: op.side,
      mode: op.mode === 'market' ? 'market' : 'limit',
      price: op.mode === 'market' ? null : price,
      quantity,
      remaining: quantity,
      filled: 0,
      progress: NO_FILLS,
      rates,
      holdAmount,
      holdSeq: 0,
      expectedTotal: op.expectedTotal ?? null,
      tookOrderId: target?.id ?? null,
      status: 'open',
      cancelled: false,
      createdAt: this.now,
      updatedAt: this.now,
    };
    this.dirty.set(id, o);
    const start = this.commands.length;
    this.commands.push({
      kind: 'hold',
      id: holdId(o),
      holder: holderOf(op.owner),
      currency: op.side === 'buy' ? 'BRL' : 'AG',
      amount: holdAmount,
      reason: 'order',
      reference: `order:${id}`,
    });
    this.credit(op.owner, op.side === 'buy' ? 'BRL' : 'AG', -holdAmount);

    let fills: Fill[];
    if (op.mode === 'take') {
      const r = this.market.book.take({ id: String(id), owner: key, targetId: String(target!.id), quantity });
      if (!r.ok) throw new Error(`orders: take refused after its checks (${r.reason})`);
      fills = [r.fill];
    } else if (op.mode === 'market') {
      fills = this.market.book.placeMarket({ id: String(id), owner: key, side: op.side, quantity }).fills;
    } else {
      const r = this.market.book.placeLimit({
        id: String(id),
        owner: key,
        side: op.side,
        price: price!,
        quantity,
        seq: id,
      });
      fills = r.fills;
    }
    let filled = 0;
    for (const fill of fills) {
      this.fill(fill, o);
      filled += fill.quantity;
    }
    if (o.mode === 'limit' && op.mode !== 'take' && o.remaining > 0) {
      this.market.open.set(id, o);
      addOpenValue(this.market, o, 1);
    } else if (o.remaining > 0) {
      throw new Error(`orders: order ${id} (${op.mode}) left ${o.remaining} cg unfilled after its checks`);
    }
    if (o.remaining === 0) this.settleAtOnce(o, start);
    return { orderId: id, status: o.status, filled, quantity, trades: fills.length, version: 0 };
  }

  /**
   * An order filled whole by its own placement never needs its hold: its money moves from the available balance
   * straight to where its fills send it. Its hold, the captures of that hold (and of the holds a walk kept its rest
   * under) and its final release, all among the commands since `start` (its own placement's), become one transfer
   * per part, from its available account, in the same place in the batch. They add up to no more than the hold (a
   * buy's fills are charged within it; a sell's silver is its quantity), and nothing between them takes from that
   * balance (the other commands since `start` are the makers' captures, which only credit this owner, and a seller's
   * fee and IOF, paid from what the sale just credited); the ledger checks the balance as the batch leaves it. The
   * balances the batch tracks end the same.
   */
  private settleAtOnce(o: OrderState, start: number) {
    const own = (holdId: string) => holdId.startsWith(`order:${o.id}:`);
    const from = availableRef(o.owner);
    const side = o.side === 'buy' ? 'buyer' : 'seller';
    const out: LedgerCommand[] = [];
    for (const cmd of this.commands.slice(start)) {
      if ((cmd.kind === 'hold' && own(cmd.id)) || (cmd.kind === 'release' && own(cmd.holdId))) continue;
      if (cmd.kind === 'capture' && own(cmd.holdId)) {
        const tradeId = this.takerCaptures.get(cmd);
        if (tradeId === undefined) throw new Error(`orders: capture of ${cmd.holdId} without its trade`);
        for (const part of cmd.parts) {
          out.push({
            kind: 'transfer',
            id: `trade:${tradeId}:${side}-${part.code.replace(/^trade\./, '')}`,
            debit: from,
            credit: part.to,
            currency: cmd.currency,
            amount: part.amount,
            code: part.code,
          });
        }
        continue;
      }
      out.push(cmd);
    }
    this.commands.splice(start, this.commands.length - start, ...out);
  }

  /** Whether a `side` order at `price` would cross one of `owner`'s own resting orders (O(open orders)). */
  private crossesOwn(owner: string, side: Side, price: number): boolean {
    for (const o of this.market.open.values()) {
      if (ownerKey(o.owner) !== owner || o.side === side || o.price === null) continue;
      if (side === 'buy' ? o.price <= price : o.price >= price) return true;
    }
    return false;
  }

  /**
   * The summary's checks: a sell must net above zero; what the customer saw must still hold (a buy may not cost more,
   * a sell may not yield less). Answers the hold: a buy's total in centavos, a sell's centigrams.
   */
  private check(op: PlaceOp, cost: { total: number; allowed: boolean }, house: boolean, quantity: number): number {
    if (!cost.allowed) throw new AppError('ORDER_NOT_ALLOWED', MESSAGES.orderSellNotAllowed);
    if (!house && op.expectedTotal !== undefined) {
      const worse = op.side === 'buy' ? cost.total > op.expectedTotal : cost.total < op.expectedTotal;
      if (worse) throw new AppError('ORDER_PRICE_CHANGED', MESSAGES.orderPriceChanged);
    }
    return op.side === 'buy' ? cost.total : quantity;
  }

  /** One trade: the ledger's moves for both orders, their progress, the trade row. */
  private fill(fill: Fill, taker: OrderState) {
    const maker = this.market.open.get(Number(fill.makerId));
    if (!maker) throw new Error(`orders: fill against unknown order ${fill.makerId}`);
    const buyer = taker.side === 'buy' ? taker : maker;
    const seller = taker.side === 'buy' ? maker : taker;
    const exact = fill.price * fill.quantity;
    // what each one's hold holds before this fill: the seller's grams left, the buyer's reais not yet charged
    const sellerHeld = seller.remaining;
    const buyerHeld = buyer.holdAmount - chargedOf(buyer.progress);
    const b = chargeFill(buyer.progress, 'buy', exact, buyer.rates, buyer.holdAmount);
    const s = chargeFill(seller.progress, 'sell', exact, seller.rates);
    const tradeId = ++this.lastTradeId;

    addOpenValue(this.market, maker, -1);
    for (const o of [buyer, seller]) {
      o.remaining -= fill.quantity;
      o.filled += fill.quantity;
      if (o.remaining === 0) o.status = 'filled';
      this.dirty.set(o.id, o);
    }
    buyer.progress = b.next;
    seller.progress = s.next;
    // an order with grams left keeps its hold (a resting order, or a market order or take in the middle of its walk)
    const continues = (o: OrderState) => o.remaining > 0;

    // silver: the seller's hold to the buyer
    const sellerHold = this.closes(seller, sellerHeld);
    if (continues(seller)) seller.holdSeq += 1;
    const silver: LedgerCommand = {
      kind: 'capture',
      holdId: sellerHold,
      currency: 'AG',
      parts: [{ to: availableRef(buyer.owner), amount: fill.quantity, code: 'trade.silver' }],
      ...(continues(seller) ? { remainderHoldId: holdId(seller) } : {}),
    };
    this.commands.push(silver);
    if (seller === taker) this.takerCaptures.set(silver, tradeId);
    this.credit(buyer.owner, 'AG', fill.quantity);

    // reais: the buyer's hold pays the seller (its share of the value), the fee and the IOF
    const toSeller = Math.min(b.valueCents, s.valueCents);
    const parts: Array<{ to: AccountRef; amount: number; code: string }> = [];
    if (toSeller > 0) parts.push({ to: availableRef(seller.owner), amount: toSeller, code: 'trade.value' });
    if (b.valueCents > toSeller)
      parts.push({ to: { system: 'rounding' }, amount: b.valueCents - toSeller, code: 'trade.rounding' });
    if (b.feeCents > 0) parts.push({ to: { system: 'revenue:operating-fee' }, amount: b.feeCents, code: 'trade.fee' });
    if (b.iofCents > 0) parts.push({ to: { system: 'tax:iof' }, amount: b.iofCents, code: 'trade.iof' });
    const buyerHold = this.closes(buyer, buyerHeld);
    const buyerDone = !continues(buyer);
    if (parts.length > 0) {
      if (!buyerDone) buyer.holdSeq += 1;
      const reais: LedgerCommand = {
        kind: 'capture',
        holdId: buyerHold,
        currency: 'BRL',
        parts,
        ...(buyerDone ? {} : { remainderHoldId: holdId(buyer) }),
      };
      this.commands.push(reais);
      if (buyer === taker) this.takerCaptures.set(reais, tradeId);
    } else if (buyerDone) {
      this.commands.push({ kind: 'release', holdId: buyerHold });
    }
    if (buyerDone) this.credit(buyer.owner, 'BRL', buyer.holdAmount - chargedOf(buyer.progress));
    if (s.valueCents > toSeller) {
      this.commands.push({
        kind: 'transfer',
        id: `trade:${tradeId}:rounding`,
        debit: { system: 'rounding' },
        credit: availableRef(seller.owner),
        currency: 'BRL',
        amount: s.valueCents - toSeller,
        code: 'trade.rounding',
      });
    }
    // the seller's fee and IOF, from what the sale just paid in
    if (s.feeCents > 0) {
      this.commands.push({
        kind: 'transfer',
        id: `trade:${tradeId}:seller-fee`,
        debit: availableRef(seller.owner),
        credit: { system: 'revenue:operating-fee' },
        currency: 'BRL',
        amount: s.feeCents,
        code: 'trade.fee',
      });
    }
    if (s.iofCents > 0) {
      this.commands.push({
        kind: 'transfer',
        id: `trade:${tradeId}:seller-iof`,
        debit: availableRef(seller.owner),
        credit: { system: 'tax:iof' },
        currency: 'BRL',
        amount: s.iofCents,
        code: 'trade.iof',
      });
    }
    this.credit(seller.owner, 'BRL', s.valueCents - s.feeCents - s.iofCents);

    for (const [o, inc] of [
      [buyer, b.valueCents],
      [seller, s.valueCents],
    ] as const) {
      if (o.owner === 'house' || inc === 0) continue;
      this.traded.set(o.owner.userId, (this.traded.get(o.owner.userId) ?? 0) + inc);
      const a = this.accounts.get(ownerKey(o.owner));
      if (a) a.traded += inc;
    }

    if (maker.remaining === 0) this.market.open.delete(maker.id);
    else addOpenValue(this.market, maker, 1);

    this.trades.push({
      id: tradeId,
      maker_order_id: maker.id,
      taker_order_id: taker.id,
      taker_side: taker.side,
      price_cents: fill.price,
      quantity_cg: fill.quantity,
      buyer_value_cents: b.valueCents,
      seller_value_cents: s.valueCents,
      buyer_fee_cents: b.feeCents,
      buyer_iof_cents: b.iofCents,
      seller_fee_cents: s.feeCents,
      seller_iof_cents: s.iofCents,
    });
  }

  /**
   * Everything the batch caused, in one call of orders_apply_batch (migration 0019): the ledger's commands as a plan
   * (ledger/plan.ts; ledger_apply_plan locks the owners and checks every balance the batch lowers), the orders, the
   * trades, the trading usage and the market's counters. Answers false, having written nothing, when the market is no
   * longer at `version - 1`. A refusal of the ledger throws, and nothing of the batch is written.
   */
  async persist(ex: Executor, version: number): Promise<WrittenOrder[] | null> {
    const now = this.now;
    const dirty = [...this.dirty.values()];
    const orderRows = dirty.map(
      (o): BatchOrderRow => ({
        id: o.id,
        user_id: o.owner === 'house' ? null : o.owner.userId,
        side: o.side,
        mode: o.mode,
        status: o.status,
        price_cents: o.price,
        quantity_cg: o.quantity,
        remaining_cg: o.remaining,
        filled_cg: o.filled,
        exact: o.progress.exact,
        value_cents: o.progress.valueCents,
        fee_cents: o.progress.feeCents,
        iof_cents: o.progress.iofCents,
        fee_rate_bps: o.rates.feeRateBps,
        iof_rate_bps: o.rates.iofRateBps,
        minimum_fee_cents: o.rates.minimumFeeCents,
        hold_amount: o.holdAmount,
        hold_seq: o.holdSeq,
        expected_total_cents: o.expectedTotal,
        took_order_id: o.tookOrderId,
        deleted_at: o.cancelled ? now : null,
      }),
    );
    const planned = this.commands.length > 0 ? planBatch(this.commands, (id) => this.closing.get(id)) : null;
    const plan = planned === null ? null : resolvePlan(planned, await this.ledgerAccounts.load(ex, planned));
    let raw: unknown;
    try {
      raw = await callLedger<unknown>(ex, BATCH_STATEMENT, 'orders_apply_batch', [
        ...planArguments(plan),
        recordArray(orderRows.map(orderFields)),
        recordArray(this.trades.map(tradeFields)),
        recordArray([...this.traded]), // orders_batch_usage: (user_id, cents)
        this.year,
        now,
        version,
        this.lastOrderId,
        this.lastTradeId,
      ]);
    } catch (err) {
      const detail = pgErrorDetail(err);
      if (pgErrorCode(err) !== LEDGER_REFUSED || detail === undefined) throw err;
      // a balance changed under us between our read and the ledger's lock (a withdrawal, a transfer), or an account
      // was closed meanwhile
      const refusal = JSON.parse(detail) as { reason: string; account: string };
      if (refusal.reason !== 'insufficient_funds') throw new AppError('ORDER_BOOK_BUSY', MESSAGES.orderBookBusy);
      throw new AppError(
        'INSUFFICIENT_BALANCE',
        refusal.account.endsWith(':AG') ? MESSAGES.orderInsufficientSilver : MESSAGES.orderInsufficientReais,
      );
    }
    if (raw === 'stale') return null;
    if (raw === 'ok') {
      for (const o of dirty) o.updatedAt = now;
      return orderRows.map((r, i) => ({ ...r, created_at: dirty[i]!.createdAt, updated_at: now }));
    }
    throw new Error('orders: orders_apply_batch answered otherwise');
  }
}

/** A placer's account is not where the matcher knows it: the batch runs again with the accounts read again. */
class AccountsNotAsKnown extends Error {
  constructor(code: string) {
    super(`orders: account ${code} is not as known`);
  }
}

/** The SQLSTATE of a refusal of the ledger's plan (its reason and account in the error's detail). */
const LEDGER_REFUSED = 'PR001';
/** orders_apply_batch (migration 0023): the ledger's plan, then the orders, trades and usage as arrays of records. */
const BATCH_STATEMENT = `select orders_apply_batch(${planArgumentsSql(1)}, $16::orders_batch_order[],
  $17::orders_batch_trade[], $18::orders_batch_usage[], $19::integer, $20::timestamptz, $21::bigint, $22::bigint,
  $23::bigint) as r`;

/** An order row as orders_batch_order's fields, in the type's order. */
const orderFields = (o: BatchOrderRow): RecordField[] => [
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

/** What an order's fills have taken from a buy's hold: value + fee + IOF. */
const chargedOf = (p: FillProgress) => p.valueCents + p.feeCents + p.iofCents;

/** A market order's summary from its walk's value: a buy's total, a sell's net, and whether a sell nets above 0. */
function costOf(side: Side, value: number, rates: OrderRates) {
  const { feeCents, iofCents } = feeAndIof(value, rates);
  const total = side === 'buy' ? value + feeCents + iofCents : value - feeCents - iofCents;
  return { total, allowed: side === 'buy' ? value > 0 : total > 0 };
}
