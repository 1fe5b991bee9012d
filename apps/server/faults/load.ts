import { randomUUID } from 'node:crypto';
import { orderCost } from '@prata/domain';
import { seededRandom } from '@/lib/seeded-random';
import { WEBHOOK_TOKEN } from './fleet';
import type { Person, World } from './world';

/** How long a client waits for one answer before it gives up on that attempt (and retries with the same key). */
export const CLIENT_TIMEOUT_MS = 10_000;
/** How long a client keeps retrying one operation before it calls the outcome indeterminate. */
const OPERATION_DEADLINE_MS = 90_000;

export type Kind =
  | 'limit'
  | 'market'
  | 'take'
  | 'cancel'
  | 'deposit'
  | 'webhook'
  | 'withdrawal'
  | 'transfer'
  | 'silver-withdrawal';

/** What one keyed request ended as: answered (2xx or 4xx), its outcome unknown (409), or never answered in time. */
export type Outcome = {
  kind: Kind;
  method: string;
  path: string;
  token: string;
  body: unknown;
  key: string;
  status: number;
  json: unknown;
  final: 'answered' | 'unknown' | 'indeterminate';
  attempts: number;
};

/** Everything the clients saw, every attempt counted: statuses, 5xx without a code, timeouts, network errors. */
export class Tally {
  statuses = new Map<number, number>();
  uncoded5xx = 0;
  codes = new Map<string, number>();
  timeouts = 0;
  networkErrors = 0;
  retries = 0;
  outcomes: Outcome[] = [];
  harnessErrors: string[] = [];
  count(status: number, code?: string) {
    this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
    if (code) this.codes.set(code, (this.codes.get(code) ?? 0) + 1);
  }
  get fiveHundreds() {
    let n = 0;
    for (const [s, c] of this.statuses) if (s >= 500 && s !== 503) n += c;
    return n;
  }
  get all503() {
    return this.statuses.get(503) ?? 0;
  }
  summary() {
    return {
      statuses: Object.fromEntries([...this.statuses].sort((a, b) => a[0] - b[0])),
      timeouts: this.timeouts,
      networkErrors: this.networkErrors,
      uncoded5xx: this.uncoded5xx,
      retries: this.retries,
      codes: Object.fromEntries([...this.codes].filter(([k]) => !k.startsWith('seen:'))),
      harnessErrors: this.harnessErrors.length,
    };
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * One request as a careful client sends it: with an Idempotency-Key, retried with the same key after a network
 * error, a timeout, a 502/503/504 or "still in progress", until it has an answer.
 */
export async function send(
  base: string,
  tally: Tally,
  req: {
    kind: Kind;
    method: string;
    path: string;
    token: string;
    body?: unknown;
    key?: string;
    headers?: object;
    /** false: a read or a quote, not an operation of the history */
    record?: boolean;
  },
): Promise<Outcome> {
  const key = req.key ?? randomUUID();
  const started = Date.now();
  let attempts = 0;
  for (;;) {
    attempts++;
    if (attempts > 1) tally.retries++;
    try {
      const r = await fetch(base + req.path, {
        method: req.method,
        headers: {
          ...(req.token ? { authorization: `Bearer ${req.token}` } : {}),
          ...(req.method === 'GET' ? {} : { 'idempotency-key': key }),
          ...(req.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...req.headers,
        },
        body: req.body === undefined ? undefined : JSON.stringify(req.body),
        signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS),
      });
      const text = await r.text();
      let json: unknown = null;
      try {
        json = JSON.parse(text);
      } catch {
        // not JSON: counted below when it matters
      }
      const code = (json as { code?: string } | null)?.code;
      tally.count(r.status, code);
      if (process.env.FAULTS_DEBUG && r.status >= 400 && !tally.codes.has(`seen:${req.path}:${code}`)) {
        tally.codes.set(`seen:${req.path}:${code}`, 1);
        console.log(`[faults] ${req.method} ${req.path} → ${r.status} ${text.slice(0, 300)}`);
      }
      if (r.status >= 500 && !code) tally.uncoded5xx++;
      const retry =
        r.status === 502 ||
        r.status === 503 ||
        r.status === 504 ||
        code === 'IDEMPOTENCY_IN_PROGRESS' ||
        r.status >= 500;
      if (!retry) {
        const outcome: Outcome = {
          ...req,
          body: req.body,
          key,
          status: r.status,
          json,
          final: code === 'IDEMPOTENCY_OUTCOME_UNKNOWN' ? 'unknown' : 'answered',
          attempts,
        };
        if (req.record !== false) tally.outcomes.push(outcome);
        return outcome;
      }
    } catch (err) {
      if ((err as Error).name === 'TimeoutError') tally.timeouts++;
      else tally.networkErrors++;
    }
    if (Date.now() - started > OPERATION_DEADLINE_MS) {
      const outcome: Outcome = { ...req, body: req.body, key, status: 0, json: null, final: 'indeterminate', attempts };
      if (req.record !== false) tally.outcomes.push(outcome);
      return outcome;
    }
    await sleep(100 + Math.floor(Math.random() * 150));
  }
}

type Rates = { feeRateBps: number; iofRateBps: number; minimumFeeCents: number };

export type LoadOptions = {
  base: string;
  world: World;
  operations: number;
  concurrency: number;
  seed: number;
  tally: Tally;
  /** stops early when it resolves (the SIGTERM and PostgreSQL tests run the load while something happens) */
  until?: Promise<unknown>;
  /** the operations mix; every kind by default */
  kinds?: Kind[];
};

const MIX: Array<[Kind, number]> = [
  ['limit', 30],
  ['market', 8],
  ['take', 10],
  ['cancel', 10],
  ['deposit', 12],
  ['withdrawal', 10],
  ['transfer', 12],
  ['silver-withdrawal', 8],
];

/**
 * `operations` random operations from `concurrency` clients through `base`. A customer does one thing at a time (as a
 * person does: their codes arrive in order); many customers at once. Returns how many ran.
 */
export async function runLoad(o: LoadOptions, mailbox: { code(email: string, since: number): Promise<string | null> }) {
  const random = seededRandom(o.seed);
  const rates = await readRates(o.base, o.world.people[0]!.token);
  const mix = MIX.filter(([k]) => !o.kinds || o.kinds.includes(k));
  const weight = mix.reduce((s, [, w]) => s + w, 0);
  const pick = (): Kind => {
    let r = random() * weight;
    for (const [k, w] of mix) {
      r -= w;
      if (r < 0) return k;
    }
    return mix[0]![0];
  };
  const busy = new Set<number>();
  let started = 0;
  let stop = false;
  void o.until?.then(() => {
    stop = true;
  });
  const worker = async () => {
    while (!stop && started < o.operations) {
      started++;
      let person: Person;
      do person = o.world.people[Math.floor(random() * o.world.people.length)]!;
      while (busy.has(person.id));
      busy.add(person.id);
      try {
        await operate(pick(), person, o, rates, random, mailbox);
      } catch (err) {
        // the harness's own trouble (never the server's answer: those are tallied): counted and shown, not hidden
        o.tally.harnessErrors.push(String((err as Error).stack ?? err).slice(0, 500));
      } finally {
        busy.delete(person.id);
      }
    }
  };
  const progress = setInterval(() => {
    if (process.env.FAULTS_DEBUG)
      console.log(`[faults] … ${started} started, ${o.tally.outcomes.length} answered`, o.tally.summary());
  }, 2000);
  await Promise.all(Array.from({ length: Math.min(o.concurrency, o.world.people.length / 2) }, worker)).finally(() =>
    clearInterval(progress),
  );
  return started;
}

export async function readRates(base: string, token: string): Promise<Rates> {
  for (let i = 0; ; i++) {
    if (i === 100) throw new Error('GET /api/orders não respondeu 200 em 20 s');
    try {
      const r = await fetch(`${base}/api/orders`, { headers: { authorization: `Bearer ${token}` } });
      if (r.status === 200) {
        const j = (await r.json()) as { transaction_fee: number; iof_fee: number; minimum_fee: number };
        return {
          feeRateBps: Math.round(j.transaction_fee * 100),
          iofRateBps: Math.round(j.iof_fee * 100),
          minimumFeeCents: Math.round(j.minimum_fee * 100),
        };
      }
    } catch {
      // not yet
    }
    await sleep(200);
  }
}

type Book = { ordersToBuy: BookRow[]; ordersToSell: BookRow[] };
type BookRow = { id: number; price_per_gram: number; quantity_grams: number; my_order: boolean };

async function operate(
  kind: Kind,
  p: Person,
  o: LoadOptions,
  rates: Rates,
  random: () => number,
  mailbox: { code(email: string, since: number): Promise<string | null> },
) {
  const call = (k: Kind, method: string, path: string, body?: unknown, record = true) =>
    send(o.base, o.tally, { kind: k, method, path, token: p.token, body, record });
  const read = async (path: string) => {
    const r = await call(kind, 'GET', path, undefined, false);
    return r.status === 200 ? r.json : null;
  };
  const side = random() < 0.5 ? 'buy' : 'sell';
  switch (kind) {
    case 'limit': {
      const price = 470 + Math.floor(random() * 60);
      const qty = 100 + Math.floor(random() * 2900);
      const total = orderCost({ side, pricePerGramCents: price, quantityCentigrams: qty, ...rates }).totalCents;
      await call(kind, 'POST', `/api/order/${side}`, {
        mode: 'limit',
        price_per_gram: price / 100,
        quantity_grams: qty / 100,
        total_amount: total / 100,
      });
      return;
    }
    case 'market': {
      const grams = 1 + Math.floor(random() * 5);
      const quote = (await read(`/api/orders/quote/${side}/${grams}`)) as { total?: number } | null;
      if (!quote?.total) return;
      await call(kind, 'POST', `/api/order/${side}`, {
        mode: 'market',
        quantity_grams: grams,
        total_amount: quote.total,
      });
      return;
    }
    case 'take': {
      const book = (await read('/api/orders')) as Book | null;
      const rows = [...(book?.ordersToBuy ?? []), ...(book?.ordersToSell ?? [])].filter((r) => !r.my_order);
      const row = rows[Math.floor(random() * rows.length)];
      if (!row) return;
      const takeSide = (book!.ordersToBuy as BookRow[]).includes(row) ? 'sell' : 'buy';
      const qty = Math.min(Math.round(row.quantity_grams * 100), 100 + Math.floor(random() * 900));
      const price = Math.round(row.price_per_gram * 100);
      const total = orderCost({
        side: takeSide,
        pricePerGramCents: price,
        quantityCentigrams: qty,
        ...rates,
      }).totalCents;
      await call(kind, 'POST', `/api/order/${takeSide}`, {
        order_id: row.id,
        quantity_grams: qty / 100,
        total_amount: total / 100,
      });
      return;
    }
    case 'cancel': {
      const book = (await read('/api/orders')) as Book | null;
      const mine = [...(book?.ordersToBuy ?? []), ...(book?.ordersToSell ?? [])].filter((r) => r.my_order);
      const row = mine[Math.floor(random() * mine.length)];
      if (!row) return;
      await call(kind, 'DELETE', `/api/order/${row.id}`);
      return;
    }
    case 'deposit': {
      const cents = 5_000 + Math.floor(random() * 50_000);
      const made = await call(kind, 'POST', '/api/deposit/pix', { amount: (cents / 100).toFixed(2) });
      const deposit = (made.json as { deposit?: { id: number } } | null)?.deposit;
      if (made.status !== 201 || !deposit) return;
      // the payer pays; the provider tells us (its webhook, retried by it until we answer 200)
      await payByWebhook(o, deposit.id);
      return;
    }
    case 'withdrawal': {
      const amount = (20 + Math.floor(random() * 200)).toFixed(2);
      const since = Date.now();
      const asked = await call(kind, 'POST', '/api/withdrawal/verification-code', { amount });
      if (asked.status !== 200) return;
      const code = await mailbox.code(p.email, since);
      if (!code) return;
      await call(kind, 'POST', '/api/withdrawal', { verificationCode: code, bankingInformationId: p.bankId, amount });
      return;
    }
    case 'transfer': {
      const to = o.world.people[Math.floor(random() * o.world.people.length)]!;
      if (to.id === p.id) return;
      const grams = (0.5 + Math.floor(random() * 300) / 100).toFixed(2);
      const since = Date.now();
      const asked = await call(kind, 'POST', '/api/silver-transfer/verification-code', {
        quantity_grams: grams,
        receiver_email: to.email,
      });
      if (asked.status !== 200) return;
      const code = await mailbox.code(p.email, since);
      if (!code) return;
      await call(kind, 'POST', '/api/silver-transfer', {
        verificationCode: code,
        receiver_id: to.id,
        receiver_email: to.email,
        quantity_grams: grams,
      });
      return;
    }
    case 'silver-withdrawal': {
      const user = (await read('/api/user')) as { user: { addresses: Array<{ cep: string; city_id: number }> } } | null;
      const address = user?.user.addresses[0];
      if (!address) return;
      const items = [{ product_type_id: o.world.productId, quantity: 1 }];
      const shippingService = { Carrier: 'Correios', ServiceCode: '04014' };
      const charge = await call(
        kind,
        'POST',
        '/api/silver-withdrawal/calculate-charge',
        {
          items,
          address: { cep: address.cep, city_id: address.city_id },
          shippingService,
          includeSilverValue: false,
          onlyAdminOrders: true,
        },
        false,
      );
      if (charge.status !== 200) return;
      await call(kind, 'POST', '/api/silver-withdrawal', {
        items: (charge.json as { items: unknown[] }).items,
        address: { id: p.addressId },
        shippingService,
        coupon_id: null,
        paymentMethod: 'balance',
        includeSilverValue: false,
        requiresOrder: false,
      });
      return;
    }
    default:
      return;
  }
}

/** The provider's PAYMENT_RECEIVED for a deposit, as Asaas sends it, delivered until it is answered. */
async function payByWebhook(o: { base: string; world: World; tally: Tally }, depositId: number, eventId?: string) {
  const row = await depositRow(o.world, depositId);
  return send(o.base, o.tally, {
    kind: 'webhook',
    method: 'POST',
    path: '/api/webhooks/payments',
    token: '',
    headers: { 'asaas-access-token': WEBHOOK_TOKEN },
    body: receivedEvent(row.asaas_payment_id, row.amount_cents, row.external_reference, eventId),
  });
}

export function receivedEvent(
  paymentId: string,
  cents: number,
  reference: string | null,
  eventId = `evt_${randomUUID().replace(/-/g, '')}`,
  event = 'PAYMENT_RECEIVED',
) {
  const value = cents / 100;
  const day = new Date().toISOString().slice(0, 10);
  return {
    id: eventId,
    event,
    dateCreated: new Date().toISOString().replace('T', ' ').slice(0, 19),
    payment: {
      object: 'payment',
      id: paymentId,
      customer: 'cus_000000000000',
      value,
      netValue: value,
      billingType: 'PIX',
      status: event === 'PAYMENT_DELETED' ? 'DELETED' : 'RECEIVED',
      externalReference: reference,
      confirmedDate: day,
      paymentDate: day,
    },
  };
}

/** What the provider knows of a deposit's charge, read from the database (again and again while it is away). */
export async function depositRow(world: World, depositId: number) {
  for (let i = 0; ; i++) {
    try {
      const { rows } = await world.database.withConnection((c) =>
        c.query(
          'select asaas_payment_id, amount_cents::int as amount_cents, external_reference, status from deposits where id = $1',
          [depositId],
        ),
      );
      return rows[0] as {
        asaas_payment_id: string;
        amount_cents: number;
        external_reference: string | null;
        status: string;
      };
    } catch (err) {
      if (i > 300) throw err;
      await sleep(200);
    }
  }
}
