import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { brasiliaIsoDate, MESSAGES } from '@prata/domain';
import { approvedCustomer, bearer, buildTestApp, type Customer, type TestApp } from '../../../test/helpers';
import { fundHouse, placeHouseOrder } from '@/features/orders/index';
import { advanceSavingClock, resetSavingClock, runSavingPlans, savingClock } from './index';

/**
 * What a customer is told before paying, and what happens then: the first Pix of a Pix Automático plan pays the
 * current period's run (a "todo dia 5" plan paid on the 1st buys the 5th's, and the next charge is next month's 5th),
 * the preview says both dates, and a minimum fee is labelled as such.
 */

let t: TestApp;
let charges = 0;

beforeAll(async () => {
  t = await buildTestApp();
  await fundHouse(t.app.deps, null, { currency: 'AG', amountMinorUnits: 100_000 });
  await placeHouseOrder(t.app.deps, null, { side: 'sell', pricePerGramCents: 500, quantityCentigrams: 100_000 });
  const p = t.adapters.payments;
  const charge = p.createRecurringCharge.bind(p);
  p.createRecurringCharge = (input) => {
    charges++;
    return charge(input);
  };
});
afterEach(() => resetSavingClock());

const DAY_MS = 86_400_000;
const today = () => brasiliaIsoDate(savingClock.now());
/** The yyyy-mm-dd of the `day`th of the month `months` after today's. */
function dayOfMonth(months: number, day: number): string {
  const d = new Date(`${today()}T00:00:00Z`);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, day)).toISOString().slice(0, 10);
}
/** Moves the plans' clock forward to the Brasília date `iso`. */
const moveTo = (iso: string) =>
  advanceSavingClock(Math.round((Date.parse(`${iso}T00:00:00Z`) - Date.parse(`${today()}T00:00:00Z`)) / DAY_MS));

const get = (c: Customer, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(c.token) });

async function payFirstCharge(c: Customer) {
  const { pendingDeposits } = (await get(c, '/api/deposit')).json();
  const [d] = pendingDeposits as Array<{ asaas_payment_id: string; amount: number }>;
  const delivery = t.adapters.payments.simulatePayment!({
    paymentId: d!.asaas_payment_id,
    reference: 'x',
    amountCents: Math.round(d!.amount * 100),
  });
  await t.app.inject({
    method: 'POST',
    url: '/api/webhooks/payments',
    headers: delivery.headers,
    payload: delivery.body as object,
  });
}

describe('the first charge of a Pix Automático plan', () => {
  it('a "todo dia 5" plan paid on the 1st buys the 5th\'s run and next charges on next month\'s 5th, as the preview said', async () => {
    moveTo(dayOfMonth(1, 1));
    const c = await approvedCustomer(t);
    const fifth = dayOfMonth(0, 5);
    const nextFifth = dayOfMonth(1, 5);
    const schedule = '&frequency=monthly&month_day=5&payment_method=pix_automatico';
    const preview = await get(c, `/api/saving-plans/preview?amount=30.00${schedule}`);
    expect(preview.json().schedule).toEqual({ first_run_date: fifth, next_run_date: nextFifth });

    const created = await t.app.inject({
      method: 'POST',
      url: '/api/saving-plans',
      headers: bearer(c.token),
      payload: { amount: '30.00', frequency: 'monthly', month_day: 5, payment_method: 'pix_automatico' },
    });
    expect(created.json().plan).toMatchObject({
      runs: [{ period: fifth, paid_ahead_on: null, status: 'awaiting_payment' }],
      next_run_date: nextFifth,
    });
    await payFirstCharge(c);
    await runSavingPlans(t.app.deps);
    const before = charges;
    moveTo(fifth);
    await runSavingPlans(t.app.deps);
    expect(charges).toBe(before);
    let [plan] = (await get(c, '/api/saving-plans')).json().plans;
    expect(plan.runs.map((r: { period: string; status: string }) => [r.period, r.status])).toEqual([[fifth, 'bought']]);
    expect(plan.next_run_date).toBe(nextFifth);

    moveTo(nextFifth);
    await runSavingPlans(t.app.deps);
    expect(charges).toBe(before + 1);
    [plan] = (await get(c, '/api/saving-plans')).json().plans;
    expect(plan.runs.map((r: { period: string; status: string }) => [r.period, r.status])).toEqual([
      [nextFifth, 'bought'],
      [fifth, 'bought'],
    ]);
    expect(plan.runs.map((r: { paid_ahead_on: string | null }) => r.paid_ahead_on)).toEqual([
      null,
      created.json().plan.start_date,
    ]);
  });

  it('a weekly plan made on its weekday runs today first, then a week later; without the schedule, no dates', async () => {
    const c = await approvedCustomer(t);
    const weekday = new Date(`${today()}T00:00:00Z`).getUTCDay();
    const inAWeek = new Date(Date.parse(`${today()}T00:00:00Z`) + 7 * DAY_MS).toISOString().slice(0, 10);
    const url = `/api/saving-plans/preview?amount=20&frequency=weekly&weekday=${weekday}&payment_method=balance`;
    expect((await get(c, url)).json().schedule).toEqual({ first_run_date: today(), next_run_date: inAWeek });
    // without the schedule's fields, no dates
    expect((await get(c, '/api/saving-plans/preview?amount=20')).json().schedule).toBeNull();
  });

  it('an end date before the first run is refused on its field', async () => {
    moveTo(dayOfMonth(1, 1));
    const c = await approvedCustomer(t);
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/saving-plans',
      headers: bearer(c.token),
      payload: { amount: '30.00', frequency: 'monthly', month_day: 5, end_date: today(), payment_method: 'balance' },
    });
    const message = MESSAGES.savingFirstRunAfterEnd(dayOfMonth(0, 5).split('-').reverse().join('/'));
    expect(r.json()).toEqual({ code: 'VALIDATION_FAILED', message, errors: { end_date: [message] } });
  });

  it('an end date its month does not have is refused on its field, and nothing is made', async () => {
    const c = await approvedCustomer(t);
    const year = Number(today().slice(0, 4)) + 1;
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/saving-plans',
      headers: bearer(c.token),
      payload: {
        amount: '30.00',
        frequency: 'monthly',
        month_day: 5,
        end_date: `${year}-02-31`,
        payment_method: 'balance',
      },
    });
    const message = MESSAGES.savingEndDateInvalid;
    expect([r.statusCode, r.json()]).toEqual([
      422,
      { code: 'VALIDATION_FAILED', message, errors: { end_date: [message] } },
    ]);
    expect((await get(c, '/api/saving-plans')).json().plans).toEqual([]);
  });
});

describe('the preview of a run', () => {
  it('says when the fee is the minimum per order, and when it is the rate', async () => {
    const c = await approvedCustomer(t);
    const small = (await get(c, '/api/saving-plans/preview?amount=50.00')).json();
    expect(small).toMatchObject({ transaction_fee: 5, fee_is_minimum: true, fee_rate_percent: 0.5 });
    const large = (await get(c, '/api/saving-plans/preview?amount=3000.00')).json();
    expect(large.fee_is_minimum).toBe(false);
    expect(large.transaction_fee).toBeGreaterThan(5);
  });
});
