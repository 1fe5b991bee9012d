import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { orderCost } from '@prata/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseline, replayAcknowledged, verify } from './checks';
import { type Cluster, type RedisServer, startCluster, startRedis } from './cluster';
import {
  type Balancer,
  fleetEnv,
  type Instance,
  startBalancer,
  startInstance,
  startMailbox,
  WEBHOOK_TOKEN,
} from './fleet';
import { CLIENT_TIMEOUT_MS, depositRow, readRates, receivedEvent, runLoad, send, Tally } from './load';
import { balances, buildWorld, type World } from './world';

/**
 * `npm run test:faults`: Prata under the faults a real installation meets, from outside, through HAProxy in front of
 * two API processes, on a PostgreSQL cluster of the test's own (docs/operations.md, "Faults, measured").
 */
const CUSTOMERS = Number(process.env.FAULTS_CUSTOMERS ?? 100);
const OPERATIONS = Number(process.env.FAULTS_OPERATIONS ?? 5000);

let cluster: Cluster;
let redis: RedisServer;
let world: World;
let mailbox: Awaited<ReturnType<typeof startMailbox>>;
let env: Record<string, string>;
let dir: string;
const fleet: Instance[] = [];
let balancer: Balancer;
let rates: Awaited<ReturnType<typeof readRates>>;

const figure = (name: string, value: unknown) => console.log(`[faults] ${name}: ${JSON.stringify(value)}`);
/** How long PostgreSQL stays away at each of its ten crashes (FAULTS_DATABASE_AWAY_MS): the fault itself, not a wait. */
const DATABASE_AWAY_MS = Number(process.env.FAULTS_DATABASE_AWAY_MS ?? 2000);

/** Resolves once the load has answered `count` operations: the faults come in the middle of work, not after a clock. */
async function operationsDone(tally: Tally, count: number) {
  while (tally.outcomes.length < count) await sleep(20);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const alive = (i: Instance) => i.process.exitCode === null && i.process.signalCode === null;

async function restart(index: number, extra: Record<string, string> = {}) {
  const old = fleet[index]!;
  if (alive(old)) {
    old.process.kill('SIGTERM');
    await old.exited;
  }
  fleet[index] = await startInstance(old.name, { ...env, ...extra }, dir, old.port);
}

/** Log lines of an instance at level error or above, apart from the database's absence the test causes. */
async function errorLines(i: Instance) {
  const text = await readFile(i.logFile, 'utf8');
  return text.split('\n').filter((l) => /"level":(50|60)/.test(l));
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'prata-faults-'));
  cluster = await startCluster();
  redis = await startRedis();
  // the world's own app (test helpers) and the instances use it, not the machine's Redis
  process.env.REDIS_URL = redis.url;
  mailbox = await startMailbox();
  const started = Date.now();
  world = await buildWorld(cluster.url, CUSTOMERS);
  figure('setup', { customers: CUSTOMERS, seconds: (Date.now() - started) / 1000 });
  env = {
    ...fleetEnv({
      databaseUrl: world.databaseUrl,
      redisUrl: redis.url,
      smtpPort: mailbox.port,
      dataDir: path.join(dir, 'data'),
    }),
    IDEMPOTENCY_STALE_SECONDS: '5',
  };
  fleet.push(await startInstance('api1', env, dir), await startInstance('api2', env, dir));
  balancer = await startBalancer(
    fleet.map((i) => i.port),
    dir,
  );
  rates = await readRates(balancer.url, world.people[0]!.token);
  figure('fleet', { balancer: balancer.url, instances: fleet.map((i) => i.port) });
}, 300_000);

afterAll(async () => {
  await balancer?.stop();
  for (const i of fleet) if (alive(i)) i.process.kill('SIGKILL');
  await world?.database.close();
  await world?.t.app.close();
  await mailbox?.close();
  await redis?.stop();
  await cluster?.destroy();
});

