import { randomInt } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  bankingInformation,
  deposits,
  ledgerTransfers,
  paymentEvents,
  users,
  withdrawals,
} from '../../db/schema/index';
import { loadConfig } from '../../config';
import { getBalances, post } from '../../ledger/index';
import {
  approvedCustomer,
  buildTestApp,
  onPostgres,
  skippedOnPglite,
  type Customer,
  type TestApp,
} from '../../../test/helpers';
import { listBanking } from '../profile/index';
import { placeWithdrawal } from './withdrawals';

let t: TestApp;
beforeAll(async () => {
  // the storm keeps 20 charges of each customer pending at once: the database's admission caps them (0032)
  const money = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv).money;
  t = await buildTestApp({ config: { money: { ...money, maxPendingPixDeposits: 20 } } });
});

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

const deliver = (d: { headers: Record<string, string>; body: unknown }) =>
  t.app.inject({ method: 'POST', url: '/api/webhooks/payments', headers: d.headers, payload: d.body as object });

describe('webhook storms', () => {
  it('1,000 deliveries for 200 payments, shuffled and duplicated, credit each payment exactly once', async () => {
    const customers: Customer[] = [];
    for (let i = 0; i < 10; i++) customers.push(await approvedCustomer(t));
    const payments = t.adapters.payments;
    const charges: Array<{ depositId: number; userId: number; paymentId: string; amountCents: number }> = [];
    for (let i = 0; i < 200; i++) {
      const customer = customers[i % customers.length]!;
      const amountCents = 500 + randomInt(100_000);
      const charge = await payments.createPixCharge({
        reference: `storm-${i}`,
        amountCents,
        customer: { userId: customer.id, name: 'Cliente', cpfCnpj: '52998224725', email: customer.email },
        description: 'Depósito',
        dueDate: '2026-11-23',
      });
      const [row] = await t.database.db
        .insert(deposits)
        .values({
          userId: customer.id,
          method: 'pix',
          amountCents,
          asaasPaymentId: charge.paymentId,
          externalReference: `storm-${charge.paymentId}`,
          pixCopiaECola: charge.pixCopiaECola,
        })
        .returning();
      charges.push({ depositId: row!.id, userId: customer.id, paymentId: charge.paymentId, amountCents });
    }
    // Per payment: one event delivered three times, and two more events of its own (Asaas re-sends with new ids).
    const deliveries = shuffle(
      charges.flatMap((c) => {
        const event = payments.simulatePayment!({ paymentId: c.paymentId, reference: 'x', amountCents: c.amountCents });
        const fresh = () =>
          payments.simulatePayment!({ paymentId: c.paymentId, reference: 'x', amountCents: c.amountCents });
        return [event, event, event, fresh(), fresh()];
      }),
    );
    expect(deliveries).toHaveLength(1000);
    const outcomes: string[] = [];
    const concurrency = onPostgres ? 25 : 1;
    for (let i = 0; i < deliveries.length; i += concurrency) {
      const answers = await Promise.all(deliveries.slice(i, i + concurrency).map(deliver));
      for (const a of answers) {
        expect(a.statusCode, a.body).toBe(200);
        outcomes.push(a.json().outcome);
      }
    }
    expect(outcomes.filter((o) => o === 'credited')).toHaveLength(200);
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(800);

    const ids = charges.map((c) => c.depositId);
    const rows = await t.database.db.select().from(deposits).where(inArray(deposits.id, ids));
    expect(rows.every((r) => r.status === 'approved')).toBe(true);
    const credits = await t.database.db
      .select()
      .from(ledgerTransfers)
      .where(
        inArray(
          ledgerTransfers.transferId,
          ids.map((id) => `deposit:${id}`),
        ),
      );
    expect(credits).toHaveLength(200);
    for (const customer of customers) {
      const expected = charges.filter((c) => c.userId === customer.id).reduce((sum, c) => sum + c.amountCents, 0);
      expect((await getBalances(t.database.db, customer.id)).BRL).toEqual({ available: expected, held: 0 });
    }
    const events = await t.database.db
      .select()
      .from(paymentEvents)
      .where(
        inArray(
          paymentEvents.paymentId,
          charges.map((c) => c.paymentId),
        ),
      );
    expect(events).toHaveLength(600); // 200 payments × 3 distinct event ids
  }, 120_000);
});

