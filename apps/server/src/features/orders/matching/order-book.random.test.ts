import { describe, expect, it } from 'vitest';
import { OrderBook } from './index';
import { randomInt, seededRandom } from '@/lib/seeded-random';
import { ReferenceBook } from './reference';

const SEQUENCES = 10_000;
const MAX_OPS = 40;
const OWNERS = ['ana', 'bia', 'caio'];
// One run's seeds: SEED (env) or a fresh one, printed on failure so the run can be repeated.
const BASE_SEED = Number(process.env.SEED ?? Math.floor(Math.random() * 2 ** 31));

type Op =
  | { kind: 'limit'; id: string; owner: string; side: 'buy' | 'sell'; price: number; quantity: number; seq?: number }
  | { kind: 'market'; id: string; owner: string; side: 'buy' | 'sell'; quantity: number; limitValue?: number }
  | { kind: 'take'; id: string; owner: string; targetId: string; quantity: number }
  | { kind: 'cancel'; id: string }
  | { kind: 'average'; side: 'buy' | 'sell'; quantity: number; owner?: string };

function generate(seed: number): Op[] {
  const random = seededRandom(seed);
  const pick = <T>(items: T[]): T => items[randomInt(random, 0, items.length - 1)]!;
  const ops: Op[] = [];
  const ids: string[] = [];
  const n = randomInt(random, 1, MAX_OPS);
  for (let i = 0; i < n; i++) {
    const id = `o${i}`;
    const owner = pick(OWNERS);
    const side = random() < 0.5 ? 'buy' : 'sell';
    const r = random();
    if (r < 0.5) {
      // A narrow band of prices, so levels collide, orders cross and queues form.
      const op: Op = {
        kind: 'limit',
        id,
        owner,
        side,
        price: randomInt(random, 95, 105),
        quantity: randomInt(random, 1, 60),
      };
      if (random() < 0.1) op.seq = randomInt(random, 1, 2 * n); // rebuilt out of order, ties included
      ops.push(op);
      ids.push(id);
    } else if (r < 0.65) {
      const op: Op = { kind: 'market', id, owner, side, quantity: randomInt(random, 1, 150) };
      if (side === 'buy' && random() < 0.4) op.limitValue = randomInt(random, 1, 150);
      ops.push(op);
    } else if (r < 0.8) {
      const targetId = ids.length > 0 && random() < 0.9 ? pick(ids) : 'missing';
      ops.push({ kind: 'take', id, owner, targetId, quantity: randomInt(random, 1, 80) });
    } else if (r < 0.92) {
      ops.push({ kind: 'cancel', id: ids.length > 0 && random() < 0.9 ? pick(ids) : 'missing' });
    } else {
      const op: Op = { kind: 'average', side, quantity: randomInt(random, 1, 200) };
      if (random() < 0.5) op.owner = owner;
      ops.push(op);
    }
  }
  return ops;
}

function apply(book: OrderBook | ReferenceBook, op: Op): unknown {
  switch (op.kind) {
    case 'limit':
      return book.placeLimit(op);
    case 'market':
      return book.placeMarket(op);
    case 'take':
      return book.take(op);
    case 'cancel':
      return book.cancel(op.id);
    case 'average':
      return book.averagePrice(op.side, op.quantity, op.owner);
  }
}

/** Null when both books agree on every answer and on the book afterwards; otherwise what differed first. */
function mismatch(seed: number): string | null {
  const ops = generate(seed);
  const book = new OrderBook();
  const reference = new ReferenceBook();
  for (const [i, op] of ops.entries()) {
    const got = JSON.stringify(apply(book, op));
    const want = JSON.stringify(apply(reference, op));
    if (got !== want) return `seed ${seed}, op ${i} ${JSON.stringify(op)}:\n  got  ${got}\n  want ${want}`;
  }
  for (const side of ['buy', 'sell'] as const) {
    const got = JSON.stringify(book.restingOrders(side));
    const want = JSON.stringify(reference.restingOrders(side));
    if (got !== want) return `seed ${seed}, ${side} side afterwards:\n  got  ${got}\n  want ${want}`;
  }
  if (book.size !== reference.size) return `seed ${seed}: size ${book.size}, reference ${reference.size}`;
  return null;
}

describe('OrderBook against the reference book', () => {
  it(`agrees on ${SEQUENCES} random sequences (base seed ${BASE_SEED})`, () => {
    const mismatches: string[] = [];
    for (let s = 0; s < SEQUENCES; s++) {
      const found = mismatch(BASE_SEED + s);
      if (found !== null) mismatches.push(found);
    }
    expect(mismatches.slice(0, 3), `${mismatches.length} mismatches; rerun with SEED=${BASE_SEED}`).toEqual([]);
  });

  it('also agrees on aggregated levels, best prices and the book after a long run', () => {
    const random = seededRandom(BASE_SEED);
    const book = new OrderBook();
    const reference = new ReferenceBook();
    for (let i = 0; i < 3000; i++) {
      const op: Op =
        random() < 0.8
          ? {
              kind: 'limit',
              id: `l${i}`,
              owner: OWNERS[i % 3]!,
              side: random() < 0.5 ? 'buy' : 'sell',
              price: randomInt(random, 90, 110),
              quantity: randomInt(random, 1, 50),
            }
          : { kind: 'cancel', id: `l${randomInt(random, 0, i)}` };
      expect(apply(book, op), `seed ${BASE_SEED} op ${i}`).toEqual(apply(reference, op));
    }
    expect(book.restingOrders('buy')).toEqual(reference.restingOrders('buy'));
    expect(book.restingOrders('sell')).toEqual(reference.restingOrders('sell'));
    const levels = (side: 'buy' | 'sell') => {
      const out = new Map<number, { price: number; quantity: number; orders: number }>();
      for (const o of reference.restingOrders(side)) {
        const level = out.get(o.price) ?? { price: o.price, quantity: 0, orders: 0 };
        level.quantity += o.remaining;
        level.orders++;
        out.set(o.price, level);
      }
      return [...out.values()];
    };
    expect(book.snapshot()).toEqual({ bids: levels('buy'), asks: levels('sell') });
    expect(book.bestBid()).toBe(levels('buy')[0]?.price ?? null);
    expect(book.bestAsk()).toBe(levels('sell')[0]?.price ?? null);
  });
});