describe('two instances behind HAProxy, one PostgreSQL, Redis', () => {
  it(`${OPERATIONS} random operations of ${CUSTOMERS} customers: nothing lost, nothing twice, no 5xx, one book`, async () => {
    const since = await baseline(world);
    const tally = new Tally();
    const t0 = Date.now();
    const ran = await runLoad(
      { base: balancer.url, world, operations: OPERATIONS, concurrency: 50, seed: 1, tally },
      mailbox,
    );
    const seconds = (Date.now() - t0) / 1000;
    const verdict = await verify(world, tally.outcomes, since);
    figure('load', {
      operations: ran,
      seconds,
      mails: mailbox.received,
      perSecond: Math.round(ran / seconds),
      ...tally.summary(),
      ...verdict.figures,
    });
    expect(verdict.problems).toEqual([]);
    expect(tally.fiveHundreds + tally.all503).toBe(0);
    expect(tally.outcomes.filter((o) => o.final !== 'answered')).toEqual([]);
    // the same book from both instances
    const token = world.people[0]!.token;
    const books = await Promise.all(
      fleet.map(async (i) => {
        const r = await fetch(`http://127.0.0.1:${i.port}/api/orders`, {
          headers: { authorization: `Bearer ${token}` },
        });
        const j = (await r.json()) as { ordersToBuy: unknown; ordersToSell: unknown };
        return JSON.stringify([j.ordersToBuy, j.ordersToSell]);
      }),
    );
    expect(books[0]).toBe(books[1]);
  }, 600_000);
});

/** Runs the load while `during` happens; returns when both are over. */
async function loadDuring(
  seed: number,
  concurrency: number,
  during: (tally: Tally) => Promise<void>,
  kinds?: Parameters<typeof runLoad>[0]['kinds'],
) {
  const tally = new Tally();
  let finish = () => {};
  const until = new Promise<void>((resolve) => {
    finish = resolve;
  });
  const load = runLoad(
    { base: balancer.url, world, operations: Number.MAX_SAFE_INTEGER, concurrency, seed, tally, until, kinds },
    mailbox,
  );
  try {
    await during(tally);
  } finally {
    finish();
    await load;
  }
  return tally;
}

