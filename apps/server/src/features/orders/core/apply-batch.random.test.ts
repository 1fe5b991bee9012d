import { mulDivHalfUp } from '@prata/domain';
import { describe, expect, it } from 'vitest';
import { AppError } from '@/lib/errors';
import { randomInt, seededRandom } from '@/lib/seeded-random';
import { ReferenceBook } from '../matching/reference';
import { applyBatch } from './apply-batch';
import { CUSTOMER_RATES, expectedTakeRefusal, LedgerSim, marketWith, NOW_ISO } from './testing';
import type { Applied, MarketState, Op } from './types';

/**
 * The core against the deliberately simple reference book (matching/reference.ts), without a database: random
 * sequences of limit and market placements, takes and cancels, in batches of one to four. After each batch: each
 * answer as the reference has it, the ledger's commands accepted by a ledger kept in memory (core/testing.ts: no
 * balance below zero, no capture beyond its hold, the closed holds as the plan says), the balances the core tracks
 * equal to that ledger's, the limit's open value equal to the open orders'. After each sequence: the same trades
 * (maker, taker, price, quantity, in order) and the same book. engine.random.test.ts runs the same through PostgreSQL.
 */
const SEQUENCES = Number(process.env.ORDERS_CORE_RANDOM_SEQUENCES ?? 10_000);
const OPS = 24;
const OWNERS = [1, 2, 3, 4];
const FUND = 1e11;

type Trade = { maker: number; taker: number; price: number; quantity: number };

function randomOps(random: () => number, ref: ReferenceBook, count: number): Op[] {
  const ops: Op[] = [];
  for (let g = 0; g < count; g++) {
    const userId = OWNERS[randomInt(random, 0, OWNERS.length - 1)]!;
    const owner = { userId };
    const side = random() < 0.5 ? 'buy' : 'sell';
    const quantityCentigrams = randomInt(random, 2, 8) * 50; // at least 1 g: a limit sell always nets above 0
    const kind = random();
    const resting = [...ref.restingOrders('buy'), ...ref.restingOrders('sell')];
    if (kind < 0.55) {
      const pricePerGramCents = randomInt(random, 895, 905);
      ops.push({ kind: 'place', owner, side, mode: 'limit', pricePerGramCents, quantityCentigrams });
    } else if (kind < 0.7) {
      ops.push({ kind: 'place', owner, side, mode: 'market', quantityCentigrams });
    } else if (kind < 0.85) {
      const target = resting[randomInt(random, 0, Math.max(0, resting.length - 1))];
      const targetOrderId = target ? Number(target.id) : 1;
      ops.push({ kind: 'place', owner, side, mode: 'take', targetOrderId, quantityCentigrams });
    } else {
      const mine = resting.filter((o) => o.owner === `u${userId}`);
      const target = mine[randomInt(random, 0, Math.max(0, mine.length - 1))];
      ops.push({ kind: 'cancel', owner, orderId: target ? Number(target.id) : 1 });
    }
  }
  return ops;
}

/** The reference's answer to one operation, given the core's; a mismatch's description, or null. */
function followOnReference(ref: ReferenceBook, op: Op, result: Applied | AppError, expected: Trade[]): string | null {
  const owner = op.owner === 'house' ? 'house' : `u${op.owner.userId}`;
  const applied = result instanceof AppError ? null : result;
  const code = result instanceof AppError ? result.code : null;
  const resting = () => [...ref.restingOrders('buy'), ...ref.restingOrders('sell')];
  const fillsOf = (fills: Array<{ makerId: string; price: number; quantity: number }>, id: number) => {
    for (const f of fills) expected.push({ maker: Number(f.makerId), taker: id, price: f.price, quantity: f.quantity });
  };
  if (op.kind === 'cancel') {
    const found = resting().find((o) => o.id === String(op.orderId));
    const ok = found !== undefined && found.owner === owner;
    if (ok !== (applied !== null)) return 'cancel';
    if (ok) ref.cancel(String(op.orderId));
    return null;
  }
  if (op.mode === 'limit') {
    if (!applied) return `limit refused (${code})`;
    const placed = ref.placeLimit({
      id: String(applied.orderId),
      owner,
      side: op.side,
      price: op.pricePerGramCents!,
      quantity: op.quantityCentigrams,
      seq: applied.orderId,
    });
    fillsOf(placed.fills, applied.orderId);
    return null;
  }
  if (op.mode === 'market') {
    const walk = ref.averagePrice(op.side, op.quantityCentigrams, owner);
    if (walk.filledQuantity < op.quantityCentigrams) {
      return code === 'ORDER_NOT_ENOUGH_IN_BOOK' ? null : 'market should lack depth';
    }
    if (!applied) return `market refused (${code})`;
    const id = String(applied.orderId);
    fillsOf(ref.placeMarket({ id, owner, side: op.side, quantity: op.quantityCentigrams }).fills, applied.orderId);
    return null;
  }
  const refusal = expectedTakeRefusal(ref, op, owner);
  if (refusal) return code === refusal ? null : `take should be ${refusal}`;
  if (!applied) return `take refused (${code})`;
  const took = ref.take({
    id: String(applied.orderId),
    owner,
    targetId: String(op.targetOrderId),
    quantity: op.quantityCentigrams,
  });
  if (took.ok) fillsOf([took.fill], applied.orderId);
  return null;
}

