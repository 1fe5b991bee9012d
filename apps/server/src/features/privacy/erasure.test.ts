import { randomUUID } from 'node:crypto';
import { ErasureStatusResponse, MESSAGES, orderCost } from '@prata/domain';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  approvedCustomer,
  bearer,
  buildTestApp,
  type Customer,
  createCustomer,
  fundCustomer,
  onPostgres,
  skippedOnPglite,
  staffMember,
  type TestApp,
} from '../../../test/helpers';
import { rows } from '@/db/sql';
import { getBalances, post, reconcile } from '@/ledger/index';
import { runRuleNow } from '@/features/retention/index';

let t: TestApp;
let compliance: Customer;
const PASSWORD = 'senha-da-eliminacao-1';

beforeAll(async () => {
  t = await buildTestApp();
  compliance = await staffMember(t, ['compliance'], 'Carla Conformidade');
}, 120_000);

/** An approved customer with a password of their own (the tests' default is shared by every customer). */
async function person(name = 'Elisa Eliminada'): Promise<Customer & { cpf: string }> {
  const c = await approvedCustomer(t, { name });
  const changed = await t.app.inject({
    method: 'PUT',
    url: '/api/password',
    headers: bearer(c.token),
    payload: { password_current: c.password, password: PASSWORD, password_confirmation: PASSWORD },
  });
  if (changed.statusCode !== 200) throw new Error(`password: ${changed.statusCode} ${changed.body}`);
  return { ...c, password: PASSWORD };
}

const status = async (c: Customer) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/privacy/erasure', headers: bearer(c.token) });
  expect(res.statusCode, res.body).toBe(200);
  return ErasureStatusResponse.parse(res.json());
};
const erase = (c: Customer, password = c.password, key = `erasure-${randomUUID()}`) =>
  t.app.inject({
    method: 'POST',
    url: '/api/privacy/erasure',
    headers: { ...bearer(c.token), 'idempotency-key': key },
    payload: { password },
  });
const userRow = async (id: number) =>
  (
    await rows<{ name: string; email: string; cpf: string | null; erased_at: string | null }>(
      t.database.db,
      sql`select name, email, cpf, erased_at::text as erased_at from users where id = ${id}`,
    )
  )[0]!;
const reasonsOf = (body: { reasons: Array<{ code: string }> }) => body.reasons.map((r) => r.code);

/** Moves the customer's reais out of the ledger, as a paid withdrawal would (back to the Pix clearing account). */
async function payOut(customerId: number, amount: number) {
  const r = await post(t.database.db, {
    id: `test-payout:${randomUUID()}`,
    debit: { customer: customerId, bucket: 'available' },
    credit: { system: 'pix:clearing' },
    currency: 'BRL',
    amount,
    code: 'test.payout',
  });
  if (!r.ok) throw new Error(`payout refused: ${JSON.stringify(r)}`);
}

/** Refused with exactly these reasons (and the same in GET), nothing changed. */
async function refusedWith(c: Customer, codes: string[]) {
  expect(reasonsOf(await status(c))).toEqual(expect.arrayContaining(codes));
  const before = await userRow(c.id);
  const res = await erase(c);
  expect(res.statusCode, res.body).toBe(409);
  const body = res.json();
  expect(body.code).toBe('ERASURE_NOT_ALLOWED');
  expect(reasonsOf(body)).toEqual(expect.arrayContaining(codes));
  expect(body.message).toContain('Ainda não é possível eliminar');
  expect(await userRow(c.id)).toEqual(before);
  expect(before.erased_at).toBeNull();
}

describe('GET /api/privacy/erasure', () => {
  it('with zero balances and nothing pending: allowed, what goes and what stays five years', async () => {
    const c = await person();
    const s = await status(c);
    expect(s.allowed).toBe(true);
    expect(s.reasons).toEqual([]);
    expect(s.erased.join(' ')).toContain('Endereços');
    const aml = s.kept[0]!;
    expect(aml.why).toContain('9.613/1998');
    const years = (Date.parse(aml.until) - Date.now()) / (365.25 * 86_400_000);
    expect(years).toBeGreaterThan(4.99);
    expect(years).toBeLessThan(5.01);
  });

  it('401 without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/privacy/erasure' });
    expect(res.statusCode).toBe(401);
  });
});