/** Seconds until an authenticated read through the balancer answers 200 again. */
async function secondsUntilAnswered(from: number) {
  const token = world.people[0]!.token;
  for (;;) {
    try {
      const r = await fetch(`${balancer.url}/api/orders`, {
        headers: { authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(2000),
      });
      if (r.status === 200) return (Date.now() - from) / 1000;
    } catch {
      // not yet
    }
    if (Date.now() - from > 120_000) throw new Error('o Prata não voltou a responder em 120 s');
    await sleep(100);
  }
}

describe('SIGKILL of one instance under load, clients retrying with their keys', () => {
  it('every acknowledged operation is there, none applied twice, every replay a replay', async () => {
    const since = await baseline(world);
    let restartedIn = 0;
    let burst = 0;
    const tally = await loadDuring(2, 32, async (tally) => {
      await operationsDone(tally, 300);
      const victim = fleet[0]!;
      // Certainly something in flight on the victim: 20 orders sent to it directly, the kill a moment later; each
      // client then retries its order through the balancer with the same key (below).
      const { inFlight, direct } = burstTo(victim);
      await sleep(15);
      victim.process.kill('SIGKILL');
      await victim.exited;
      const killedAt = Date.now();
      const lost = (await Promise.all(direct)).filter((r) => r === null).length;
      burst = lost;
      const retried = Promise.all(inFlight.map((r) => send(balancer.url, tally, r)));
      await sleep(500);
      fleet[0] = await startInstance(victim.name, env, dir, victim.port);
      restartedIn = (Date.now() - killedAt) / 1000;
      await retried;
      // the load goes on through both instances again before it stops
      await operationsDone(tally, tally.outcomes.length + 100);
    });
    const replay = await replayAcknowledged(balancer.url, tally, tally.outcomes, send);
    const verdict = await verify(world, tally.outcomes, since);
    figure('sigkill', {
      operations: tally.outcomes.length,
      restartedInSeconds: restartedIn,
      unansweredAtKill: burst,
      unknown: tally.outcomes.filter((o) => o.final === 'unknown').length,
      replays: replay,
      ...tally.summary(),
      ...verdict.figures,
    });
    expect(tally.harnessErrors).toEqual([]);
    expect(verdict.problems).toEqual([]);
    expect(replay.ranAgain).toBe(0);
    expect(burst).toBeGreaterThan(0);
    expect(tally.statuses.get(500) ?? 0).toBe(0);
    expect(tally.outcomes.filter((o) => o.final === 'indeterminate')).toEqual([]);
  }, 600_000);
});

describe('PostgreSQL stopped at once under load (pg_ctl stop -m immediate), ten times', () => {
  it('no process dies, 503 with a code while it is away, answers again by itself, nothing acknowledged lost', async () => {
    const since = await baseline(world);
    const recoveries: number[] = [];
    const tally = await loadDuring(3, 16, async (tally) => {
      for (let i = 0; i < 10; i++) {
        await operationsDone(tally, tally.outcomes.length + 40);
        await cluster.stop('immediate');
        await sleep(DATABASE_AWAY_MS);
        const back = Date.now();
        await cluster.start();
        recoveries.push(await secondsUntilAnswered(back));
      }
      await operationsDone(tally, tally.outcomes.length + 40);
    });
    const verdict = await verify(world, tally.outcomes, since);
    const errors = await Promise.all(fleet.map(errorLines));
    figure('postgres-immediate-stop', {
      stops: 10,
      recoverySeconds: { max: Math.max(...recoveries), all: recoveries },
      operations: tally.outcomes.length,
      unknown: tally.outcomes.filter((o) => o.final === 'unknown').length,
      processesAlive: fleet.filter(alive).length,
      errorLogLines: errors.map((e) => e.length),
      ...tally.summary(),
      ...verdict.figures,
    });
    expect(fleet.every(alive)).toBe(true);
    expect(tally.harnessErrors).toEqual([]);
    expect(verdict.problems).toEqual([]);
    // 503s only, each with a code (the API's DATABASE_UNAVAILABLE, or the balancer's SERVICE_UNAVAILABLE when no
    // instance is ready); never a 500, never a hang past the client's timeout
    expect(tally.fiveHundreds).toBe(0);
    expect(tally.uncoded5xx).toBe(0);
    expect(tally.timeouts).toBe(0);
    expect(tally.all503).toBeGreaterThan(0);
    expect(Math.max(...recoveries)).toBeLessThan(10);
    expect(tally.outcomes.filter((o) => o.final === 'indeterminate')).toEqual([]);
  }, 600_000);
});

/** SIGTERM to the second instance in the middle of a load; what the clients saw, and how the process ended. */
async function sigtermUnderLoad(seed: number) {
  let exit: Awaited<Instance['exited']> | undefined;
  let drainSeconds = 0;
  let unanswered = 0;
  const tally = await loadDuring(seed, 24, async (tally) => {
    await operationsDone(tally, 200);
    const victim = fleet[1]!;
    // certainly something in flight on it when the signal comes: 20 orders sent to it directly
    const { inFlight, direct } = burstTo(victim);
    const t0 = Date.now();
    victim.process.kill('SIGTERM');
    const answers = await Promise.all(direct);
    unanswered = answers.filter((r) => r === null).length;
    // what was answered is part of what the checks count
    answers.forEach((a, i) => {
      if (a) tally.outcomes.push({ ...inFlight[i]!, status: a.status, json: a.json, final: 'answered', attempts: 1 });
    });
    exit = await victim.exited;
    drainSeconds = (Date.now() - t0) / 1000;
    await operationsDone(tally, tally.outcomes.length + 40);
  });
  return { tally, exit: exit!, drainSeconds, unanswered };
}

/** 20 limit orders of 20 customers sent straight to one instance (not through the balancer), each with its key. */
function burstTo(victim: Instance) {
  const stamp = Date.now();
  const inFlight = world.people.slice(0, 20).map((p, i) => ({
    kind: 'limit' as const,
    method: 'POST',
    path: `/api/order/${i % 2 ? 'sell' : 'buy'}`,
    token: p.token,
    key: `burst-${victim.name}-${stamp}-${i}`,
    body: limitOrder(i % 2 ? 'sell' : 'buy', 480 + i, 100 + i),
  }));
  const direct = inFlight.map((r) =>
    fetch(`http://127.0.0.1:${victim.port}${r.path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${r.token}`, 'idempotency-key': r.key, 'content-type': 'application/json' },
      body: JSON.stringify(r.body),
      signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS),
    })
      .then(async (res) => (res.status < 500 ? { status: res.status, json: (await res.json()) as unknown } : null))
      .catch(() => null),
  );
  return { inFlight, direct };
}

