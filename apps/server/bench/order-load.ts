// The load of the order bench (bench/orders.ts), in a process of its own so it never shares an event loop with the
// server it measures: every request a new random limit order (a buy or a sell around a reference price, so most of
// them cross) from the next customer (their own bearer token), with the summary's total_amount computed by the domain's
// orderCost, as the web computes it. Sent by wrk (Debian's package `wrk`, C: about 50 µs of CPU per order, a quarter of
// autocannon's, and the CPU it leaves is the server's on a 2-core machine; pgbench's client is C too) replaying the
// stream this file writes with order-load.lua, or, when wrk is not installed or BENCH_LOAD=autocannon, by autocannon's
// programmatic API from the same seeded stream. Reads its plan (a JSON file named by the first argument), prints one
// JSON line of results on stdout: the answers by status code, and the latency of the 201s (wrk's: of every answer).
import { execFile, execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { orderCost } from '@prata/domain';
import { seededRandom as mulberry32 } from '@/lib/seeded-random';

export type OrderLoadPlan = {
  url: string;
  tokens: string[];
  connections: number;
  seconds: number;
  warmupSeconds: number;
  /** centavos per gram: the reference price orders are placed around */
  mid: number;
  feeRateBps: number;
  iofRateBps: number;
  minimumFeeCents: number;
  seed: number;
};

export type OrderLoadResult = {
  /** what made the load: wrk (when installed) or autocannon */
  generator: 'wrk' | 'autocannon';
  /** measured seconds (autocannon's own clock) */
  seconds: number;
  /** answers by HTTP status ('0' for connection errors and timeouts) */
  statuses: Record<string, number>;
  /** latency (ms) of the 201 answers, and of every answer */
  created: { count: number; p50: number; p90: number; p99: number; max: number; mean: number };
  all: { count: number; p50: number; p99: number };
  /** bytes per 201 answer, headers included */
  bytesPerCreated: number;
  /** this process's CPU time (user + system, µs) over the measured run: the load's own cost */
  cpuUs: number;
  /** the first body of each non-201 status, to say why */
  samples: Record<string, string>;
  buys: number;
  sells: number;
};

type Request = { method?: string; path?: string; headers?: Record<string, string>; body?: string };
type Instance = NodeJS.EventEmitter & { stop(): void };
type AutocannonResult = { duration: number; errors: number; timeouts: number };
type Autocannon = (
  opts: {
    url: string;
    connections: number;
    duration: number;
    timeout?: number;
    requests: Array<{
      method: string;
      setupRequest(req: Request): Request;
      onResponse?(status: number, body: string): void;
    }>;
  },
  done: (err: Error | null, result: AutocannonResult) => void,
) => Instance;

const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;
const execFileAsync = promisify(execFile);
const HERE = path.dirname(fileURLToPath(import.meta.url));

/**
 * A buy priced from 2 centavos under the reference to 8 over it, a sell from 8 under to 2 over: most orders cross
 * the best order of the other side, some rest a little away from it, and the book stays small (what rests is taken by
 * the next orders of the other side). 2 g to 20 g: a sell's net stays above zero after the R$ 5,00 minimum fee.
 * Centavos and centigrams; `totalCents` is the summary's total (a buy's to pay, a sell's net).
 */
export function randomOrderCents(
  plan: Pick<OrderLoadPlan, 'mid' | 'feeRateBps' | 'iofRateBps' | 'minimumFeeCents'>,
  random: () => number,
) {
  const side = random() < 0.5 ? ('buy' as const) : ('sell' as const);
  const offset = -2 + Math.floor(random() * 11);
  const price = side === 'buy' ? plan.mid + offset : plan.mid - offset;
  const quantity = 200 + Math.floor(random() * 1801);
  return priced(plan, side, price, quantity);
}

type PricingPlan = Pick<OrderLoadPlan, 'mid' | 'feeRateBps' | 'iofRateBps' | 'minimumFeeCents'>;

/** A limit order with the summary's total (a buy's to pay, a sell's net), as the web computes it. */
function priced(plan: PricingPlan, side: 'buy' | 'sell', price: number, quantity: number) {
  const cost = orderCost({
    side,
    pricePerGramCents: price,
    quantityCentigrams: quantity,
    feeRateBps: plan.feeRateBps,
    iofRateBps: plan.iofRateBps,
    minimumFeeCents: plan.minimumFeeCents,
  });
  return { side, price, quantity, totalCents: cost.totalCents };
}

/**
 * The depth of a market in service beside the crossing flow: `perSide` resting orders of 3 g on each side, from 20
 * centavos away from the reference on (asks above it, bids below), where randomOrderCents's orders never reach. The
 * orders screen's lists (BOOK_ROWS a side, in every placement's answer) are then as full on an empty database as on a
 * seeded decade's, whose idle asks rest above the market.
 */
export function restingBookCents(plan: PricingPlan, perSide: number) {
  const quantity = 300;
  return Array.from({ length: perSide }, (_, k) =>
    (['sell', 'buy'] as const).map((side) =>
      priced(plan, side, side === 'sell' ? plan.mid + 20 + k : plan.mid - 20 - k, quantity),
    ),
  ).flat();
}

/** The same order as the request's body: reais per gram, grams, the summary's total in reais. */
export function randomOrder(plan: OrderLoadPlan, random: () => number) {
  const { side, price, quantity, totalCents } = randomOrderCents(plan, random);
  return {
    side,
    body: {
      mode: 'limit',
      price_per_gram: price / 100,
      quantity_grams: quantity / 100,
      total_amount: totalCents / 100,
    },
  };
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** One autocannon run; with `record`, the answers and their latencies. */
function drive(plan: OrderLoadPlan, seconds: number, random: () => number, record: boolean) {
  const statuses: Record<string, number> = {};
  const samples: Record<string, string> = {};
  const created: number[] = [];
  const all: number[] = [];
  let buys = 0;
  let sells = 0;
  let next = 0;
  let createdBytes = 0;
  const cpu = process.cpuUsage();
  return new Promise<OrderLoadResult>((resolve, reject) => {
    const instance = autocannon(
      {
        url: plan.url,
        connections: plan.connections,
        duration: seconds,
        timeout: 30,
        requests: [
          {
            method: 'POST',
            setupRequest(req) {
              const { side, body } = randomOrder(plan, random);
              if (side === 'buy') buys++;
              else sells++;
              // round robin over the customers: every request another one's token
              const token = plan.tokens[next++ % plan.tokens.length]!;
              return {
                ...req,
                method: 'POST',
                path: `/api/order/${side}`,
                headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
                body: JSON.stringify(body),
              };
            },
            onResponse(status, body) {
              if (record && status !== 201 && samples[status] === undefined) samples[status] = body.slice(0, 300);
            },
          },
        ],
      },
      (err, result) => {
        if (err) return reject(err);
        const used = process.cpuUsage(cpu);
        if (result.errors + result.timeouts > 0) {
          statuses['0'] = result.errors + result.timeouts;
        }
        const sortedCreated = Float64Array.from(created).sort();
        const sortedAll = Float64Array.from(all).sort();
        resolve({
          generator: 'autocannon',
          seconds: result.duration,
          statuses,
          created: {
            count: created.length,
            p50: percentile(sortedCreated, 50),
            p90: percentile(sortedCreated, 90),
            p99: percentile(sortedCreated, 99),
            max: sortedCreated.length > 0 ? sortedCreated[sortedCreated.length - 1]! : 0,
            mean: created.length > 0 ? created.reduce((a, b) => a + b, 0) / created.length : 0,
          },
          all: { count: all.length, p50: percentile(sortedAll, 50), p99: percentile(sortedAll, 99) },
          bytesPerCreated: created.length > 0 ? Math.round(createdBytes / created.length) : 0,
          cpuUs: used.user + used.system,
          samples,
          buys,
          sells,
        });
      },
    );
    instance.on('response', (_client: unknown, status: number, bytes: number, ms: number) => {
      if (!record) return;
      statuses[status] = (statuses[status] ?? 0) + 1;
      all.push(ms);
      if (status === 201) {
        created.push(ms);
        createdBytes += bytes;
      }
    });
  });
}

// ------------------------------------------------------------------ wrk

/** wrk (a C load generator, Debian's package `wrk`) when it is installed, unless BENCH_LOAD=autocannon. */
export function loadGenerator(): 'wrk' | 'autocannon' {
  if (process.env.BENCH_LOAD === 'autocannon') return 'autocannon';
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
    return 'wrk';
  } catch (e) {
    // wrk --version exits 1 after printing its usage: it is there
    return (e as { code?: string }).code === 'ENOENT' ? 'autocannon' : 'wrk';
  }
}

/**
 * The stream of orders as wrk replays it: one line per request ("<path>\t<token>\t<body>"), the same orders in the same
 * order as autocannon's driver sends from the same seed, enough for `requests` of them (wrk starts over at the end).
 */
async function writeStream(plan: OrderLoadPlan, file: string, requests: number) {
  const random = mulberry32(plan.seed);
  const lines: string[] = [];
  const sides: Array<'buy' | 'sell'> = [];
  for (let i = 0; i < requests; i++) {
    const { side, body } = randomOrder(plan, random);
    sides.push(side);
    lines.push(`/api/order/${side}\t${plan.tokens[i % plan.tokens.length]}\t${JSON.stringify(body)}`);
  }
  await writeFile(file, `${lines.join('\n')}\n`);
  return sides;
}

const TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  } catch {
    return 100;
  }
})();