/**
 * What the core's state must always agree on: the book and the open orders, each customer's open orders, the limit's
 * open value, the balances.
 */
function stateProblems(state: MarketState, ledger: LedgerSim): string[] {
  const problems: string[] = [];
  const booked = [...state.book.restingOrders('buy'), ...state.book.restingOrders('sell')];
  if (booked.length !== state.openOrders.size)
    problems.push(`book has ${booked.length}, open ${state.openOrders.size}`);
  for (const r of booked) {
    const o = state.openOrders.get(Number(r.id));
    if (!o || o.remainingCentigrams !== r.remaining) problems.push(`order ${r.id} differs from the book`);
  }
  const openValue = new Map<string, number>();
  for (const o of state.openOrders.values()) {
    if (o.owner === 'house') continue;
    const key = `u${o.owner.userId}`;
    openValue.set(key, (openValue.get(key) ?? 0) + mulDivHalfUp(o.pricePerGramCents!, o.remainingCentigrams, 100));
  }
  for (const key of new Set([...openValue.keys(), ...state.openValueCents.keys()])) {
    if ((openValue.get(key) ?? 0) !== (state.openValueCents.get(key) ?? 0)) problems.push(`${key}: open value`);
  }
  // each customer's open orders as the index keeps them: exactly theirs, none other, no customer left empty
  const own = new Map<number, number[]>();
  for (const o of state.openOrders.values()) {
    if (o.owner !== 'house') own.set(o.owner.userId, [...(own.get(o.owner.userId) ?? []), o.id]);
  }
  const indexed = [...state.openByCustomer].map(([u, ids]) => [u, [...ids].sort((a, b) => a - b)]);
  const derived = [...own].map(([u, ids]) => [u, ids.sort((a, b) => a - b)]);
  const byUser = (a: (number | number[])[], b: (number | number[])[]) => Number(a[0]) - Number(b[0]);
  if (JSON.stringify(indexed.sort(byUser)) !== JSON.stringify(derived.sort(byUser))) {
    problems.push('the open orders by customer differ from the open orders');
  }
  for (const [key, a] of state.accounts) {
    if (a.availableCents !== ledger.balance(key, 'available', 'BRL')) problems.push(`${key}: reais as tracked`);
    if (a.availableCentigrams !== ledger.balance(key, 'available', 'AG')) problems.push(`${key}: silver as tracked`);
  }
  if (ledger.total('BRL') !== 0 || ledger.total('AG') !== 0) problems.push('money created or lost');
  return problems;
}

function runSequence(s: number): string[] {
  const random = seededRandom(10_000 + s);
  const ref = new ReferenceBook();
  const ledger = new LedgerSim();
  const accounts = Object.fromEntries(
    OWNERS.map((id) => [`u${id}`, { availableCents: FUND, availableCentigrams: FUND, tradingLimitCents: 1e14 }]),
  );
  for (const id of OWNERS) {
    ledger.fund(`u${id}`, 'BRL', FUND);
    ledger.fund(`u${id}`, 'AG', FUND);
  }
  let state = marketWith(accounts);
  const expected: Trade[] = [];
  const trades: Trade[] = [];
  const problems: string[] = [];
  for (let i = 0; i < OPS; ) {
    const ops = randomOps(random, ref, Math.min(OPS - i, randomInt(random, 1, 4)));
    const batch = applyBatch(state, ops, { rates: CUSTOMER_RATES, nowIso: NOW_ISO });
    state = batch.state;
    ops.forEach((op, k) => {
      const miss = followOnReference(ref, op, batch.results[k]!, expected);
      if (miss) problems.push(`sequence ${s}, op ${i + k}: ${miss}: ${JSON.stringify(op)}`);
    });
    for (const t of batch.trades) {
      trades.push({ maker: t.maker_order_id, taker: t.taker_order_id, price: t.price_cents, quantity: t.quantity_cg });
    }
    problems.push(...ledger.apply(batch).map((p) => `sequence ${s}, op ${i}: ledger: ${p}`));
    problems.push(...stateProblems(state, ledger).map((p) => `sequence ${s}, op ${i}: ${p}`));
    i += ops.length;
  }
  if (JSON.stringify(trades) !== JSON.stringify(expected)) problems.push(`sequence ${s}: trades differ`);
  const book = [...state.openOrders.values()].map((o) => [o.id, o.side, o.pricePerGramCents, o.remainingCentigrams]);
  const refBook = [...ref.restingOrders('buy'), ...ref.restingOrders('sell')]
    .sort((a, b) => Number(a.id) - Number(b.id))
    .map((o) => [Number(o.id), o.side, o.price, o.remaining]);
  if (JSON.stringify(book.sort((a, b) => Number(a[0]) - Number(b[0]))) !== JSON.stringify(refBook)) {
    problems.push(`sequence ${s}: book differs`);
  }
  return problems;
}

describe('the core against the reference book, without a database', () => {
  it(`${SEQUENCES} random sequences: the same answers, trades and book; the ledger accepts every batch`, () => {
    const problems: string[] = [];
    for (let s = 0; s < SEQUENCES && problems.length < 10; s++) problems.push(...runSequence(s));
    expect(problems).toEqual([]);
  }, 120_000);
});
