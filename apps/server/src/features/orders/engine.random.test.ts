import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { post, reconcile } from '@/ledger/index';
import { createLedgerUsers } from '../../../test/ledger-users';
import { rows } from '@/db/sql';
import { int } from '@/db/integers';
import { users } from '@/db/schema/index';
import { inArray } from 'drizzle-orm';
import { type Op, type Outcome, MarketEngine } from './engine';
import { ReferenceBook } from './matching/reference';
import { expectedTakeRefusal } from './core/testing';
import { randomInt, seededRandom } from '@/lib/seeded-random';

/**
 * The matcher against the deliberately simple reference book (matching/reference.ts), through the database: random
 * sequences of limit and market placements, takes and cancels, some submitted together so they share a batch. After
 * each sequence: the same trades (maker, taker, price, quantity, in order), the same book, and the ledger reconciles.
 * ORDERS_RANDOM_SEQUENCES sets how many (CI runs 60; the rules alone run 10,000 without a database in
 * core/apply-batch.random.test.ts, with a ledger kept in memory; the book alone in matching/order-book.random.test.ts).
 */
const SEQUENCES = Number(process.env.ORDERS_RANDOM_SEQUENCES ?? 60);
const OPS = 24;

let t: TestApp;
let owners: number[];
let engine: MarketEngine;

beforeAll(async () => {
  t = await buildTestApp();
  owners = await createLedgerUsers(t.database.db, 4);
  await t.database.db.update(users).set({ tradingLimitCents: 1e14 }).where(inArray(users.id, owners));
  for (const id of owners) {
    for (const [currency, debit] of [
      ['BRL', 'pix:clearing'],
      ['AG', 'vault'],
    ] as const) {
      await post(t.database.db, {
        id: `fund:${randomUUID()}`,
        debit: { system: debit },
        credit: { customer: id, bucket: 'available' },
        currency,
        amount: 1e11,
        code: 'test.fund',
      });
    }
  }
  engine = new MarketEngine(t.database);
}, 60_000);

type Trade = { maker: number; taker: number; price: number; quantity: number };

async function tradesAfter(id: number): Promise<Trade[]> {
  const found = await rows<{ maker: string; taker: string; price: string; quantity: string }>(
    t.database.db,
    sql`select maker_order_id::text as maker, taker_order_id::text as taker, price_cents::text as price,
               quantity_cg::text as quantity from trades where id > ${id} order by id`,
  );
  return found.map((r) => ({
    maker: int(r.maker),
    taker: int(r.taker),
    price: int(r.price),
    quantity: int(r.quantity),
  }));
}

async function openOrders() {
  const found = await rows<{ id: string; user_id: string; side: string; price: string; remaining: string }>(
    t.database.db,
    sql`select o.id::text, o.user_id::text, o.side, o.price_cents::text as price, o.remaining_cg::text as remaining
          from orders o where o.status = 'open' order by o.id`,
  );
  return found.map((r) => ({
    id: int(r.id),
    owner: `u${r.user_id}`,
    side: r.side,
    price: int(r.price),
    remaining: int(r.remaining),
  }));
}

async function lastTradeId() {
  const [r] = await rows<{ n: string }>(t.database.db, sql`select coalesce(max(id), 0)::text as n from trades`);
  return int(r!.n);
}

