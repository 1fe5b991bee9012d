import { brasiliaYear, type OrderRates } from '@prata/domain';
import type { Database, Executor } from '@/db/client';
import { pgErrorCode, withTransaction } from '@/db/tx';
import { AppError } from '@/lib/errors';
import { logFailure } from '@/lib/log-failure';
import { ACCOUNTS_NOT_AS_KNOWN, AccountFactsCache } from '@/ledger/index';
import {
  type Applied,
  type BatchResult,
  applyBatch,
  emptyMarket,
  type Op,
  ownerKey,
  restStoredOrder,
} from './core/index';
import {
  type BookEntry,
  bookTop,
  type CompletedEntry,
  learnCompleted,
  type Market,
  newMarket,
  type OwnOrderRow,
  ownLists,
  recordCommit,
  type WrittenOrder,
} from './copy';
import { BatchQueue } from './queue';
import {
  accountPrefix,
  bumpMarketVersion,
  loadOpenOrders,
  lockMarket,
  readBatchState,
  setAccounts,
  writeBatch,
} from './repository';

export type { Op, Owner } from './core/index';
export type { BookEntry, CompletedEntry, OwnOrderRow, WrittenOrder } from './copy';

/**
 * The matcher (ARCHITECTURE §5, docs/orders.md): the glue between the queue (queue.ts), the rules (core/), the SQL
 * (repository.ts) and this instance's copy of the market (copy.ts). A batch reads the market's version and everyone's
 * balances, applies its operations with the core, and writes everything it caused with one call of
 * orders_apply_batch, under one advisory lock and only on top of the version it read (so two instances never write
 * over each other, and one PostgreSQL serialises them all). When another instance wrote since, the batch runs again
 * under the lock with the book reloaded. Each request is answered when its batch commits.
 */

/** What one operation did, once its batch committed. */
export type Outcome = Applied & {
  /** the market's version once its batch committed (answers may read the book as of this version or later) */
  version: number;
};

/** Owners known at most; beyond it the batch's read starts them again (memory, not correctness). */
const KNOWN_OWNERS_MAX = 50_000;
/** The refusals that depend on what the matcher knows of a placer's balances, limit and usage. */
const REFUSED_ON_KNOWN = new Set(['INSUFFICIENT_BALANCE', 'TRADING_LIMIT_EXCEEDED']);

/**
 * Moves the market's version, in the transaction given: what the database's triggers do when the rates or a trading
 * limit change (migration 0025). No feature calls it; tests do, to move the market without changing anything.
 */
export const marketInputsChanged = (tx: Executor): Promise<void> => bumpMarketVersion(tx);

/** A batch applied and written: its answers, the version it made, the copy it leaves, the orders it wrote. */
type Committed = { results: Array<Applied | AppError>; version: number; market: Market; written: WrittenOrder[] };

