// Is the matching core's rate flat as the book grows? bench/matching.ts times the first 20k, 50k, 100k and 200k
// operations of its stream once each (median of runs), and a run of 20k operations allocates about 6 MB: it fits in
// V8's young generation and never pays a garbage collection inside its timing, while a run of 200k pays every one of
// its scavenges (the resting orders survive and are copied, then promoted). This file times the same prefixes with the
// same work behind each figure: the first n operations on a fresh book, 200k / n times back to back, every collection
// included, the lengths alternating, median of BENCH_RUNS rounds. Same seeded stream as bench/matching.ts (BENCH_SEED).
// `node --import tsx bench/matching-flat.ts`; bench/api.ts runs it after bench/matching.ts. Findings: docs/performance.md.
import { PerformanceObserver } from 'node:perf_hooks';
import { OrderBook } from '@/features/orders/matching/index';
import { seededRandom as mulberry32 } from '@/lib/seeded-random';

const TOTAL = 200_000;
const SEED = Number(process.env.BENCH_SEED ?? 20_260_101);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const LENGTHS = [20_000, 50_000, 100_000, 200_000];

type Op =
  | { kind: 'limit'; id: string; owner: string; side: 'buy' | 'sell'; price: number; quantity: number }
  | { kind: 'market'; id: string; owner: string; side: 'buy' | 'sell'; quantity: number }
  | { kind: 'cancel'; id: string };

/** bench/matching.ts's stream, draw for draw (its book ends with the same 63,273 resting orders). */
function stream(n: number, seed: number): Op[] {
  const random = mulberry32(seed);
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const ops: Op[] = [];
  const placed: string[] = [];
  let mid = 500;
  for (let i = 0; i < n; i++) {
    if (i % 50 === 0) mid = Math.max(100, mid + int(-1, 1));
    const side = random() < 0.5 ? 'buy' : 'sell';
    const owner = `u${int(1, 1000)}`;
    const r = random();
    if (r < 0.65) {
      const offset = int(-5, 60);
      const id = `o${i}`;
      placed.push(id);
      const price = side === 'buy' ? mid - offset : mid + offset;
      ops.push({ kind: 'limit', id, owner, side, price, quantity: int(1, 2000) });
    } else if (r < 0.75) {
      ops.push({ kind: 'market', id: `o${i}`, owner, side, quantity: int(1, 3000) });
    } else {
      ops.push({ kind: 'cancel', id: placed[int(0, placed.length - 1)] ?? 'none' });
    }
  }
  return ops;
}

function runPrefix(ops: Op[], n: number): OrderBook {
  const book = new OrderBook();
  for (let i = 0; i < n; i++) {
    const op = ops[i]!;
    if (op.kind === 'limit') book.placeLimit(op);
    else if (op.kind === 'market') book.placeMarket(op);
    else book.cancel(op.id);
  }
  return book;
}

/** Garbage collections as V8 reports them (pauses on the main thread), in milliseconds. */
const pauses: Array<{ at: number; ms: number; young: boolean }> = [];
const observer = new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    const kind = (e as unknown as { detail?: { kind?: number } }).detail?.kind;
    pauses.push({ at: e.startTime, ms: e.duration, young: kind === 1 });
  }
});
observer.observe({ entryTypes: ['gc'] });
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

const ops = stream(TOTAL, SEED);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

// warm-up: the code optimised the way a long run sees it
for (let i = 0; i < 2; i++) runPrefix(ops, TOTAL);
const rows = new Map<number, { wall: number[]; cpu: number[]; young: number[]; gcMs: number[]; resting: number }>();
for (let round = 0; round < RUNS; round++) {
  for (const n of LENGTHS) {
    const times = TOTAL / n;
    await settle();
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    let resting = 0;
    for (let i = 0; i < times; i++) resting = runPrefix(ops, n).size;
    const t1 = performance.now();
    const cpu = process.cpuUsage(cpu0);
    await settle(); // the observer hears of the pauses after the loop
    const inside = pauses.filter((p) => p.at >= t0 && p.at < t1);
    const row = rows.get(n) ?? { wall: [], cpu: [], young: [], gcMs: [], resting };
    row.wall.push(TOTAL / ((t1 - t0) / 1000));
    row.cpu.push(TOTAL / ((cpu.user + cpu.system) / 1e6));
    row.young.push(inside.filter((p) => p.young).length / times);
    row.gcMs.push(inside.reduce((a, p) => a + p.ms, 0) / times);
    rows.set(n, row);
  }
}
observer.disconnect();

console.log(
  `Matching core, equal work per figure: the first n operations ${TOTAL.toLocaleString('en-US')} / n times on a fresh ` +
    `book, every garbage collection included, median of ${RUNS} rounds (seed ${SEED})`,
);
for (const [n, r] of rows) {
  console.log(
    `  ${fmt(n).padStart(7)} ops: ${fmt(median(r.wall)).padStart(10)} ops/s (${fmt(median(r.cpu)).padStart(10)} per CPU second), ` +
      `${median(r.young).toFixed(1)} young-generation collections and ${median(r.gcMs).toFixed(1)} ms of GC pauses per run, ` +
      `${fmt(r.resting)} resting at the end`,
  );
}
