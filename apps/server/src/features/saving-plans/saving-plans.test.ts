import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { brasiliaIsoDate, feeAndIof, MESSAGES, mulDivHalfUp } from '@prata/domain';
import {
  approvedCustomer,
  bearer,
  buildTestApp,
  fundCustomer,
  onPostgres,
  openSecondPool,
  skippedOnPglite,
  staffMember,
  type TestApp,
} from '../../../test/helpers';
import { parseBrCode } from '@/adapters/payments/br-code';
import { embeddedPayments } from '@/adapters/payments/embedded';
import { PaymentProviderError } from '@/adapters/payments/errors';
import { loadConfig } from '@/config';
import { getBalances } from '@/ledger/index';
import { fundHouse, marketRates, placeHouseOrder } from '@/features/orders/index';
import { advanceSavingClock, resetSavingClock, runSavingPlans, savingClock } from './index';

/** The weekday of the (moved) clock's Brasília today: a weekly plan on it is due today. */
const todayWeekday = () => new Date(`${brasiliaIsoDate(savingClock.now())}T00:00:00Z`).getUTCDay();

/** The house sells 1.000 g at R$ 5,00/g: enough for every run here. */
async function houseSells(t: TestApp, pricePerGramCents = 500) {
  await fundHouse(t.app.deps, null, { currency: 'AG', amountMinorUnits: 100_000 });
  await placeHouseOrder(t.app.deps, null, {
    side: 'sell',
    pricePerGramCents: pricePerGramCents,
    quantityCentigrams: 100_000,
  });
}

async function createPlan(t: TestApp, token: string, body: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/saving-plans', headers: bearer(token), payload: body });
}