describe('refused while money remains or something is pending (each reason)', () => {
  it('reais in the balance', async () => {
    const c = await person();
    await fundCustomer(t.database, c.id, 'BRL', 1);
    await refusedWith(c, ['balance_brl']);
  });

  it('grams in custody', async () => {
    const c = await person();
    await fundCustomer(t.database, c.id, 'AG', 1);
    await refusedWith(c, ['balance_ag']);
  });

  it('an open order holding grams: money held and an open order', async () => {
    const c = await person();
    await fundCustomer(t.database, c.id, 'AG', 1000);
    const price = 400_000;
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/order/sell',
      headers: bearer(c.token),
      payload: {
        mode: 'limit',
        price_per_gram: price / 100,
        quantity_grams: 10,
        total_amount:
          orderCost({
            side: 'sell',
            pricePerGramCents: price,
            quantityCentigrams: 1000,
            feeRateBps: 50,
            iofRateBps: 38,
          }).totalCents / 100,
      },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    await refusedWith(c, ['held_funds', 'open_orders']);
    const res = await erase(c);
    expect(res.json().message).toContain(MESSAGES.erasureOpenOrders);
  });

  it('a Pix deposit waiting for payment', async () => {
    const c = await person();
    const dep = await t.app.inject({
      method: 'POST',
      url: '/api/deposit/pix',
      headers: bearer(c.token),
      payload: { amount: 50 },
    });
    expect(dep.statusCode, dep.body).toBeLessThan(300);
    await refusedWith(c, ['pending_deposits']);
  });

  it('a withdrawal, a silver withdrawal, a silver transfer and a saving plan still running', async () => {
    const c = await person();
    const db = t.database.db;
    // rows as each feature leaves them while pending (removed after: they hold no money in this test)
    const [bank] = await rows<{ id: number }>(
      db,
      sql`insert into banking_information (user_id, type, key_type, key) values (${c.id}, 'pix', 'email', ${c.email})
          returning id::int as id`,
    );
    await db.execute(
      sql`insert into withdrawals (user_id, banking_information_id, destination, amount_cents, fee_cents, instant)
          values (${c.id}, ${bank!.id}, '{}', 1000, 0, true)`,
    );
    await db.execute(
      sql`insert into saving_plans (user_id, amount_cents, frequency, weekday, start_date, payment_method, status)
          values (${c.id}, 1000, 'weekly', 1, current_date, 'balance', 'active')`,
    );
    await db.execute(
      sql`insert into silver_transfers (sender_id, receiver_email, receiver_cpf, quantity_cg, status, check_code, expires_at)
          values (${c.id}, 'alguem@exemplo.com.br', '12345678909', 100, 'pending', ${randomUUID().slice(0, 12)},
                  now() + interval '30 days')`,
    );
    await db.execute(
      sql`insert into silver_withdrawals (user_id, kind, payment_method, buyer, address, destination_state, shipping,
                                          silver_cg, silver_value_cents, minting_cents, shipping_cents, insurance_cents,
                                          icms_cents, difal_cents, pis_cents, cofins_cents, discount_cents, total_cents)
          values (${c.id}, 'purchase', 'pix', '{}', '{}', 'SP', '{}', 100, 100, 0, 0, 0, 0, 0, 0, 0, 0, 100)`,
    );
    try {
      await refusedWith(c, [
        'pending_withdrawals',
        'pending_silver_withdrawals',
        'pending_silver_transfers',
        'live_saving_plans',
      ]);
    } finally {
      await db.execute(sql`delete from withdrawals where user_id = ${c.id}`);
      await db.execute(sql`delete from saving_plans where user_id = ${c.id}`);
      await db.execute(sql`delete from silver_transfers where sender_id = ${c.id}`);
      await db.execute(sql`delete from silver_withdrawals where user_id = ${c.id}`);
    }
  });
});

