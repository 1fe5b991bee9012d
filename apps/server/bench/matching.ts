// `npm run bench:matching` (or `node --import tsx bench/matching.ts` from apps/server): the matching core's
// throughput, in one process, no database. A seeded stream of operations (limit, market and cancel around a mid price
// that wanders) runs through our OrderBook (src/features/orders/matching) and through the npm package
// nodejs-order-book on the same stream; then the first 20k, 50k, 100k and 200k operations through ours alone, to show
// the rate stays flat as the book grows. Figures: docs/performance.md, "Matching core".
// BENCH_OPS (200000) and BENCH_SEED (20260101) change the stream.
import os from 'node:os';
import { OrderBook as TheirBook, Side as TheirSide } from 'nodejs-order-book';
import { OrderBook } from '@/features/orders/matching/index';
import { seededRandom as mulberry32 } from '@/lib/seeded-random';

const OPS = Number(process.env.BENCH_OPS ?? 200_000);
const SEED = Number(process.env.BENCH_SEED ?? 20_260_101);
const OWNERS = 1000;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const CHECKPOINTS = [20_000, 50_000, 100_000, 200_000].filter((n) => n <= OPS);

type Op =
  | { kind: 'limit'; id: string; owner: string; side: 'buy' | 'sell'; price: number; quantity: number }
  | { kind: 'market'; id: string; owner: string; side: 'buy' | 'sell'; quantity: number }
  | { kind: 'cancel'; id: string };

/**
 * 65 % limits (prices from 5 centavos through the mid to 60 centavos away, so about one in ten crosses), 10 % market
 * orders, 25 % cancels of an earlier limit (filled ones included: a cancel that finds nothing is part of the load).
 * Quantities 0,01 g to 20 g. The mid (R$ 5,00/g to start) takes a ±1 centavo step every 50 operations.
 */
function stream(n: number, seed: number): Op[] {
  const random = mulberry32(seed);
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const ops: Op[] = [];
  const placed: string[] = [];
  let mid = 500;
  for (let i = 0; i < n; i++) {
    if (i % 50 === 0) mid = Math.max(100, mid + int(-1, 1));
    const side = random() < 0.5 ? 'buy' : 'sell';
    const owner = `u${int(1, OWNERS)}`;
    const r = random();
    if (r < 0.65) {
      const offset = int(-5, 60);
      const id = `o${i}`;
      placed.push(id);
      ops.push({
        kind: 'limit',
        id,
        owner,
        side,
        price: side === 'buy' ? mid - offset : mid + offset,
        quantity: int(1, 2000),
      });
    } else if (r < 0.75) {
      ops.push({ kind: 'market', id: `o${i}`, owner, side, quantity: int(1, 3000) });
    } else {
      ops.push({ kind: 'cancel', id: placed[int(0, placed.length - 1)] ?? 'none' });
    }
  }
  return ops;
}

/** Seconds to run `ops` through a fresh book of ours; the book is returned for its size. */
function runOurs(ops: Op[]): { seconds: number; book: OrderBook } {
  const book = new OrderBook();
  const start = process.hrtime.bigint();
  for (const op of ops) {
    if (op.kind === 'limit') book.placeLimit(op);
    else if (op.kind === 'market') book.placeMarket(op);
    else book.cancel(op.id);
  }
  return { seconds: Number(process.hrtime.bigint() - start) / 1e9, book };
}

function runTheirs(ops: Op[]): { seconds: number; book: TheirBook } {
  const book = new TheirBook();
  const start = process.hrtime.bigint();
  for (const op of ops) {
    if (op.kind === 'limit') {
      book.limit({
        id: op.id,
        side: op.side === 'buy' ? TheirSide.BUY : TheirSide.SELL,
        size: op.quantity,
        price: op.price,
      });
    } else if (op.kind === 'market') {
      book.market({ side: op.side === 'buy' ? TheirSide.BUY : TheirSide.SELL, size: op.quantity });
    } else book.cancel(op.id);
  }
  return { seconds: Number(process.hrtime.bigint() - start) / 1e9, book };
}

/** Resting orders and centigrams: the two books should end alike (they differ only by our self-trade skip). */
function restingOf(sides: Array<{ orders: Array<{ size: number }> }>): [orders: number, quantity: number] {
  let orders = 0;
  let quantity = 0;
  for (const level of sides) {
    for (const order of level.orders) {
      orders++;
      quantity += order.size;
    }
  }
  return [orders, quantity];
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

const ops = stream(OPS, SEED);
const counts = { limit: 0, market: 0, cancel: 0 };
for (const op of ops) counts[op.kind]++;

// Alternate the two, after one warm-up run each, and keep the median of RUNS.
runOurs(ops);
runTheirs(ops);
const ours: number[] = [];
const theirs: number[] = [];
let last: OrderBook | null = null;
let lastTheirs: TheirBook | null = null;
for (let i = 0; i < RUNS; i++) {
  const o = runOurs(ops);
  ours.push(o.seconds);
  last = o.book;
  const t = runTheirs(ops);
  theirs.push(t.seconds);
  lastTheirs = t.book;
}
const oursRate = OPS / median(ours);
const theirsRate = OPS / median(theirs);

console.log(`Matching core: ${fmt(OPS)} operations (seed ${SEED}), ${os.cpus().length} cores, Node ${process.version}`);
console.log(`  mix: ${fmt(counts.limit)} limit, ${fmt(counts.market)} market, ${fmt(counts.cancel)} cancel`);
const snap = last!.snapshot();
console.log(
  `  book afterwards: ${fmt(last!.size)} resting orders, ${snap.bids.length} bid and ${snap.asks.length} ask levels`,
);
const oursResting = [...last!.restingOrders('buy'), ...last!.restingOrders('sell')];
const theirSnapshot = lastTheirs!.snapshot();
const [theirOrders, theirQuantity] = restingOf([...theirSnapshot.bids, ...theirSnapshot.asks]);
console.log(
  `  resting afterwards: ours ${fmt(oursResting.length)} orders / ${fmt(oursResting.reduce((a, o) => a + o.remaining, 0))} cg, ` +
    `theirs ${fmt(theirOrders)} / ${fmt(theirQuantity)} cg`,
);
console.log(`  OrderBook (ours)      ${fmt(oursRate)} ops/s  (median of ${RUNS})`);
console.log(`  nodejs-order-book     ${fmt(theirsRate)} ops/s  (median of ${RUNS})`);
console.log(`  ratio                 ${(oursRate / theirsRate).toFixed(2)}×`);
console.log('  ours by stream length (fresh book each, median of runs):');
for (const n of CHECKPOINTS) {
  const prefix = ops.slice(0, n);
  const seconds: number[] = [];
  let size = 0;
  for (let i = 0; i < RUNS; i++) {
    const r = runOurs(prefix);
    seconds.push(r.seconds);
    size = r.book.size;
  }
  console.log(
    `    ${fmt(n).padStart(7)} ops: ${fmt(n / median(seconds)).padStart(10)} ops/s, ${fmt(size)} resting at the end`,
  );
}