async function plansOf(t: TestApp, token: string) {
  const res = await t.app.inject({ method: 'GET', url: '/api/saving-plans', headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return res.json().plans as Array<{
    id: number;
    status: string;
    next_run_date: string | null;
    runs: Array<{
      period: string;
      status: string;
      quantity_grams: number | null;
      total: number | null;
      reason: string | null;
    }>;
  }>;
}

describe('saving plans', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await houseSells(t);
  });
  afterEach(() => resetSavingClock());

  it('a weekly plan from the balance buys on its day, once, and again a week later', async () => {
    const c = await approvedCustomer(t);
    await fundCustomer(t.database, c.id, 'BRL', 20_000);
    const created = await createPlan(t, c.token, {
      amount: '50,00',
      frequency: 'weekly',
      weekday: todayWeekday(),
      payment_method: 'balance',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().plan.status).toBe('active');
    // due today, so it buys today: the answer says so, not "on the day chosen"
    expect(created.json().message).toBe(MESSAGES.savingPlanCreated('hoje'));
    await runSavingPlans(t.app.deps);
    await runSavingPlans(t.app.deps);
    let [plan] = await plansOf(t, c.token);
    expect(plan!.runs).toHaveLength(1);
    expect(plan!.runs[0]!.status).toBe('bought');
    expect(plan!.runs[0]!.total).toBeLessThanOrEqual(50);
    advanceSavingClock(7);
    await runSavingPlans(t.app.deps);
    [plan] = await plansOf(t, c.token);
    expect(plan!.runs.map((r) => r.status)).toEqual(['bought', 'bought']);
    expect((await getBalances(t.database.db, c.id)).AG.available).toBe(
      Math.round(plan!.runs.reduce((g, r) => g + (r.quantity_grams ?? 0), 0) * 100),
    );
  });

  it("a plan's answer says when its first purchase is: today when it is due today, else the date", async () => {
    const c = await approvedCustomer(t);
    await fundCustomer(t.database, c.id, 'BRL', 5_000);
    const tomorrow = await createPlan(t, c.token, {
      amount: '10,00',
      frequency: 'weekly',
      weekday: (todayWeekday() + 1) % 7,
      payment_method: 'balance',
    });
    const next = tomorrow.json().plan.next_run_date as string;
    expect(tomorrow.json().message).toBe(
      `Poupança automática criada. A primeira compra será em ${next.slice(8, 10)}/${next.slice(5, 7)}/${next.slice(0, 4)}.`,
    );
  });

  it('buys less, never more: the most grams whose value, fee and IOF fit in the amount', async () => {
    const c = await approvedCustomer(t);
    await fundCustomer(t.database, c.id, 'BRL', 100_000);
    const preview = await t.app.inject({
      method: 'GET',
      url: '/api/saving-plans/preview?amount=33.33',
      headers: bearer(c.token),
    });
    expect(preview.statusCode).toBe(200);
    const p = preview.json();
    expect(p.available).toBe(true);
    expect(p.transaction_fee).toBeGreaterThan(0);
    expect(p.iof_fee).toBeGreaterThan(0);
    expect(p.total).toBeLessThanOrEqual(33.33);
    // one centigram more would cost above the amount
    const rates = await marketRates(t.database.db);
    const more = mulDivHalfUp(500, Math.round(p.quantity_grams * 100) + 1, 100);
    const { feeCents, iofCents } = feeAndIof(more, rates);
    expect(more + feeCents + iofCents).toBeGreaterThan(3333);

    await createPlan(t, c.token, {
      amount: 33.33,
      frequency: 'weekly',
      weekday: todayWeekday(),
      payment_method: 'balance',
    });
    await runSavingPlans(t.app.deps);
    const [plan] = await plansOf(t, c.token);
    expect(plan!.runs[0]).toMatchObject({ status: 'bought', quantity_grams: p.quantity_grams, total: p.total });
    const brl = (await getBalances(t.database.db, c.id)).BRL.available;
    expect(100_000 - brl).toBeLessThanOrEqual(3333);
  });

  it('a run without the money buys nothing and says why', async () => {
    const c = await approvedCustomer(t);
    await createPlan(t, c.token, {
      amount: 20,
      frequency: 'weekly',
      weekday: todayWeekday(),
      payment_method: 'balance',
    });
    await runSavingPlans(t.app.deps);
    const [plan] = await plansOf(t, c.token);
    expect(plan!.runs[0]!.status).toBe('nothing');
    expect(plan!.runs[0]!.reason).toBeTruthy();
  });

  it('pause skips the periods, resume starts again, cancel ends it for good', async () => {
    const c = await approvedCustomer(t);
    await fundCustomer(t.database, c.id, 'BRL', 50_000);
    const created = await createPlan(t, c.token, {
      amount: 30,
      frequency: 'weekly',
      weekday: (todayWeekday() + 1) % 7,
      payment_method: 'balance',
    });
    const id = created.json().plan.id as number;
    const move = (m: string) =>
      t.app.inject({ method: 'POST', url: `/api/saving-plans/${id}/${m}`, headers: bearer(c.token), payload: {} });
    expect((await move('pause')).json().plan.status).toBe('paused');
    advanceSavingClock(1);
    await runSavingPlans(t.app.deps);
    expect((await plansOf(t, c.token))[0]!.runs).toHaveLength(0);
    const again = await move('pause');
    expect([again.statusCode, again.json().code]).toEqual([409, 'SAVING_PLAN_NOT_CHANGEABLE']);
    expect((await move('resume')).json().plan.status).toBe('active');
    await runSavingPlans(t.app.deps);
    expect((await plansOf(t, c.token))[0]!.runs.map((r) => r.status)).toEqual(['bought']);
    expect((await move('cancel')).json().plan.status).toBe('cancelled');
    advanceSavingClock(7);
    await runSavingPlans(t.app.deps);
    const [plan] = await plansOf(t, c.token);
    expect([plan!.status, plan!.runs.length, plan!.next_run_date]).toEqual(['cancelled', 1, null]);
    expect((await move('resume')).statusCode).toBe(409);
    const other = await approvedCustomer(t);
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/api/saving-plans/${id}/pause`,
      headers: bearer(other.token),
      payload: {},
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('by Pix Automático: the first charge authorises and buys, a week later the next charge arrives as a deposit and buys', async () => {
    const c = await approvedCustomer(t);
    const created = await createPlan(t, c.token, {
      amount: 40,
      frequency: 'weekly',
      weekday: todayWeekday(),
      payment_method: 'pix_automatico',
    });
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body.plan.status).toBe('awaiting_authorization');
    expect(body.plan.pix_copia_e_cola).toMatch(/^000201/);
    expect(body.pix_qr_code).toBeTruthy();
    expect(body.plan.runs[0].status).toBe('awaiting_payment');
    // nothing is bought before the money arrives
    await runSavingPlans(t.app.deps);
    expect((await plansOf(t, c.token))[0]!.runs[0]!.status).toBe('awaiting_payment');

    // the payer's bank pays the composite code: the same webhook as a deposit's
    const [deposit] = (await t.app.inject({ method: 'GET', url: '/api/deposit', headers: bearer(c.token) })).json()
      .pendingDeposits as Array<{ id: number }>;
    expect(deposit).toBeTruthy();
    const runs = await t.database.db.execute(
      (await import('drizzle-orm')).sql`select payment_id from saving_runs where plan_id = ${body.plan.id}`,
    );
    const paymentId = (runs as unknown as { rows: Array<{ payment_id: string }> }).rows[0]!.payment_id;
    const delivery = t.adapters.payments.simulatePayment!({ paymentId, reference: 'x', amountCents: 4000 });
    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/payments',
      headers: delivery.headers,
      payload: delivery.body as object,
    });
    expect(hook.json().outcome).toBe('credited');
    // a week passes before any pass ran: one pass activates the plan, buys the first run and charges the week's
    advanceSavingClock(7);
    await runSavingPlans(t.app.deps);
    let [plan] = await plansOf(t, c.token);
    expect(plan!.status).toBe('active');
    expect(plan!.runs.map((r) => r.status)).toEqual(['bought', 'bought']);
    expect((await getBalances(t.database.db, c.id)).BRL.available).toBeLessThan(8000);
    advanceSavingClock(7);
    await runSavingPlans(t.app.deps);
    [plan] = await plansOf(t, c.token);
    expect(plan!.runs.map((r) => r.status)).toEqual(['bought', 'bought', 'bought']);

    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/saving-plans/${plan!.id}/cancel`,
      headers: bearer(c.token),
      payload: {},
    });
    expect(cancelled.json().plan.status).toBe('cancelled');
  });

  it('a provider that refuses the authorisation: 503, the plan cancelled, the refusal logged with its words', async () => {
    const c = await approvedCustomer(t);
    const refusing = vi.spyOn(t.adapters.payments, 'createRecurringAuthorization').mockRejectedValueOnce(
      new PaymentProviderError('O Asaas recusou POST /pix/automatic/authorizations (HTTP 400): conta sem Pix.', {
        status: 400,
        providerErrors: ['conta sem Pix'],
        operation: 'POST /pix/automatic/authorizations',
      }),
    );
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const refused = await createPlan(t, c.token, {
        amount: 40,
        frequency: 'weekly',
        weekday: todayWeekday(),
        payment_method: 'pix_automatico',
      });
      expect([refused.statusCode, refused.json().code]).toEqual([503, 'PAYMENT_PROVIDER_UNAVAILABLE']);
      expect(refusing).toHaveBeenCalledTimes(1);
      const lines = logged.mock.calls.map(([line]) => JSON.parse(String(line)));
      expect(lines).toHaveLength(1);
      expect(lines[0].msg).toMatch(
        /^saving plans: the payment provider refused or did not answer plan \d+'s authorisation$/,
      );
      expect(lines[0].err.message).toContain('conta sem Pix');
    } finally {
      vi.restoreAllMocks();
    }
    expect((await plansOf(t, c.token)).map((p) => p.status)).toEqual(['cancelled']);
  });

  it('a first Pix Automático charge left unpaid past its expiry ends the plan, buying nothing', async () => {
    const c = await approvedCustomer(t);
    const created = await createPlan(t, c.token, {
      amount: 15,
      frequency: 'monthly',
      month_day: 5,
      payment_method: 'pix_automatico',
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().plan.id as number;
    await runSavingPlans(t.app.deps);
    expect((await plansOf(t, c.token))[0]!.status).toBe('awaiting_authorization');
    await t.database.db.execute(
      sql`update deposits set pix_expires_at = now() - interval '1 minute'
          where id = (select deposit_id from saving_runs where plan_id = ${id})`,
    );
    await runSavingPlans(t.app.deps);
    const [plan] = await plansOf(t, c.token);
    expect(plan!.status).toBe('cancelled');
    expect(plan!.runs[0]).toMatchObject({ status: 'nothing', reason: 'A cobrança do Pix Automático não foi paga.' });
  });

  it('the back office lists the plans with their runs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/saving-plans' });
    expect(res.statusCode).toBe(401);
    const staff = await staffMember(t, ['support']);
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/saving-plans', headers: bearer(staff.token) });
    expect(list.statusCode).toBe(200);
    const plans = list.json().plans;
    expect(plans.total).toBeGreaterThanOrEqual(4);
    expect(plans.data[0].customer.email).toContain('@');
    expect(plans.data.some((p: { runs: unknown[] }) => p.runs.length > 0)).toBe(true);
  });

  it('the test clock exists only when PRATA_TEST_CLOCK=1', async () => {
    const off = await t.app.inject({ method: 'POST', url: '/api/dev/clock', payload: { advance_days: 7 } });
    expect(off.statusCode).toBe(404);
    const on = await buildTestApp({ database: t.database, config: { testClock: true } });
    const moved = await on.app.inject({ method: 'POST', url: '/api/dev/clock', payload: { advance_days: 7 } });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().offset_days).toBe(7);
  });
});