export class MarketEngine {
  private readonly queue: BatchQueue<Op, Outcome>;
  private market: Market | null = null;
  private readonly listeners = new Set<(version: number) => void>();
  private readonly writers = new Set<(orders: WrittenOrder[], version: number) => void>();
  private readonly staleListeners = new Set<() => void>();
  /**
   * The market's version as this instance last knew it: its last commit, or its last read; null before the first, and
   * once a moved market was told (onStale) and not read since.
   */
  private seen: number | null = null;
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
    maxQueue = 20_000,
  ) {
    this.queue = new BatchQueue<Op, Outcome>(
      { run: (ops) => this.runBatch(ops), failed: (err) => this.failed(err) },
      maxQueue,
    );
  }

  /** Applies one operation in its turn; resolves when its batch has committed. */
  submit(op: Op): Promise<Outcome> {
    return this.queue.submit(op);
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
   * Called when a batch finds that the market moved past the version this instance last knew, by a write not its own
   * (another instance's batch, or a trigger's bump: the rates, a trading limit, the orders' history, migrations 0025
   * and 0031), before that batch commits and is answered. Never after this instance's own batches.
   */
  onStale(listener: () => void): () => void {
    this.staleListeners.add(listener);
    return () => this.staleListeners.delete(listener);
  }

  /**
   * The best `depth` resting orders of each side as this instance's copy has them at `version`; null when the copy is
   * not at that version (being changed by a batch, never loaded, or behind another instance's writes).
   */
  bookTop(version: number, depth: number): { asks: BookEntry[]; bids: BookEntry[] } | null {
    const market = this.market;
    if (market === null || market.version !== version) return null;
    return bookTop(market, depth);
  }

  /**
   * A customer's lists as this instance's copy has them at `version` (the version a batch just committed); null when
   * the copy is not at `version` or does not know them (copy.ts ownLists): the caller reads the database.
   */
  ownLists(
    version: number,
    userId: number,
    orderId: number,
  ): { pending: OwnOrderRow[]; completed: number[]; order: OwnOrderRow } | null {
    const market = this.market;
    if (market === null || market.version !== version) return null;
    const lists = ownLists(market, userId, orderId);
    if (lists !== null) this.listsFromCopy++;
    return lists;
  }

  /**
   * A customer's last completed orders as a statement read them at `version`, kept with the copy (copy.ts). The copy
   * may be taken out by a batch in flight: its version and lists are those of the last commit until that batch
   * commits, which brings every list forward.
   */
  learnCompleted(version: number, userId: number, entries: CompletedEntry[]) {
    if (this.learning !== null) learnCompleted(this.learning, version, userId, entries);
  }

  /** Forget the copy of the book: after a failed batch, and in tests, as a restart would. */
  invalidate() {
    this.market = null;
    this.learning = null;
    this.accounts.clear();
  }

  /** The market is found past the version last known: the listeners hear it (onStale). */
  private moved() {
    for (const listener of this.staleListeners) {
      try {
        listener();
      } catch (err) {
        logFailure('orders: a stale listener failed', err);
      }
    }
  }

  /** After a failed batch: the copy is forgotten; a batch that knew an account wrongly runs again, whole. */
  private failed(err: unknown): { retryWhole: boolean } {
    this.invalidate();
    return { retryWhole: err instanceof AccountsNotAsKnown || pgErrorCode(err) === ACCOUNTS_NOT_AS_KNOWN };
  }

  /**
   * One batch for the queue: while this instance's copy of the book is current, the fast path (one read, the
   * matching, one write: a transaction of its own); when another instance wrote a batch since (the read or the write
   * says so), the locked path, which reloads the book.
   */
  private async runBatch(ops: Op[]): Promise<{ results: Array<Outcome | AppError>; answered: () => void }> {
    const tried = this.market !== null;
    const fast = tried ? await this.apply(this.database.db, ops, false) : null;
    if (fast) this.counts.fast++;
    else if (tried) this.counts.stale++;
    const done = fast ?? (await withTransaction(this.database.db, async (tx) => (await this.apply(tx, ops, true))!));
    if (!fast) this.counts.locked++;
    // committed: the copy of the book is the database's again
    this.market = done.market;
    this.learning = done.market;
    this.seen = done.version;
    for (const writer of this.writers) {
      try {
        writer(done.written, done.version);
      } catch (err) {
        // a listener's failure is its own: logged, and the batch's answers still go out
        logFailure('orders: a batch writer failed', err);
      }
    }
    const results = done.results.map((r) => (r instanceof AppError ? r : { ...r, version: done.version }));
    const answered = () => {
      for (const listener of this.listeners) {
        try {
          listener(done.version);
        } catch (err) {
          logFailure('orders: a version listener failed', err);
        }
      }
    };
    return { results, answered };
  }

  /**
   * One batch. Locked: inside its transaction, under the market's advisory lock, reloading the book when another
   * instance changed it. Not locked: on the database, with the copy of the book as it is, each statement a transaction
   * of its own; answers null, having written nothing, when the market is no longer at the copy's version. The copy of
   * the book is taken out while it changes, put back by runBatch on success.
   */
  private async apply(ex: Executor, ops: Op[], locked: boolean): Promise<Committed | null> {
    // under the lock (a statement of its own: a statement's snapshot is taken before it waits), one read: the market's
    // state and rates, and the balances, limits and usage of everyone placing in the batch; none on the fast path when
    // the copy of the book knows all of them (Market.known)
    if (locked) await lockMarket(ex);
    const placing = placersOf(ops);
    const year = brasiliaYear();
    const taken = this.market;
    this.market = null;
    const knownBefore = taken?.known?.year === year ? taken.known : undefined;
    const skipRead =
      !locked && knownBefore !== undefined && [...placing.placers].every((key) => taken!.state.accounts.has(key));
    let market: Market;
    let version: number;
    let rates: OrderRates;
    if (skipRead) {
      market = taken!;
      version = market.version;
      rates = knownBefore!.rates;
    } else {
      const read = await this.read(ex, taken, placing, year, locked);
      if (read === null) return null;
      ({ market, version, rates } = read);
    }
    // the batch changes the copy and what it knows in place: from here, only a commit gives them back to this.market
    market.known = undefined;
    const nowIso = new Date().toISOString();
    const batch = applyBatch(market.state, ops, { rates, nowIso });
    // refused for a balance or a limit on what it knew without reading: again, with everything read
    if (skipRead && batch.results.some((r) => r instanceof AppError && REFUSED_ON_KNOWN.has(r.code))) {
      this.counts.unknown++;
      return null;
    }
    const next = version + 1;
    const written = await this.write(ex, batch, year, nowIso, next);
    if (!written) {
      // another instance wrote a batch since the read (under the lock it cannot), or a trigger moved the version
      if (locked) throw new Error('orders: the market moved on under its lock');
      this.moved();
      // told once: the locked path's read that follows tells nobody again
      this.seen = null;
      return null;
    }
    market.known = { year, rates };
    recordCommit(market, next, written);
    if (!locked && !skipRead) this.counts.read++;
    return { results: batch.results, version: next, market, written };
  }

  /**
   * The batch's read: the market's version, counters and rates, and the placers' accounts (known once seen: their
   * ids, ledger/plan.ts). Answers null on the fast path when the market moved past the copy; loads the copy when it
   * is missing or behind.
   */
  private async read(
    ex: Executor,
    taken: Market | null,
    placing: ReturnType<typeof placersOf>,
    year: number,
    locked: boolean,
  ): Promise<{ market: Market; version: number; rates: OrderRates } | null> {
    const facts = await this.accounts.loadCodes(ex, placing.codes);
    const read = await readBatchState(
      ex,
      placing.codes.map((code) => facts(code).id),
      placing.userIds,
      year,
    );
    // an id that no longer names its code (a database recreated under a running process): the batch fails, and the
    // queue has the engine forget what it knew and run the same batch again
    for (const code of placing.codes) {
      if (read.balances[code] === undefined) throw new AccountsNotAsKnown(code);
    }
    if (this.seen !== null && this.seen !== read.version) this.moved();
    this.seen = read.version;
    if (!locked && taken?.version !== read.version) return null;
    const market = taken !== null && taken.version === read.version ? taken : await loadMarket(ex, read.version);
    market.state.lastOrderId = read.lastOrderId;
    market.state.lastTradeId = read.lastTradeId;
    // the copy is at the version read: what it knew of the others still holds; the placers as read
    const keep = market.known?.year === year && market.state.accounts.size < KNOWN_OWNERS_MAX;
    if (!keep) market.state.accounts = new Map();
    setAccounts(market.state.accounts, placing.placers, read);
    return { market, version: read.version, rates: read.rates };
  }

  /** The batch's write; the orders as written (with their times), or null when the market moved on. */
  private async write(
    ex: Executor,
    batch: BatchResult,
    year: number,
    nowIso: string,
    version: number,
  ): Promise<WrittenOrder[] | null> {
    const ok = await writeBatch(ex, this.accounts, {
      ledgerCommands: batch.ledgerCommands,
      closingHolds: batch.closingHolds,
      orderRows: batch.orderRows,
      trades: batch.trades,
      usage: batch.usage,
      year,
      nowIso,
      version,
      lastOrderId: batch.state.lastOrderId,
      lastTradeId: batch.state.lastTradeId,
    });
    if (!ok) return null;
    return batch.orderRows.map((r, i) => ({ ...r, created_at: batch.changedOrders[i]!.createdAt, updated_at: nowIso }));
  }
}

/** A placer's account is not where the matcher knows it: the batch runs again with the accounts read again. */
class AccountsNotAsKnown extends Error {
  constructor(code: string) {
    super(`orders: account ${code} is not as known`);
  }
}

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

/** The open orders at `version`, as the core needs them. */
async function loadMarket(ex: Executor, version: number): Promise<Market> {
  const state = emptyMarket();
  for (const o of await loadOpenOrders(ex)) restStoredOrder(state, o);
  return newMarket(version, state);
}