describe.skipIf(!onPostgres)('withdrawals racing on one balance (PostgreSQL)', () => {
  it('100 concurrent withdrawals of R$ 10,00 on R$ 500,00 never overdraw it; two free ones, the rest pay the fee', async () => {
    const c = await approvedCustomer(t);
    const r = await post(t.database.db, {
      id: `test-fund:race:${c.id}`,
      debit: { system: 'pix:clearing' },
      credit: { customer: c.id, bucket: 'available' },
      currency: 'BRL',
      amount: 50000,
      code: 'deposit.pix',
    });
    expect(r.ok).toBe(true);
    await t.app.inject({
      method: 'POST',
      url: '/api/banking-information',
      headers: { authorization: `Bearer ${c.token}` },
      payload: { type: 'pix', key_type: 'email', key: c.email },
    });
    const [user] = await t.database.db.select().from(users).where(eq(users.id, c.id));
    const [entry] = await listBanking(t.database.db, c.id);
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, () => placeWithdrawal(t.app.deps, user!, entry!, 1000)),
    );
    const placed = results.filter((x) => x.status === 'fulfilled');
    const refused = results.filter((x): x is PromiseRejectedResult => x.status === 'rejected');
    expect(placed).toHaveLength(50);
    expect(new Set(refused.map((x) => (x.reason as { code?: string }).code))).toEqual(
      new Set(['INSUFFICIENT_BALANCE']),
    );
    expect((await getBalances(t.database.db, c.id)).BRL).toEqual({ available: 0, held: 50000 });
    const rows = await t.database.db.select().from(withdrawals).where(eq(withdrawals.userId, c.id));
    expect(rows).toHaveLength(50);
    expect(rows.filter((w) => w.feeCents === 0)).toHaveLength(2);
    expect(rows.filter((w) => w.feeCents === 990)).toHaveLength(48);
  });
});

describe.skipIf(!onPostgres)('cancel racing with a payment (PostgreSQL)', () => {
  it('40 rounds: either the payment credits and the cancel is refused, or the cancel wins and nothing is credited', async () => {
    const c = await approvedCustomer(t);
    let credited = 0;
    let cancelled = 0;
    for (let round = 0; round < 40; round++) {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/deposit/pix',
        headers: { authorization: `Bearer ${c.token}` },
        payload: { amount: '10,00' },
      });
      const deposit = created.json().deposit as { id: number; asaas_payment_id: string };
      const delivery = t.adapters.payments.simulatePayment!({
        paymentId: deposit.asaas_payment_id,
        reference: 'x',
        amountCents: 1000,
      });
      const [cancel, paid] = await Promise.all([
        t.app.inject({
          method: 'DELETE',
          url: `/api/deposit/${deposit.id}`,
          headers: { authorization: `Bearer ${c.token}` },
        }),
        deliver(delivery),
      ]);
      const outcome = paid.json().outcome;
      if (cancel.statusCode === 200) {
        // paid after the cancel: held in deposit:suspense for an operator, never credited
        expect(outcome).toBe('held');
        cancelled++;
      } else {
        expect(cancel.json().code).toBe('DEPOSIT_NOT_CANCELLABLE');
        expect(outcome).toBe('credited');
        credited++;
      }
    }
    expect(credited + cancelled).toBe(40);
    expect((await getBalances(t.database.db, c.id)).BRL).toEqual({ available: credited * 1000, held: 0 });
  });
});

describe.skipIf(onPostgres)('withdrawals racing on one balance', () => {
  it('runs on PostgreSQL only', () => skippedOnPglite('concurrent withdrawals'));
});

describe('the reconciliation knows deposits and withdrawals', () => {
  it('finds an approved deposit that was never credited and a withdrawal without its hold', async () => {
    const { reconcile } = await import('../../ledger/index');
    const c = await approvedCustomer(t);
    const [d] = await t.database.db
      .insert(deposits)
      .values({
        userId: c.id,
        method: 'ted',
        amountCents: 1000,
        status: 'approved',
        creditedAt: new Date(),
        receiptStorageKey: 'x/0.pdf',
      })
      .returning();
    const [bank] = await t.database.db
      .insert(bankingInformation)
      .values({ userId: c.id, type: 'pix', keyType: 'email', key: c.email })
      .returning();
    const [w] = await t.database.db
      .insert(withdrawals)
      .values({
        userId: c.id,
        bankingInformationId: bank!.id,
        destination: { type: 'pix', key_type: 'email', key: c.email },
        amountCents: 2000,
        feeCents: 0,
        instant: false,
      })
      .returning();
    try {
      const r = await reconcile(t.database.db);
      expect(r.ok).toBe(false);
      expect(r.problems).toContain(`depósito ${d!.id}: aprovado com 1000 centavos, creditado nada`);
      expect(r.problems).toContain(`retirada ${w!.id}: pending de 2000 centavos, reserva ausente (0)`);
    } finally {
      await t.database.db.delete(withdrawals).where(eq(withdrawals.id, w!.id));
      await t.database.db.delete(deposits).where(eq(deposits.id, d!.id));
    }
    expect((await reconcile(t.database.db)).ok).toBe(true);
  });
});
