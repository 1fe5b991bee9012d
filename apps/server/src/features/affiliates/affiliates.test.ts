import { randomUUID } from 'node:crypto';
import {
  AffiliateProgramResponse,
  AffiliatesResponse,
  anonymizeEmail,
  MESSAGES,
  orderCost,
  RewardsResponse,
} from '@prata/domain';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  approvedCustomer,
  bearer,
  buildTestApp,
  completeIndividual,
  createCustomer,
  type Customer,
  latestLink,
  staffMember,
  type TestApp,
} from '../../../test/helpers';
import { affiliateRewards, users } from '@/db/schema/index';
import { getBalances, post, reconcile } from '@/ledger/index';
import { creditAffiliateRewards, rewardCrediterOf } from './rewards';

let t: TestApp;
let finance: Customer;

beforeAll(async () => {
  t = await buildTestApp();
  finance = await staffMember(t, ['finance'], 'Fernanda Finanças');
});

const get = (c: Customer, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(c.token) });

async function program(c: Customer) {
  const res = await get(c, '/api/affiliates-program');
  expect(res.statusCode).toBe(200);
  return AffiliateProgramResponse.parse(res.json());
}

/** An approved customer with their affiliate coupon. */
async function affiliate() {
  const c = await approvedCustomer(t, { name: 'Maria Afiliada Souza' });
  const p = await program(c);
  return { ...c, coupon: p.coupon! };
}

/** An approved customer referred by `couponId` (registered with it), with reais and grams to trade. */
async function referred(couponId: number, opts: { registeredDaysAgo?: number } = {}) {
  const c = await approvedCustomer(t);
  const createdAt = new Date(Date.now() - (opts.registeredDaysAgo ?? 0) * 86_400_000);
  await t.database.db.update(users).set({ referredByCouponId: couponId, createdAt }).where(eq(users.id, c.id));
  await fund(c.id);
  return c;
}

async function fund(userId: number) {
  for (const [currency, amount, debit] of [
    ['BRL', 500_000, 'pix:clearing'],
    ['AG', 50_000, 'vault'],
  ] as const) {
    await post(t.database.db, {
      id: `test-fund:${randomUUID()}`,
      debit: { system: debit },
      credit: { customer: userId, bucket: 'available' },
      currency,
      amount,
      code: 'test.fund',
    });
  }
}

const RATES = { feeRateBps: 50, iofRateBps: 38 };
/** A limit order with the summary's total, as the screen sends it. */
async function limit(c: Customer, side: 'buy' | 'sell', price: number, quantity: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/order/${side}`,
    headers: bearer(c.token),
    payload: {
      mode: 'limit',
      price_per_gram: price / 100,
      quantity_grams: quantity / 100,
      total_amount:
        orderCost({ side, pricePerGramCents: price, quantityCentigrams: quantity, ...RATES }).totalCents / 100,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** Two customers trade 10 g at R$ 5,00/g: each pays the R$ 5,00 minimum fee. */
async function trade(buyer: Customer, seller: Customer, price = 500, quantity = 1000) {
  await limit(seller, 'sell', price, quantity);
  await limit(buyer, 'buy', price, quantity);
}

async function rewardsOf(c: Customer, page = 1) {
  const res = await get(c, `/api/affiliates-program/rewards?page=${page}`);
  expect(res.statusCode).toBe(200);
  return RewardsResponse.parse(res.json()).rewards;
}

describe('GET /api/affiliates-program', () => {
  it('answers 403 with the server message while the registration is incomplete (the screen goes to /register/finish)', async () => {
    const c = await createCustomer(t);
    for (const url of [
      '/api/affiliates-program',
      '/api/affiliates-program/affiliates',
      '/api/affiliates-program/rewards',
    ]) {
      const res = await get(c, url);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'REGISTRATION_INCOMPLETE', message: MESSAGES.registrationIncomplete });
    }
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/affiliates-program' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('a complete registration awaiting approval gets no coupon (the approval-pending notice)', async () => {
    const c = await createCustomer(t);
    await completeIndividual(t, c);
    const p = await program(c);
    expect(p.coupon).toBeNull();
    expect(p.user.approved_at).toBeNull();
    expect(p.user.email_verified_at).not.toBeNull();
    expect(p.years).toBe(1);
    expect(p.reward_share).toBe(20);
    expect(p.rewards_total).toBe(0);
    const coupons = await t.database.db.execute(sql`select id from coupons where owner_user_id = ${c.id}`);
    expect((coupons as unknown as { rows: unknown[] }).rows).toHaveLength(0);
  });

  it('an approved customer gets one coupon, made on the first visit, and the referral link to /register', async () => {
    const c = await approvedCustomer(t, { name: 'João Ávila Prado' });
    const [first, second] = await Promise.all([program(c), program(c)]);
    expect(first.coupon).not.toBeNull();
    expect(first.coupon!.code).toMatch(/^JOAO-[A-Z2-9]{4}$/);
    expect(second.coupon).toEqual(first.coupon);
    expect(first.coupon!.link).toBe(`${t.config.publicUrl}/register?cupom=${first.coupon!.code}`);
    expect(first.user.approved_at).not.toBeNull();
    // the coupon is usable where coupons are (registration, the checkout)
    const res = await t.app.inject({ method: 'GET', url: `/api/coupon?code=${first.coupon!.code.toLowerCase()}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().coupon.code).toBe(first.coupon!.code);
  });
});