describe('POST /api/privacy/erasure', () => {
  it('a wrong password: 422 ERASURE_PASSWORD_WRONG, nothing changed; no password: 422 with the field', async () => {
    const c = await person();
    const before = await userRow(c.id);
    const wrong = await erase(c, 'outra-senha-qualquer');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ code: 'ERASURE_PASSWORD_WRONG', message: MESSAGES.erasurePasswordWrong });
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/privacy/erasure',
      headers: { ...bearer(c.token), 'idempotency-key': randomUUID() },
      payload: {},
    });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.password).toEqual([MESSAGES.erasurePasswordRequired]);
    expect(await userRow(c.id)).toEqual(before);
  });

  it('is always the requester: another customer id in the body changes nothing of that customer', async () => {
    const victim = await person('Vitória Vítima');
    const other = await person('Otávio Outro');
    const before = await userRow(victim.id);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/privacy/erasure',
      headers: { ...bearer(other.token), 'idempotency-key': randomUUID() },
      payload: { password: victim.password, user_id: victim.id, id: victim.id },
    });
    // the password is the requester's own (same text here): the requester is erased, never the victim
    expect(res.statusCode, res.body).toBe(200);
    expect(await userRow(victim.id)).toEqual(before);
    expect((await userRow(other.id)).erased_at).not.toBeNull();
  });

  it('20 requests at once erase once (PostgreSQL)', async () => {
    if (!onPostgres) return skippedOnPglite('20 erasure requests at once');
    const c = await person('Clara Concorrente');
    const answers = await Promise.all(Array.from({ length: 20 }, () => erase(c)));
    const ok = answers.filter((a) => a.statusCode === 200);
    expect(ok).toHaveLength(1);
    // the others: the session already ended, the account already erased, or (past the account's tries in flight
    // at once: the password is a sign-in's) refused before their password was read
    for (const a of answers.filter((x) => x.statusCode !== 200)) {
      expect([401, 403, 429]).toContain(a.statusCode);
      expect(a.statusCode === 401 || ['ACCOUNT_ERASED', 'SIGNIN_LOCKED'].includes(a.json().code)).toBe(true);
    }
    const [n] = await rows<{ requests: number; aml: number }>(
      t.database.db,
      sql`select (select count(*)::int from privacy_requests where user_id = ${c.id} and kind = 'erasure') as requests,
                 (select count(*)::int from aml_records where user_id = ${c.id}) as aml`,
    );
    expect(n).toEqual({ requests: 1, aml: 1 });
  });

  it('one Idempotency-Key twice (a double click): one erasure, the same answer', async () => {
    const c = await person();
    const key = `intencao-${randomUUID()}`;
    const first = await erase(c, c.password, key);
    expect(first.statusCode, first.body).toBe(200);
    const second = await erase(c, c.password, key);
    // the session ended with the erasure: the replay is refused at the door or replayed, never a second erasure
    expect([200, 401]).toContain(second.statusCode);
    const [n] = await rows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from privacy_requests where user_id = ${c.id} and kind = 'erasure'`,
    );
    expect(n!.n).toBe(1);
  });
});

describe('after an erasure', () => {
  let erased: Customer & { cpf: string };
  let answer: Record<string, unknown>;
  let operationsBefore: { transfers: number; orders: number; trades: number };

  const operationsOf = async (id: number) =>
    (
      await rows<{ transfers: number; orders: number; trades: number }>(
        t.database.db,
        sql`select (select count(*)::int from ledger_transfers t join ledger_accounts a
                     on a.id in (t.debit_account_id, t.credit_account_id) where a.owner_user_id = ${id}) as transfers,
                   (select count(*)::int from orders where user_id = ${id}) as orders,
                   (select count(*)::int from trades tr join orders o on o.id in (tr.maker_order_id, tr.taker_order_id)
                     where o.user_id = ${id}) as trades`,
      )
    )[0]!;

  beforeAll(async () => {
    // a customer who traded: sold all her grams to a buyer, then took the reais out; every balance is zero
    erased = await person('Sofia Vendedora');
    const buyer = await approvedCustomer(t, { name: 'Bruno Comprador' });
    const price = 50_000;
    const q = 1000;
    const rates = { pricePerGramCents: price, quantityCentigrams: q, feeRateBps: 50, iofRateBps: 38 };
    await fundCustomer(t.database, erased.id, 'AG', q);
    await fundCustomer(t.database, buyer.id, 'BRL', orderCost({ side: 'buy', ...rates }).totalCents);
    const order = (c: Customer, side: 'buy' | 'sell') =>
      t.app.inject({
        method: 'POST',
        url: `/api/order/${side}`,
        headers: bearer(c.token),
        payload: {
          mode: 'limit',
          price_per_gram: price / 100,
          quantity_grams: q / 100,
          total_amount: orderCost({ side, ...rates }).totalCents / 100,
        },
      });
    expect((await order(erased, 'sell')).statusCode).toBe(201);
    expect((await order(buyer, 'buy')).statusCode).toBe(201);
    const b = await getBalances(t.database.db, erased.id);
    expect(b.AG).toEqual({ available: 0, held: 0 });
    await payOut(erased.id, b.BRL.available);
    // a copy of her data asked just before: never built after the erasure
    const copy = await t.app.inject({
      method: 'POST',
      url: '/api/privacy/exports',
      headers: { ...bearer(erased.token), 'idempotency-key': randomUUID() },
    });
    expect(copy.statusCode, copy.body).toBe(201);
    operationsBefore = await operationsOf(erased.id);
    expect(operationsBefore.trades).toBeGreaterThan(0);
    const res = await erase(erased);
    expect(res.statusCode, res.body).toBe(200);
    answer = res.json();
  }, 60_000);

  it('answers what went and what stays until when, and ends every session', async () => {
    expect(answer).toMatchObject({ message: MESSAGES.erasureDone, request_id: expect.any(Number) });
    const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(erased.token) });
    expect(me.statusCode).toBe(401);
  });

  it('the personal data is gone from the users row; the CPF and name are in the locked AML record', async () => {
    const u = await userRow(erased.id);
    expect(u).toMatchObject({
      name: 'Titular eliminado',
      cpf: null,
      email: `eliminado-${erased.id}@eliminado.invalid`,
    });
    const [aml] = await rows<{ name: string; cpf: string; years: number; request_id: number }>(
      t.database.db,
      sql`select name, cpf, extract(epoch from purge_after - closed_at) / (365.25 * 86400) as years,
                 request_id::int as request_id from aml_records where user_id = ${erased.id}`,
    );
    expect(aml).toMatchObject({ name: 'Sofia Vendedora', cpf: erased.cpf, request_id: answer.request_id });
    expect(Number(aml!.years)).toBeGreaterThan(4.99);
    await expect(
      t.database.db.execute(sql`update aml_records set name = 'x' where user_id = ${erased.id}`),
    ).rejects.toThrow();
    const [left] = await rows<{ n: number }>(
      t.database.db,
      sql`select (select count(*) from addresses where user_id = ${erased.id})
               + (select count(*) from documents where user_id = ${erased.id})::int as n`,
    );
    expect(Number(left!.n)).toBe(0);
    const copies = await rows<{ status: string; file_key: string | null }>(
      t.database.db,
      sql`select status, file_key from privacy_requests where user_id = ${erased.id} and kind = 'export'`,
    );
    expect(copies.length).toBeGreaterThan(0);
    for (const c of copies) expect(c.file_key).toBeNull();
    expect(copies.every((c) => c.status === 'refused' || c.status === 'expired')).toBe(true);
  });

  it('the request is in the queue answered, with its dates, and audited', async () => {
    const q = await t.app.inject({
      method: 'GET',
      url: '/api/admin/privacy/requests?status=all',
      headers: bearer(compliance.token),
    });
    const mine = q.json().data.find((r: { id: number }) => r.id === answer.request_id);
    expect(mine).toMatchObject({ kind: 'erasure', status: 'answered' });
    const [audit] = await rows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from audit_log where action = 'privacy.erasure.done' and target_id = ${erased.id}`,
    );
    expect(audit!.n).toBe(1);
  });

  it('sign-in is refused with ACCOUNT_ERASED (a wrong password still says wrong credentials)', async () => {
    const right = await t.app.inject({
      method: 'POST',
      url: '/api/login/verification-method',
      payload: { email: erased.email, password: erased.password, verificationMethod: 'email' },
    });
    expect(right.statusCode).toBe(403);
    expect(right.json()).toMatchObject({ code: 'ACCOUNT_ERASED', message: MESSAGES.accountErased });
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/login/verification-method',
      payload: { email: erased.email, password: 'nao-e-essa-senha', verificationMethod: 'email' },
    });
    expect(wrong.json().code).toBe('INVALID_CREDENTIALS');
  });

  it('the operations stay and the ledger reconciles', async () => {
    expect(await operationsOf(erased.id)).toEqual(operationsBefore);
    const r = await reconcile(t.database.db);
    expect(r.problems).toEqual([]);
    expect(r.ok).toBe(true);
  });

  it('the retention rule keeps the AML record until purge_after, then deletes it', async () => {
    await runRuleNow(t.app.deps, { userId: compliance.id, ip: '127.0.0.1' }, 'aml_records');
    const count = async () =>
      (
        await rows<{ n: number }>(
          t.database.db,
          sql`select count(*)::int as n from aml_records where user_id = ${erased.id}`,
        )
      )[0]!.n;
    expect(await count()).toBe(1);
    // five years later: the record, moved back in time (it is never updated: deleted and written again)
    await t.database.db.execute(sql`
      with old as (delete from aml_records where user_id = ${erased.id} returning *)
      insert into aml_records (user_id, request_id, account_type, name, cpf, cnpj, data, last_operation_at,
                               closed_at, purge_after)
      select user_id, request_id, account_type, name, cpf, cnpj, data, last_operation_at,
             closed_at - interval '5 years 2 days', purge_after - interval '5 years 2 days' from old`);
    await runRuleNow(t.app.deps, { userId: compliance.id, ip: '127.0.0.1' }, 'aml_records');
    expect(await count()).toBe(0);
    const right = await t.app.inject({
      method: 'POST',
      url: '/api/login/verification-method',
      payload: { email: erased.email, password: erased.password, verificationMethod: 'email' },
    });
    expect(right.json().code).toBe('INVALID_CREDENTIALS');
  });

  it('the same e-mail registers again as a new person', async () => {
    const again = await createCustomer(t, { email: erased.email, name: 'Sofia de Novo' });
    expect(again.id).not.toBe(erased.id);
    // createCustomer signed in with the e-mail and its code, as a person does
    const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(again.token) });
    expect(me.json().user).toMatchObject({ id: again.id, name: 'Sofia de Novo' });
  });
});