describe('SIGTERM of one instance under load', () => {
  it('it leaves the balancer, finishes what is in flight and exits; the clients see no error', async () => {
    const since = await baseline(world);
    const { tally, exit, drainSeconds, unanswered } = await sigtermUnderLoad(4);
    const verdict = await verify(world, tally.outcomes, since);
    figure('sigterm', {
      operations: tally.outcomes.length,
      drainSeconds,
      exit,
      ...tally.summary(),
      ...verdict.figures,
    });
    await restart(1);
    expect(exit.code).toBe(0);
    expect(unanswered).toBe(0);
    expect(tally.harnessErrors).toEqual([]);
    expect(verdict.problems).toEqual([]);
    expect({
      errors: tally.fiveHundreds + tally.all503,
      network: tally.networkErrors,
      timeouts: tally.timeouts,
    }).toEqual({
      errors: 0,
      network: 0,
      timeouts: 0,
    });
    expect(tally.retries).toBe(0);
  }, 600_000);
});

describe("the payment provider's webhooks", () => {
  it('replayed 100 times: credited once; a wrong token: refused; out of order: consistent', async () => {
    const p = world.people[1]!;
    const tally = new Tally();
    const deposit = async (amount: string) => {
      const r = await send(balancer.url, tally, {
        kind: 'deposit',
        method: 'POST',
        path: '/api/deposit/pix',
        token: p.token,
        body: { amount },
      });
      expect(r.status).toBe(201);
      return (r.json as { deposit: { id: number } }).deposit.id;
    };
    const available = async () => (await balances(world))[1]!.BRL.available;
    const before = await available();
    const [d1, d2, d3] = [await deposit('101.01'), await deposit('202.02'), await deposit('303.03')];
    const hook = (id: number, opts: { eventId?: string; event?: string; token?: string } = {}) =>
      depositRow(world, id).then((row) =>
        send(balancer.url, tally, {
          kind: 'webhook',
          method: 'POST',
          path: '/api/webhooks/payments',
          token: '',
          headers: { 'asaas-access-token': opts.token ?? WEBHOOK_TOKEN },
          body: receivedEvent(row.asaas_payment_id, row.amount_cents, row.external_reference, opts.eventId, opts.event),
        }),
      );
    // 100 deliveries of d1's payment at once: half the same event again, half new events for the same payment
    const deliveries = await Promise.all(
      Array.from({ length: 100 }, (_, i) => hook(d1, { eventId: i % 2 ? 'evt_replayed_0001' : undefined })),
    );
    const outcomes = deliveries.map((d) => (d.json as { outcome?: string }).outcome);
    expect(deliveries.every((d) => d.status === 200)).toBe(true);
    expect(outcomes.filter((o) => o === 'credited')).toHaveLength(1);
    // a wrong token: 401, nothing changes
    const forged = await hook(d2, { token: 'token-errado-token-errado-token-errado-00' });
    expect([forged.status, (forged.json as { code: string }).code]).toEqual([401, 'WEBHOOK_UNAUTHORIZED']);
    expect((await depositRow(world, d2)).status).toBe('pending');
    // out of order: d2 paid, then its cancellation arrives late (ignored); d3 cancelled, then paid (held for review)
    await hook(d2);
    await hook(d2, { event: 'PAYMENT_DELETED' });
    await hook(d3, { event: 'PAYMENT_DELETED' });
    await hook(d3);
    const states = [await depositRow(world, d1), await depositRow(world, d2), await depositRow(world, d3)].map(
      (r) => r.status,
    );
    const credited = (await available()) - before;
    const reconciled = await verify(world, [], await baseline(world));
    figure('webhooks', { deliveries: 100, outcomes: countBy(outcomes), states, creditedCents: credited });
    expect(states).toEqual(['approved', 'approved', 'held']);
    expect(credited).toBe(10_101 + 20_202);
    expect(reconciled.problems).toEqual([]);
  }, 120_000);
});