describe('referred customers', () => {
  it('registering with the coupon records the referral; the table shows first name, anonymized e-mail and the state', async () => {
    const a = await affiliate();
    const email = `paula.${randomUUID().slice(0, 6)}@exemplo.com.br`;
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      remoteAddress: '10.77.0.1',
      payload: {
        name: 'Paula Indicada Reis',
        email,
        email_confirmation: email,
        password: 'senha-forte-123',
        password_confirmation: 'senha-forte-123',
        account_type: 'individual',
        coupon_code: a.coupon.code.toLowerCase(),
      },
    });
    expect(reg.statusCode, reg.body).toBe(201);
    const list = async () => {
      const res = await get(a, '/api/affiliates-program/affiliates');
      expect(res.statusCode).toBe(200);
      return AffiliatesResponse.parse(res.json()).affiliates;
    };
    let page = await list();
    expect(page).toMatchObject({ total: 1, per_page: 10 });
    expect(page.data[0]).toMatchObject({
      first_name: 'Paula',
      anonymized_email: anonymizeEmail(email),
      email_verified_at: null,
      approved_at: null,
    });
    expect(page.data[0]!.anonymized_email).not.toContain('paula.');
    expect(JSON.stringify(page)).not.toContain(email);

    // verified: awaiting approval
    const link = await latestLink(t.database, email, '/email/verify/');
    await t.app.inject({ method: 'POST', url: `/api/register/verify/${link.pathname.split('/').pop()}` });
    page = await list();
    expect(page.data[0]!.email_verified_at).not.toBeNull();
    expect(page.data[0]!.approved_at).toBeNull();

    // nobody else sees them
    const other = await affiliate();
    expect((await get(other, '/api/affiliates-program/affiliates')).json().affiliates.total).toBe(0);
  });

  it('pages of 10, newest first; a bad page is refused and changes nothing', async () => {
    const a = await affiliate();
    const base = Date.now() - 100_000;
    for (let i = 0; i < 12; i++) {
      await t.database.db.insert(users).values({
        name: `Indicado${String(i).padStart(2, '0')} Silva`,
        email: `indicado${i}.${randomUUID().slice(0, 6)}@exemplo.com.br`,
        passwordHash: 'x',
        accountType: 'individual',
        referredByCouponId: a.coupon.id,
        createdAt: new Date(base + i * 1000),
      });
    }
    const one = (await get(a, '/api/affiliates-program/affiliates?page=1')).json().affiliates;
    const two = (await get(a, '/api/affiliates-program/affiliates?page=2')).json().affiliates;
    expect(one).toMatchObject({ total: 12, per_page: 10 });
    expect(one.data).toHaveLength(10);
    expect(two.data).toHaveLength(2);
    expect(one.data[0].first_name).toBe('Indicado11');
    expect(two.data[1].first_name).toBe('Indicado00');
    for (const bad of ['0', '-1', 'abc', '1.5', '100001']) {
      const res = await get(a, `/api/affiliates-program/affiliates?page=${bad}`);
      expect(res.statusCode, bad).toBe(422);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
  });
});