describe('saving plans on two instances', () => {
  it('two instances on one database, the clock moved a week: one run per plan per period', async () => {
    if (!onPostgres) return skippedOnPglite('duas instâncias (a corrida precisa de PostgreSQL)');
    const a = await buildTestApp();
    const b = await buildTestApp({ database: await openSecondPool(a.database) });
    await houseSells(a);
    const customers = await Promise.all(Array.from({ length: 4 }, () => approvedCustomer(a)));
    for (const c of customers) {
      await fundCustomer(a.database, c.id, 'BRL', 50_000);
      await createPlan(a, c.token, {
        amount: 25,
        frequency: 'weekly',
        weekday: todayWeekday(),
        payment_method: 'balance',
      });
    }
    for (let week = 0; week < 2; week++) {
      await Promise.all([runSavingPlans(a.app.deps), runSavingPlans(b.app.deps), runSavingPlans(b.app.deps)]);
      advanceSavingClock(7);
    }
    resetSavingClock();
    for (const c of customers) {
      const [plan] = await plansOf(b, c.token);
      expect(plan!.runs.map((r) => r.status)).toEqual(['bought', 'bought']);
      expect(new Set(plan!.runs.map((r) => r.period)).size).toBe(2);
    }
  });
});

describe('Pix Automático in the embedded provider', () => {
  it('the authorisation answers a valid BR Code for its first charge; each later charge is paid by the same webhook', async () => {
    const payments = embeddedPayments({
      merchantName: 'PRATA',
      merchantCity: 'SAO PAULO',
      webhookToken: 'w'.repeat(40),
    });
    const customer = { userId: 7, name: 'Maria Silva', cpfCnpj: '52998224725', email: 'maria@example.com' };
    const auth = await payments.createRecurringAuthorization({
      reference: 'saving-plan:1',
      customer,
      amountCents: 5_000,
      frequency: 'WEEKLY',
      startDate: '2026-11-28',
      endDate: null,
      description: 'Poupança Prata R$ 50,00',
    });
    expect(auth.authorizationId).toMatch(/^[0-9a-f-]{36}$/);
    const check = parseBrCode(auth.pixCopiaECola);
    if (!check.ok) throw new Error(check.problem);
    expect(check.code.amountCents).toBe(5_000);
    const charge = await payments.createRecurringCharge({
      authorizationId: auth.authorizationId,
      reference: 'saving-run:2',
      amountCents: 5_000,
      customer,
      dueDate: '2026-12-05',
      description: 'Poupança Prata R$ 50,00',
    });
    expect(charge.paymentId).toMatch(/^pay_[a-z0-9]{16}$/);
    const delivery = payments.simulatePayment!({ ...charge, reference: 'saving-run:2', amountCents: 5_000 });
    const verdict = payments.readWebhook(delivery.headers, delivery.body);
    expect(verdict).toMatchObject({ ok: true, event: { kind: 'payment_received', paymentId: charge.paymentId } });
    await expect(payments.cancelRecurringAuthorization(auth.authorizationId)).resolves.toBeUndefined();
  });

  it('the test clock is refused in production', () => {
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        PRATA_TEST_CLOCK: '1',
        JWT_SECRET: 'x'.repeat(40),
        DATABASE_URL: 'postgres://x@localhost/x',
      } as NodeJS.ProcessEnv),
    ).toThrow(/PRATA_TEST_CLOCK/);
  });
});