describe('tests of the tests: each check fails on the fault it exists to catch', () => {
  it('a balance written outside the ledger: the invariants fail', async () => {
    const db = world.database;
    const tamper = (delta: number) =>
      db.withConnection((c) =>
        c.query(
          `update ledger_accounts set credits_posted = credits_posted + $1
            where id = (select id from ledger_accounts where code like 'customer:%' and currency = 'BRL' order by id limit 1)`,
          [delta],
        ),
      );
    await tamper(100);
    const broken = await verify(world, [], await baseline(world));
    await tamper(-100);
    const mended = await verify(world, [], await baseline(world));
    figure('test-of-test: ledger', { broken: broken.problems, mended: mended.problems });
    expect(broken.problems.some((p) => p.startsWith('reconciliação'))).toBe(true);
    expect(mended.problems).toEqual([]);
  });

  it('an idempotency record kept only in memory: "nothing twice" fails', async () => {
    // both at once (no load runs between the tests): the balancer has neither for a moment, which nothing here measures
    await Promise.all([0, 1].map((i) => restart(i, { PRATA_FAULTS: 'idempotency-in-memory' })));
    try {
      const since = await baseline(world);
      const tally = new Tally();
      await runLoad(
        { base: balancer.url, world, operations: 200, concurrency: 16, seed: 5, tally, kinds: ['limit', 'deposit'] },
        mailbox,
      );
      const replay = await replayAcknowledged(balancer.url, tally, tally.outcomes, send);
      const verdict = await verify(world, tally.outcomes, since);
      figure('test-of-test: idempotency in memory', { replays: replay, problems: verdict.problems });
      expect(replay.ranAgain).toBeGreaterThan(0);
      expect(verdict.problems.some((p) => p.includes('duas vezes'))).toBe(true);
    } finally {
      await Promise.all([0, 1].map((i) => restart(i)));
    }
  }, 300_000);

  it('a shutdown that exits at once: "the clients see no error" fails', async () => {
    await restart(1, { PRATA_FAULTS: 'exit-at-once' });
    const { tally, drainSeconds, unanswered } = await sigtermUnderLoad(6);
    await restart(1);
    figure('test-of-test: exit at once', { drainSeconds, inFlightUnanswered: unanswered, ...tally.summary() });
    expect(unanswered).toBeGreaterThan(0);
  }, 300_000);
});

/** A limit order's body as the screen sends it: the all-in total the customer saw (the market's rates of the seed). */
function limitOrder(side: 'buy' | 'sell', priceCents: number, centigrams: number) {
  const total = orderCost({
    side,
    pricePerGramCents: priceCents,
    quantityCentigrams: centigrams,
    feeRateBps: rates.feeRateBps,
    iofRateBps: rates.iofRateBps,
    minimumFeeCents: rates.minimumFeeCents,
  }).totalCents;
  return {
    mode: 'limit',
    price_per_gram: priceCents / 100,
    quantity_grams: centigrams / 100,
    total_amount: total / 100,
  };
}

function countBy(values: Array<string | undefined>) {
  const out: Record<string, number> = {};
  for (const v of values) out[String(v)] = (out[String(v)] ?? 0) + 1;
  return out;
}
