import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { brasiliaIsoDate, MESSAGES } from '@prata/domain';
import {
  approvedCustomer,
  bearer,
  buildTestApp,
  type Customer,
  fundCustomer,
  multipart,
  onPostgres,
  skippedOnPglite,
  type TestApp,
} from '../../../test/helpers';
import { deposits } from '@/db/schema/index';
import { pgErrorCode, pgErrorDetail } from '@/db/tx';
import { getBalances } from '@/ledger/index';
import { fundHouse, placeHouseOrder } from '@/features/orders/index';
import { advanceSavingClock, resetSavingClock, runSavingPlans, savingClock } from './index';

/**
 * The limits on money in hold on every path that asks a provider to collect money for a balance (docs/decisions.md
 * "One gate for money in"): Pix and TED deposits, a Pix Automático plan and each of its charges; the database itself
 * refuses a pending charge over them; the counts hold under concurrency. Default limits: R$ 10.000,00 a charge,
 * R$ 50.000,00 per 30 days, 5 pending Pix charges.
 */

let t: TestApp;
const calls = { pix: 0, authorizations: 0, charges: 0 };

beforeAll(async () => {
  t = await buildTestApp();
  await fundHouse(t.app.deps, null, { currency: 'AG', amountMinorUnits: 100_000 });
  await placeHouseOrder(t.app.deps, null, { side: 'sell', pricePerGramCents: 500, quantityCentigrams: 100_000 });
  const p = t.adapters.payments;
  const count = <A extends unknown[], R>(key: keyof typeof calls, f: (...a: A) => Promise<R>) => {
    const bound = f.bind(p);
    return (...a: A) => {
      calls[key]++;
      return bound(...a);
    };
  };
  p.createPixCharge = count('pix', p.createPixCharge);
  p.createRecurringAuthorization = count('authorizations', p.createRecurringAuthorization);
  p.createRecurringCharge = count('charges', p.createRecurringCharge);
});
afterEach(() => resetSavingClock());

const post = (c: Customer, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: bearer(c.token), payload });
const pix = (c: Customer, amount: string) => post(c, '/api/deposit/pix', { amount });
const plan = (c: Customer, body: object) => post(c, '/api/saving-plans', body);
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(200, 32)]);
function ted(c: Customer, amount: string) {
  const form = multipart({ amount }, { receipt: { filename: 'c.pdf', type: 'application/pdf', data: PDF } });
  return t.app.inject({
    method: 'POST',
    url: '/api/deposit/ted',
    payload: form.payload,
    headers: { ...form.headers, ...(bearer(c.token) as Record<string, string>) },
  });
}

/** The weekday of the (moved) clock's Brasília today: a weekly plan on it is due today. */
const todayWeekday = () => new Date(`${brasiliaIsoDate(savingClock.now())}T00:00:00Z`).getUTCDay();

async function payByBank(paymentId: string, amountCents: number) {
  const delivery = t.adapters.payments.simulatePayment!({ paymentId, reference: 'x', amountCents });
  const r = await t.app.inject({
    method: 'POST',
    url: '/api/webhooks/payments',
    headers: delivery.headers,
    payload: delivery.body as object,
  });
  return r.json().outcome as string;
}

/** Pays the customer's pending charges (a plan's first one included), as their bank would. */
async function payPending(c: Customer) {
  const pending = await t.database.db
    .select()
    .from(deposits)
    .where(and(eq(deposits.userId, c.id), eq(deposits.status, 'pending')));
  for (const d of pending) expect(await payByBank(d.asaasPaymentId!, d.amountCents)).toBe('credited');
}

const plansOf = async (c: Customer) =>
  (await t.app.inject({ method: 'GET', url: '/api/saving-plans', headers: bearer(c.token) })).json().plans as Array<{
    id: number;
    status: string;
    next_run_date: string | null;
    runs: Array<{ period: string; status: string; reason: string | null }>;
  }>;
const rowsOf = (c: Customer) => t.database.db.select().from(deposits).where(eq(deposits.userId, c.id));
const refusal = (r: { statusCode: number; json(): { code: string; message: string } }) => [
  r.statusCode,
  r.json().code,
  r.json().message,
];