describe('the matcher against the reference book, through the database', () => {
  it(
    `${SEQUENCES} random sequences: the same trades, the same book, and the ledger reconciles after each`,
    async () => {
      let mismatches = 0;
      const problems: string[] = [];
      for (let s = 0; s < SEQUENCES; s++) {
        const random = seededRandom(10_000 + s);
        const ref = new ReferenceBook();
        const expected: Trade[] = [];
        const since = await lastTradeId();
        let i = 0;
        while (i < OPS) {
          // one to four operations submitted together (one batch, most of the time)
          const group = Math.min(OPS - i, randomInt(random, 1, 4));
          const ops: Op[] = [];
          for (let g = 0; g < group; g++) {
            const ownerId = owners[randomInt(random, 0, owners.length - 1)]!;
            const side = random() < 0.5 ? 'buy' : 'sell';
            const quantity = randomInt(random, 2, 8) * 50; // at least 1 g: a limit sell always nets above 0
            const kind = random();
            if (kind < 0.55)
              ops.push({
                kind: 'place',
                owner: { userId: ownerId },
                side,
                mode: 'limit',
                pricePerGramCents: randomInt(random, 895, 905),
                quantityCentigrams: quantity,
              });
            else if (kind < 0.7)
              ops.push({
                kind: 'place',
                owner: { userId: ownerId },
                side,
                mode: 'market',
                quantityCentigrams: quantity,
              });
            else if (kind < 0.85) {
              const resting = [...ref.restingOrders('buy'), ...ref.restingOrders('sell')];
              const target = resting[randomInt(random, 0, Math.max(0, resting.length - 1))];
              ops.push({
                kind: 'place',
                owner: { userId: ownerId },
                side,
                mode: 'take',
                targetOrderId: target ? Number(target.id) : 1,
                quantityCentigrams: quantity,
              });
            } else {
              const mine = [...ref.restingOrders('buy'), ...ref.restingOrders('sell')].filter(
                (o) => o.owner === `u${ownerId}`,
              );
              const target = mine[randomInt(random, 0, Math.max(0, mine.length - 1))];
              ops.push({ kind: 'cancel', owner: { userId: ownerId }, orderId: target ? Number(target.id) : 1 });
            }
          }
          i += group;
          const settled = await Promise.allSettled(ops.map((op) => engine.submit(op)));
          // the reference applies the same operations in the same order, with the ids the matcher gave
          for (let k = 0; k < ops.length; k++) {
            const op = ops[k]!;
            const r = settled[k]!;
            const miss = (why: string) => {
              mismatches++;
              problems.push(
                `sequence ${s}, op ${i - group + k}: ${why}: ${JSON.stringify(op)} → ${r.status === 'fulfilled' ? JSON.stringify(r.value) : (r.reason as Error).message}`,
              );
            };
            const owner = `u${op.owner === 'house' ? 0 : op.owner.userId}`;
            const outcome = r.status === 'fulfilled' ? (r.value as Outcome) : null;
            const code = r.status === 'rejected' ? (r.reason as { code?: string }).code : null;
            if (op.kind === 'cancel') {
              const refOrder = [...ref.restingOrders('buy'), ...ref.restingOrders('sell')].find(
                (o) => o.id === String(op.orderId),
              );
              const ok = refOrder !== undefined && refOrder.owner === owner;
              if (ok !== (outcome !== null)) miss('cancel');
              if (ok) ref.cancel(String(op.orderId));
              continue;
            }
            const fillsOf = (fills: Array<{ makerId: string; price: number; quantity: number }>, id: number) => {
              for (const f of fills)
                expected.push({ maker: Number(f.makerId), taker: id, price: f.price, quantity: f.quantity });
            };
            if (op.mode === 'limit') {
              if (!outcome) {
                miss('limit refused');
                continue;
              }
              const res = ref.placeLimit({
                id: String(outcome.orderId),
                owner,
                side: op.side,
                price: op.pricePerGramCents!,
                quantity: op.quantityCentigrams,
                seq: outcome.orderId,
              });
              fillsOf(res.fills, outcome.orderId);
            } else if (op.mode === 'market') {
              const walk = ref.averagePrice(op.side, op.quantityCentigrams, owner);
              if (walk.filledQuantity < op.quantityCentigrams) {
                if (code !== 'ORDER_NOT_ENOUGH_IN_BOOK') miss('market should lack depth');
                continue;
              }
              if (!outcome) {
                miss('market refused');
                continue;
              }
              fillsOf(
                ref.placeMarket({ id: String(outcome.orderId), owner, side: op.side, quantity: op.quantityCentigrams })
                  .fills,
                outcome.orderId,
              );
            } else {
              const refusal = expectedTakeRefusal(ref, op, owner);
              if (refusal) {
                if (code !== refusal) miss(`take should be ${refusal}`);
                continue;
              }
              if (!outcome) {
                miss('take refused');
                continue;
              }
              const res = ref.take({
                id: String(outcome.orderId),
                owner,
                targetId: String(op.targetOrderId),
                quantity: op.quantityCentigrams,
              });
              if (res.ok) fillsOf([res.fill], outcome.orderId);
            }
          }
        }
        const trades = await tradesAfter(since);
        if (JSON.stringify(trades) !== JSON.stringify(expected)) {
          mismatches++;
          problems.push(`sequence ${s}: trades ${JSON.stringify(trades)} expected ${JSON.stringify(expected)}`);
        }
        const book = await openOrders();
        const refBook = [...ref.restingOrders('buy'), ...ref.restingOrders('sell')]
          .map((o) => ({ id: Number(o.id), owner: o.owner, side: o.side, price: o.price, remaining: o.remaining }))
          .sort((a, b) => a.id - b.id);
        if (JSON.stringify(book) !== JSON.stringify(refBook)) {
          mismatches++;
          problems.push(`sequence ${s}: book ${JSON.stringify(book)} expected ${JSON.stringify(refBook)}`);
        }
        const rec = await reconcile(t.database.db);
        expect(rec.problems, `sequence ${s}`).toEqual([]);
        expect(problems, `sequence ${s}`).toEqual([]);
        // the next sequence starts from an empty book
        for (const o of book)
          await engine.submit({ kind: 'cancel', owner: { userId: Number(o.owner.slice(1)) }, orderId: o.id });
      }
      expect(mismatches).toBe(0);
    },
    Math.max(600_000, SEQUENCES * 2_000),
  );
});