/** One wrk run of `seconds` from the stream's `start`; its figures as "key\tvalue" lines (order-load.lua's done). */
async function wrkRun(plan: OrderLoadPlan, file: string, seconds: number, start: number) {
  const url = new URL(plan.url);
  const { stdout } = await execFileAsync(
    'wrk',
    [
      '-t1',
      `-c${plan.connections}`,
      `-d${seconds}s`,
      '--timeout',
      '30s',
      '-s',
      path.join(HERE, 'order-load.lua'),
      `${url.protocol}//${url.host}`,
      '--',
      file,
      String(start),
    ],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  const figures = new Map<string, string>();
  for (const line of stdout.split('\n')) {
    const tab = line.indexOf('\t');
    if (tab > 0) figures.set(line.slice(0, tab), line.slice(tab + 1));
  }
  if (!figures.has('requests')) throw new Error(`wrk printed no figures:\n${stdout}`);
  const n = (k: string) => Number(figures.get(k) ?? 0);
  return { figures, n };
}

/** The warm-up and the measured run with wrk: the same plan and the same result as autocannon's driver. */
async function driveWrk(plan: OrderLoadPlan, onMeasuring: () => void): Promise<OrderLoadResult> {
  const dir = await mkdtemp(path.join(tmpdir(), 'prata-order-load-'));
  try {
    const file = path.join(dir, 'orders.tsv');
    const sides = await writeStream(plan, file, Math.ceil((plan.seconds + plan.warmupSeconds) * 8000));
    let start = 0;
    if (plan.warmupSeconds > 0) start = (await wrkRun(plan, file, plan.warmupSeconds, 0)).n('requests');
    onMeasuring();
    const { figures, n } = await wrkRun(plan, file, plan.seconds, start);
    const statuses: Record<string, number> = {};
    const samples: Record<string, string> = {};
    for (const [k, v] of figures) {
      if (k.startsWith('status.')) statuses[k.slice(7)] = Number(v);
      if (k.startsWith('sample.')) samples[k.slice(7)] = v;
    }
    if (n('errors') > 0) statuses['0'] = n('errors');
    const requests = n('requests');
    let buys = 0;
    for (let i = 0; i < requests; i++) if (sides[(start + i) % sides.length] === 'buy') buys++;
    const created = statuses['201'] ?? 0;
    const ms = (k: string) => n(k) / 1000;
    return {
      generator: 'wrk',
      seconds: n('duration_us') / 1e6,
      statuses,
      // wrk's latencies are of every answer (in the bench they are all 201s; the statuses say when not)
      created: {
        count: created,
        p50: ms('p50_us'),
        p90: ms('p90_us'),
        p99: ms('p99_us'),
        max: ms('max_us'),
        mean: ms('mean_us'),
      },
      all: { count: requests, p50: ms('p50_us'), p99: ms('p99_us') },
      bytesPerCreated: requests > 0 ? Math.round(n('bytes') / requests) : 0,
      cpuUs: (n('cpu_ticks') * 1e6) / TICKS_PER_SECOND,
      samples,
      buys,
      sells: requests - buys,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const planPath = process.argv[2];
if (planPath && process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const plan = JSON.parse(await readFile(planPath, 'utf8')) as OrderLoadPlan;
  // the bench starts its clocks (server CPU, the matcher's batches) at the line 'measuring'
  const measuring = () => process.stderr.write('measuring\n');
  let result: OrderLoadResult;
  if (loadGenerator() === 'wrk') {
    result = await driveWrk(plan, measuring);
  } else {
    const random = mulberry32(plan.seed);
    if (plan.warmupSeconds > 0) await drive(plan, plan.warmupSeconds, random, false);
    measuring();
    result = await drive(plan, plan.seconds, random, true);
  }
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