describe('one gate for money in', () => {
  it('over the limits, every route and job that records a pending charge refuses it before the provider', async () => {
    const c = await approvedCustomer(t);
    for (const amount of ['10000.00', '10000.00', '10000.00', '10000.00', '8010.00']) {
      expect((await pix(c, amount)).statusCode).toBe(201);
      await payPending(c);
    }
    const left = MESSAGES.depositAbovePeriod('R$ 50.000,00', 30, 'R$ 1.990,00');
    const before = { ...calls };
    expect(refusal(await pix(c, '1990.01'))).toEqual([422, 'DEPOSIT_LIMIT_EXCEEDED', left]);
    expect(refusal(await ted(c, '1990.01'))).toEqual([422, 'DEPOSIT_LIMIT_EXCEEDED', left]);
    // the report's plan: R$ 50.000,00 every Wednesday, by Pix Automático
    const big = await plan(c, {
      amount: '50000.00',
      frequency: 'weekly',
      weekday: 3,
      payment_method: 'pix_automatico',
    });
    const perCharge = MESSAGES.savingPlanDepositLimit(MESSAGES.depositAbovePerDeposit('R$ 10.000,00'), left);
    expect(big.json()).toEqual({
      code: 'DEPOSIT_LIMIT_EXCEEDED',
      message: perCharge,
      errors: { amount: [perCharge] },
      max_amount: 1990,
    });
    const over = await plan(c, {
      amount: '2000.00',
      frequency: 'monthly',
      month_day: 5,
      payment_method: 'pix_automatico',
    });
    expect(refusal(over)).toEqual([422, 'DEPOSIT_LIMIT_EXCEEDED', MESSAGES.savingPlanDepositLimit(left)]);
    expect(calls).toEqual(before);
    expect(await plansOf(c)).toEqual([]);
    expect((await rowsOf(c)).map((d) => d.status)).toEqual(Array(5).fill('approved'));

    // a plan that fits now; a week later its charge would pass the period's limit: not sent, and the run says why
    const fits = await plan(c, {
      amount: '1000.00',
      frequency: 'weekly',
      weekday: todayWeekday(),
      payment_method: 'pix_automatico',
    });
    expect(fits.statusCode).toBe(201);
    await payPending(c);
    advanceSavingClock(7);
    const charges = calls.charges;
    await runSavingPlans(t.app.deps);
    expect(calls.charges).toBe(charges);
    const [shown] = await plansOf(c);
    expect(shown!.runs.map((r) => [r.status, r.reason])).toEqual([
      ['nothing', MESSAGES.savingRunNotCharged(MESSAGES.depositAbovePeriod('R$ 50.000,00', 30, 'R$ 990,00'))],
      ['bought', null],
    ]);
    expect((await getBalances(t.database.db, c.id)).BRL.available).toBeLessThanOrEqual(4_901_000);
    expect(await rowsOf(c)).toHaveLength(6);
  });

  it('a plan is refused while five Pix charges are still payable, like a Pix deposit', async () => {
    const c = await approvedCustomer(t);
    for (let i = 0; i < 5; i++) expect((await pix(c, '10.00')).statusCode).toBe(201);
    const r = await plan(c, { amount: '20.00', frequency: 'weekly', weekday: 1, payment_method: 'pix_automatico' });
    expect(refusal(r)).toEqual([
      422,
      'PENDING_DEPOSITS_LIMIT',
      MESSAGES.savingPlanDepositLimit(MESSAGES.pendingDepositsLimit(5)),
    ]);
    expect(await plansOf(c)).toEqual([]);
  });

  it('the database refuses a pending charge over the limits, whoever writes it (PM001, the facts as detail)', async () => {
    const c = await approvedCustomer(t);
    const row = (values: Partial<typeof deposits.$inferInsert>) => {
      const id = randomBytes(8).toString('hex');
      const pixFields = { asaasPaymentId: `pay_${id}`, pixCopiaECola: '000201' };
      const tedFields = { receiptStorageKey: `raw/${id}.pdf` };
      return {
        userId: c.id,
        method: 'pix' as const,
        amountCents: 1000,
        ...(values.method === 'ted' ? tedFields : pixFields),
        ...values,
      };
    };
    const refusedWith = async (write: Promise<unknown>) => {
      const err = await write.then(
        () => null,
        (e: unknown) => e,
      );
      return err === null ? 'admitted' : `${pgErrorCode(err)} ${JSON.parse(pgErrorDetail(err) ?? '{}').refusal}`;
    };
    const insert = (values: Partial<typeof deposits.$inferInsert>) =>
      refusedWith(t.database.db.insert(deposits).values(row(values)));
    expect(await insert({ amountCents: 1_000_001 })).toBe('PM001 per_deposit');
    for (let i = 0; i < 5; i++) expect(await insert({})).toBe('admitted');
    expect(await insert({})).toBe('PM001 pending');
    // TED has no pending cap; the period's limit binds it (R$ 50,00 already pending by Pix)
    for (let i = 0; i < 4; i++) expect(await insert({ method: 'ted', amountCents: 1_000_000 })).toBe('admitted');
    expect(await insert({ method: 'ted', amountCents: 995_001 })).toBe('PM001 period');
    expect(await insert({ method: 'ted', amountCents: 995_000 })).toBe('admitted');
    // a row that becomes pending again is admitted again
    const [cancelled] = await t.database.db
      .insert(deposits)
      .values(row({ method: 'ted', amountCents: 1_000, status: 'cancelled' }))
      .returning();
    const reopen = t.database.db.update(deposits).set({ status: 'pending' }).where(eq(deposits.id, cancelled!.id));
    expect(await refusedWith(reopen)).toBe('PM001 period');
    const pending = (await rowsOf(c)).filter((d) => d.status === 'pending');
    expect(pending.reduce((sum, d) => sum + d.amountCents, 0)).toBe(5_000_000);
  });

  it('only the gate writes a pending deposit: one insert into deposits, called by the gate alone', async () => {
    const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
    const writers: string[] = [];
    const callers: string[] = [];
    for (const file of await readdir(src, { recursive: true })) {
      if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
      const text = await readFile(path.join(src, file), 'utf8');
      if (/\.insert\(deposits\)|insert\s+into\s+deposits\b/i.test(text)) writers.push(file);
      if (/\binsertDepositRow\(/.test(text)) callers.push(file);
    }
    // the SQL lives in the money repository; the one function that runs it is called by the gate and nothing else
    expect(writers).toEqual([path.join('features', 'money', 'repository', 'admission.ts')]);
    expect(callers.sort()).toEqual(
      [
        path.join('features', 'money', 'deposit-limits.ts'),
        path.join('features', 'money', 'repository', 'admission.ts'),
      ].sort(),
    );
  });
});

describe.skipIf(!onPostgres)('counts that hold under concurrency (PostgreSQL)', () => {
  it('20 plans at once: exactly SAVING_PLANS_MAX (5) live, the others LIST_LIMIT_REACHED', async () => {
    const c = await approvedCustomer(t);
    const body = { amount: '20.00', frequency: 'weekly', weekday: 2, payment_method: 'balance' };
    const answers = await Promise.all(Array.from({ length: 20 }, () => plan(c, body)));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(5);
    expect(new Set(answers.filter((r) => r.statusCode !== 201).map((r) => r.json().code))).toEqual(
      new Set(['LIST_LIMIT_REACHED']),
    );
    expect((await plansOf(c)).filter((p) => p.status === 'active')).toHaveLength(5);
  });

  it('20 Pix deposits at once: exactly five pending charges, the others PENDING_DEPOSITS_LIMIT', async () => {
    const c = await approvedCustomer(t);
    const answers = await Promise.all(Array.from({ length: 20 }, () => pix(c, '10.00')));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(5);
    expect(new Set(answers.filter((r) => r.statusCode !== 201).map((r) => r.json().code))).toEqual(
      new Set(['PENDING_DEPOSITS_LIMIT']),
    );
    expect(await rowsOf(c)).toHaveLength(5);
  });

  it('20 Pix Automático plans of R$ 9.000,00 at once: within the period, the pending cap and the live plans', async () => {
    const c = await approvedCustomer(t);
    const body = { amount: '9000.00', frequency: 'weekly', weekday: 3, payment_method: 'pix_automatico' };
    const answers = await Promise.all(Array.from({ length: 20 }, () => plan(c, body)));
    const codes = new Set(answers.filter((r) => r.statusCode !== 201).map((r) => r.json().code));
    expect([...codes].every((code) => ['LIST_LIMIT_REACHED', 'DEPOSIT_LIMIT_EXCEEDED'].includes(code))).toBe(true);
    const pending = (await rowsOf(c)).filter((d) => d.status === 'pending');
    expect(pending.length).toBeLessThanOrEqual(5);
    expect(pending.reduce((sum, d) => sum + d.amountCents, 0)).toBeLessThanOrEqual(5_000_000);
    const live = (await plansOf(c)).filter((p) => p.status === 'awaiting_authorization');
    expect(live).toHaveLength(answers.filter((r) => r.statusCode === 201).length);
    expect(live.length).toBe(pending.length);
  });
});

describe.skipIf(onPostgres)('counts under concurrency', () => {
  it('runs on PostgreSQL only', () => skippedOnPglite('20 criações ao mesmo tempo'));
});

describe('a cancelled plan buys nothing', () => {
  it('cancelled before its first Pix is paid: the Pix is credited, nothing bought, and the e-mail says why', async () => {
    const c = await approvedCustomer(t);
    const created = await plan(c, {
      amount: '20.00',
      frequency: 'weekly',
      weekday: todayWeekday(),
      payment_method: 'pix_automatico',
    });
    const id = created.json().plan.id as number;
    const cancel = await post(c, `/api/saving-plans/${id}/cancel`, {});
    expect(cancel.json()).toMatchObject({ plan: { status: 'cancelled' }, message: MESSAGES.savingPlanCancelled });
    await payPending(c);
    await runSavingPlans(t.app.deps);
    await runSavingPlans(t.app.deps);
    expect(await getBalances(t.database.db, c.id)).toMatchObject({
      BRL: { available: 2_000, held: 0 },
      AG: { available: 0, held: 0 },
    });
    const [shown] = await plansOf(c);
    expect(shown!.runs.map((r) => [r.status, r.reason])).toEqual([['nothing', MESSAGES.savingRunPlanCancelled]]);
    const mail = await t.database.db.execute(
      sql`select text_body from outbox_messages where recipient = ${c.email.toLowerCase()}
          and subject = 'Depósito de R$ 20,00 creditado'`,
    );
    const bodies = (mail as unknown as { rows: Array<{ text_body: string }> }).rows.map((r) => r.text_body);
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toContain(MESSAGES.savingChargeAfterPlanEnded('R$ 20,00'));
  });

  it('the scheduler never buys for a run of a cancelled or paused plan, whatever left it due', async () => {
    const c = await approvedCustomer(t);
    const ids: number[] = [];
    for (const status of ['cancelled', 'paused']) {
      const created = await plan(c, {
        amount: '30.00',
        frequency: 'weekly',
        weekday: (todayWeekday() + 3) % 7,
        payment_method: 'balance',
      });
      const id = created.json().plan.id as number;
      ids.push(id);
      await t.database.db.execute(sql`update saving_plans set status = ${status} where id = ${id}`);
      await t.database.db.execute(sql`insert into saving_runs (plan_id, period, status, amount_cents)
        values (${id}, ${brasiliaIsoDate(savingClock.now())}::date, 'due', 3000)`);
    }
    await fundCustomer(t.database, c.id, 'BRL', 10_000);
    await runSavingPlans(t.app.deps);
    expect((await getBalances(t.database.db, c.id)).AG.available).toBe(0);
    const shown = new Map((await plansOf(c)).map((p) => [p.id, p.runs.map((r) => [r.status, r.reason])]));
    expect(shown.get(ids[0]!)).toEqual([['nothing', MESSAGES.savingRunPlanCancelled]]);
    expect(shown.get(ids[1]!)).toEqual([['nothing', MESSAGES.savingRunPlanPaused]]);
  });

  it("cancel's message follows the payment method: no Pix Automático authorisation for a balance plan", async () => {
    const c = await approvedCustomer(t);
    const created = await plan(c, { amount: '30.00', frequency: 'monthly', month_day: 9, payment_method: 'balance' });
    const cancel = await post(c, `/api/saving-plans/${created.json().plan.id}/cancel`, {});
    expect(cancel.json().message).toBe(MESSAGES.savingPlanCancelledNoAuthorization);
  });
});