describe('rewards', () => {
  it("a referred customer's trade pays the affiliate 20% of its fee through the ledger, once, and it reconciles", async () => {
    const a = await affiliate();
    const buyer = await referred(a.coupon.id);
    const seller = await approvedCustomer(t);
    await fund(seller.id);
    const before = await getBalances(t.database.db, a.id);
    await trade(buyer, seller);
    await rewardCrediterOf(t.app.deps)!.flush();

    const rewards = await rewardsOf(a);
    expect(rewards.total).toBe(1);
    // the buyer paid the R$ 5,00 minimum fee: 20% of it
    expect(rewards.data[0]).toMatchObject({
      total_amount: 1,
      currency: 'brl',
      anonymized_email: anonymizeEmail(buyer.email),
      description: MESSAGES.affiliateRewardDescription('20%', 'buy', '10,00 g'),
    });
    const after = await getBalances(t.database.db, a.id);
    expect(after.BRL.available - before.BRL.available).toBe(100);
    expect((await program(a)).rewards_total).toBe(1);
    // the transfer: rewards:BRL → the affiliate
    const [row] = await t.database.db.select().from(affiliateRewards).where(eq(affiliateRewards.affiliateUserId, a.id));
    const transfer = await t.database.db.execute(
      sql`select t.amount::text, d.code as debit, c.code as credit from ledger_transfers t
            join ledger_accounts d on d.id = t.debit_account_id join ledger_accounts c on c.id = t.credit_account_id
           where t.transfer_id = ${row!.transferId}`,
    );
    expect((transfer as unknown as { rows: unknown[] }).rows).toEqual([
      { amount: '100', debit: 'rewards:BRL', credit: `customer:${a.id}:available:BRL` },
    ]);

    // running again, or from a second crediter, credits nothing twice
    await creditAffiliateRewards(t.database.db);
    await t.database.db.execute(sql`update affiliate_reward_cursor set last_trade_id = 0 where id = 1`);
    await creditAffiliateRewards(t.database.db);
    expect((await rewardsOf(a)).total).toBe(1);
    expect((await getBalances(t.database.db, a.id)).BRL.available).toBe(after.BRL.available);
    const r = await reconcile(t.database.db);
    expect(r.problems).toEqual([]);

    // the kept total (what /afiliados shows) is checked against the rewards: one that disagrees is reported
    const keep = (delta: number) =>
      t.database.db.execute(
        sql`update affiliate_reward_totals set amount = amount + ${delta} where affiliate_user_id = ${a.id}`,
      );
    await keep(1);
    expect((await reconcile(t.database.db)).problems).toContain(
      `afiliado ${a.id}: total guardado em BRL 101, recompensas somam 100`,
    );
    await keep(-1);
    expect((await reconcile(t.database.db)).problems).toEqual([]);
  });

  it('both sides referred: one reward each; credited by itself after the batch commits (no flush)', async () => {
    const a = await affiliate();
    const buyer = await referred(a.coupon.id);
    const seller = await referred(a.coupon.id);
    await trade(buyer, seller, 600, 20_000); // R$ 1.200,00: fee 0,5% = R$ 6,00 each side
    await vi.waitFor(
      async () => {
        expect((await rewardsOf(a)).total).toBe(2);
      },
      { timeout: 5000, interval: 100 },
    );
    const rewards = await rewardsOf(a);
    expect(rewards.data.map((w) => w.total_amount)).toEqual([1.2, 1.2]);
    expect(rewards.data.map((w) => w.description).sort()).toEqual(
      [
        MESSAGES.affiliateRewardDescription('20%', 'buy', '200,00 g'),
        MESSAGES.affiliateRewardDescription('20%', 'sell', '200,00 g'),
      ].sort(),
    );
  });

  it('nothing after the validity, nor for trades of customers nobody referred, nor for a closed affiliate', async () => {
    const a = await affiliate();
    const old = await referred(a.coupon.id, { registeredDaysAgo: 400 });
    const stranger = await approvedCustomer(t);
    await fund(stranger.id);
    await trade(old, stranger);
    const closed = await affiliate();
    const theirs = await referred(closed.coupon.id);
    await t.database.db.update(users).set({ closedAt: new Date() }).where(eq(users.id, closed.id));
    await trade(theirs, stranger);
    await rewardCrediterOf(t.app.deps)!.flush();
    expect((await rewardsOf(a)).total).toBe(0);
    const paid = await t.database.db
      .select()
      .from(affiliateRewards)
      .where(eq(affiliateRewards.affiliateUserId, closed.id));
    expect(paid).toHaveLength(0);
    // the stranger's own trades earned nobody anything
    const strangers = await t.database.db
      .select()
      .from(affiliateRewards)
      .where(eq(affiliateRewards.referredUserId, stranger.id));
    expect(strangers).toHaveLength(0);
  });

  it('operators set the share and the validity; the next rewards follow them', async () => {
    const put = (c: Customer, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url: '/api/admin/affiliates/settings', headers: bearer(c.token), payload });
    const support = await staffMember(t, ['support'], 'Sara Suporte');
    expect((await put(support, { reward_share: 50, validity_years: 2 })).statusCode).toBe(403);
    for (const [body, field, message] of [
      [{ reward_share: 150, validity_years: 2 }, 'reward_share', MESSAGES.affiliateShareInvalid],
      [{ reward_share: '12,345', validity_years: 2 }, 'reward_share', MESSAGES.affiliateShareInvalid],
      [{ reward_share: 10, validity_years: 0 }, 'validity_years', MESSAGES.affiliateYearsInvalid],
      [{ reward_share: 10, validity_years: 1.5 }, 'validity_years', MESSAGES.affiliateYearsInvalid],
      [{ reward_share: 10, validity_years: 11 }, 'validity_years', MESSAGES.affiliateYearsInvalid],
    ] as const) {
      const res = await put(finance, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors[field]).toEqual([message]);
    }
    const ok = await put(finance, { reward_share: '50', validity_years: 2 });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      settings: { reward_share: 50, validity_years: 2 },
      message: MESSAGES.affiliateSettingsSaved,
    });
    try {
      const a = await affiliate();
      expect((await program(a)).years).toBe(2);
      const c = await referred(a.coupon.id, { registeredDaysAgo: 400 });
      const other = await approvedCustomer(t);
      await fund(other.id);
      await trade(c, other);
      await rewardCrediterOf(t.app.deps)!.flush();
      const rewards = await rewardsOf(a);
      expect(rewards.data[0]).toMatchObject({ total_amount: 2.5 });
      expect(rewards.data[0]!.description).toBe(MESSAGES.affiliateRewardDescription('50%', 'buy', '10,00 g'));

      // the back office's lists
      const affiliates = await get(finance, '/api/admin/affiliates');
      expect(affiliates.statusCode).toBe(200);
      expect(affiliates.json().affiliates.data).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            coupon_code: a.coupon.code,
            referred: 1,
            referred_approved: 1,
            rewards_total: 2.5,
          }),
        ]),
      );
      const all = await get(finance, '/api/admin/affiliate-rewards');
      expect(all.statusCode).toBe(200);
      expect(all.json().rewards.data[0]).toMatchObject({
        affiliate: { id: a.id },
        referred: { id: c.id, email: c.email },
        total_amount: 2.5,
        currency: 'brl',
      });
      expect((await get(c, '/api/admin/affiliates')).statusCode).toBe(403);
    } finally {
      await put(finance, { reward_share: 20, validity_years: 1 });
    }
  });

  it('rewards page by 10, newest first', async () => {
    const a = await affiliate();
    const buyer = await referred(a.coupon.id);
    const seller = await approvedCustomer(t);
    await fund(seller.id);
    for (let i = 0; i < 11; i++) await trade(buyer, seller, 500 + i, 1000);
    await rewardCrediterOf(t.app.deps)!.flush();
    const one = await rewardsOf(a, 1);
    const two = await rewardsOf(a, 2);
    expect(one).toMatchObject({ total: 11, per_page: 10 });
    expect(one.data).toHaveLength(10);
    expect(two.data).toHaveLength(1);
    expect(one.data[0]!.id).toBeGreaterThan(two.data[0]!.id);
    expect((await get(a, '/api/affiliates-program/rewards?page=x')).statusCode).toBe(422);
  });
});
