import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@prata/domain';
import { auditLog, coupons, paymentEvents, silverProductTypes, silverWithdrawals } from '@/db/schema/index';
import { balanceOf, getBalances, post, reconcile } from '@/ledger/index';
import { readLimits } from '@/limits';
import {
  approvedCustomer,
  bearer,
  buildTestApp,
  type Customer,
  outboxFor,
  staffMember,
  type TestApp,
} from '../../../test/helpers';
import { adjustStock, saveCoupon, saveProductType } from '@/features/catalogue/index';
import { fundHouse, placeHouseOrder } from '@/features/orders/index';
import { expireUnpaidSilverWithdrawals } from './index';

let t: TestApp;
let logistics: Customer;
let bar100: number;
let bar50: number;
let couponId: number;

const limits = readLimits({}).limits;
const wide = { max: 100_000, windowSeconds: 60 };

beforeAll(async () => {
  t = await buildTestApp({
    config: {
      demo: true,
      limits: {
        ...limits,
        silverOrderAddress: wide,
        shippingQuoteAddress: wide,
        checkEmailAddress: { max: 2, windowSeconds: 600 },
      },
    },
  });
  logistics = await staffMember(t, ['logistics'], 'Lia Logística');
  const deps = t.app.deps;
  // the house: 2 kg in the vault, 1 kg offered at R$ 6,00/g and R$ 6,50/g
  await fundHouse(deps, null, { currency: 'AG', amountMinorUnits: 200_000 });
  await placeHouseOrder(deps, null, { side: 'sell', pricePerGramCents: 600, quantityCentigrams: 50_000 });
  await placeHouseOrder(deps, null, { side: 'sell', pricePerGramCents: 650, quantityCentigrams: 50_000 });
  const product = (name: string, grams: number, stock: number) =>
    saveProductType(deps, null, null, {
      name,
      description: `Barra de ${grams / 100} g`,
      grams_per_unit_cg: grams,
      stock,
      active: true,
      icon: null,
      images: [`/api/catalogue/images/barra-${grams / 100}g.png`],
      minting_fee_cents: 2500,
      insurance_rate_bps: 50,
      pis_rate_bps: 165,
      cofins_rate_bps: 760,
      position: grams,
    });
  bar100 = (await product('Barra de prata 100 g', 10_000, 5)).productType.id;
  bar50 = (await product('Barra de prata 50 g', 5000, 3)).productType.id;
  couponId = (
    await saveCoupon(deps, null, null, {
      code: 'PRATA10',
      transaction_fee_bps: 25,
      discount_bps: 1000,
      valid_from: null,
      valid_until: null,
      max_uses: 100,
      active: true,
    })
  ).coupon.id;
});

const SEDEX = { Carrier: 'Correios', ServiceCode: '04014' };
const ADDRESS = {
  cep: '01310100',
  city_id: 3550308,
  neighborhood: 'Bela Vista',
  street: 'Avenida Paulista',
  number: '1000',
};
const GUEST = {
  name: 'Visitante da Silva',
  email: 'visitante@exemplo.com.br',
  cpf: '529.982.247-25',
  nascimento: '1985-03-10',
  celular: '11987654321',
  sexo: 'M',
  nfe_cpf_response: null,
};

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token?: string) =>
  t.app.inject({ method, url, payload, headers: token ? bearer(token) : {} });

async function charge(items: Array<{ product_type_id: number; quantity: number }>, extra: object = {}, token?: string) {
  return inject(
    'POST',
    '/api/silver-withdrawal/calculate-charge',
    {
      items,
      address: { cep: ADDRESS.cep, city_id: ADDRESS.city_id },
      shippingService: SEDEX,
      includeSilverValue: true,
      onlyAdminOrders: true,
      ...extra,
    },
    token,
  );
}

/** The charge answered for these items, sent back as what the client showed. */
async function shownItems(
  items: Array<{ product_type_id: number; quantity: number }>,
  extra: object = {},
  token?: string,
) {
  const r = await charge(items, extra, token);
  expect(r.statusCode, r.body).toBe(200);
  return r.json().items as Array<Record<string, number>>;
}

async function guestBuy(items: Array<{ product_type_id: number; quantity: number }>, extra: object = {}) {
  const shown = await shownItems(
    items,
    'coupon_code' in extra ? { coupon_code: (extra as { coupon_code: string }).coupon_code } : {},
  );
  return inject('POST', '/api/silver-withdrawal/guest', {
    items: shown,
    address: ADDRESS,
    shippingService: SEDEX,
    coupon_id: null,
    paymentMethod: 'pix',
    includeSilverValue: true,
    requiresOrder: true,
    user: GUEST,
    ...extra,
  });
}

async function payPix(paymentId: string) {
  const r = await inject('POST', `/api/dev/payments/${paymentId}/receive`);
  return r;
}

describe('the catalogue', () => {
  it('lists active products with their no-Pix unit price, images, grams and stock; one by id; 404 unknown', async () => {
    const list = await inject('GET', '/api/silver-withdrawal-product-types?page=1');
    expect(list.statusCode).toBe(200);
    const { productTypes } = list.json();
    expect(productTypes.total).toBe(2);
    const p50 = productTypes.data.find((p: { id: number }) => p.id === bar50);
    // 50 g at R$ 6,00/g = 30000; minting 2500; insurance 0,5% = 150; base 32650; ICMS SP 18% 5877; PIS 539; COFINS 2481 = 41547
    expect(p50).toMatchObject({ grams_per_unit: 50, stock: 3, availability: 'in_stock', price: 415.47 });
    expect(p50.images[0].path).toBe('/api/catalogue/images/barra-50g.png');
    const one = await inject('GET', `/api/silver-withdrawal-product-type/${bar100}`);
    expect(one.json().productType.name).toBe('Barra de prata 100 g');
    const missing = await inject('GET', '/api/silver-withdrawal-product-type/999999');
    expect([missing.statusCode, missing.json().code]).toEqual([404, 'NOT_FOUND']);
  });

  it('check-email answers whether an account exists, limited per address; check-password is the login answer', async () => {
    const c = await approvedCustomer(t);
    const yes = await inject('POST', '/api/silver-withdrawal/check-email', { email: c.email });
    expect(yes.json()).toEqual({ exists: true });
    const no = await inject('POST', '/api/silver-withdrawal/check-email', { email: 'ninguem@exemplo.com.br' });
    expect(no.json()).toEqual({ exists: false });
    const bad = await inject('POST', '/api/silver-withdrawal/check-email', { email: 'x' });
    expect(bad.statusCode).toBe(422);
    const limited = await inject('POST', '/api/silver-withdrawal/check-email', { email: 'outro@exemplo.com.br' });
    expect([limited.statusCode, limited.json().code]).toEqual([429, 'RATE_LIMITED']);

    const right = await inject('POST', '/api/silver-withdrawal/check-password', {
      email: c.email,
      password: c.password,
    });
    expect(right.statusCode).toBe(200);
    // the second factor still follows: no token here, only the user
    expect(right.json().authToken).toBeUndefined();
    expect(right.json().user.email).toBe(c.email);
    const wrong = await inject('POST', '/api/silver-withdrawal/check-password', {
      email: c.email,
      password: 'errada-123',
    });
    expect([wrong.statusCode, wrong.json().code]).toEqual([422, 'INVALID_CREDENTIALS']);
  });

  it('validate-quantity: quantity 0, not an integer, unknown product, more than the stock, duplicates', async () => {
    const v = (items: unknown) => inject('POST', '/api/silver-withdrawal/validate-quantity', { items });
    const ok = await v([{ product_type_id: bar100, quantity: 2 }]);
    expect(ok.json()).toEqual({ message: MESSAGES.quantityAvailable });
    const zero = await v([{ product_type_id: bar100, quantity: 0 }]);
    expect([zero.statusCode, zero.json().message]).toEqual([422, 'Informe uma quantidade para a retirada']);
    const half = await v([{ product_type_id: bar100, quantity: 1.5 }]);
    expect(half.json().message).toBe(MESSAGES.withdrawalQuantityInteger);
    const unknown = await v([{ product_type_id: 424242, quantity: 1 }]);
    expect([unknown.statusCode, unknown.json().code, unknown.json().message]).toEqual([
      422,
      'PRODUCT_UNAVAILABLE',
      MESSAGES.productNotFound,
    ]);
    const tooMany = await v([{ product_type_id: bar50, quantity: 4 }]);
    expect([tooMany.statusCode, tooMany.json().code]).toEqual([422, 'STOCK_EXCEEDED']);
    expect(tooMany.json().message).toContain('apenas 3 unidades');
    const none = await v([]);
    expect(none.json().message).toBe('É necessário ter pelo menos um item no carrinho.');
    const twice = await v([
      { product_type_id: bar50, quantity: 1 },
      { product_type_id: bar50, quantity: 1 },
    ]);
    expect(twice.json().message).toBe('Este item já está no carrinho');
    const missing = await v([{ quantity: 1 }]);
    expect(missing.json().message).toBe('Escolha uma das opções acima');
  });

  it('shipping-quote: the carriers with prices and days; a 7-digit CEP is refused with the spec message', async () => {
    const r = await inject('POST', '/api/silver-withdrawal/shipping-quote', {
      quantity_grams: 100,
      address: { cep: '20040020' },
    });
    expect(r.statusCode).toBe(200);
    expect(r.json().shippingServices).toContainEqual({
      Carrier: 'Correios',
      ServiceCode: '04014',
      ServiceDescription: 'SEDEX',
      ShippingPrice: 35.9,
      DeliveryTime: 2,
      Error: null,
    });
    const north = await inject('POST', '/api/silver-withdrawal/shipping-quote', {
      quantity_grams: 100,
      address: { cep: '69005000' },
    });
    expect(north.json().shippingServices.some((s: { Error: string | null }) => s.Error)).toBe(true);
    const short = await inject('POST', '/api/silver-withdrawal/shipping-quote', {
      quantity_grams: 100,
      address: { cep: '0131010' },
    });
    expect([short.statusCode, short.json().message]).toEqual([422, 'Informe o CEP com todos os dígitos']);
    const nowhere = await inject('POST', '/api/silver-withdrawal/shipping-quote', {
      quantity_grams: 100,
      address: { cep: '00000000' },
    });
    expect(nowhere.statusCode).toBe(422);
  });

  it('calculate-charge: the lines in reais, the freight quoted again, a coupon, and every refusal', async () => {
    const r = await charge([{ product_type_id: bar100, quantity: 1 }]);
    expect(r.statusCode, r.body).toBe(200);
    const { items, totals, coupon } = r.json();
    expect(coupon).toBeNull();
    expect(items[0]).toMatchObject({ quantity_grams: 100, price_per_gram: 6, silver_value: 600, minting_fee: 25 });
    expect(totals.shipping_fee).toBe(24.9); // SEDEX inside the company's state, never the client's price
    expect(totals.difal).toBe(0);
    const sum =
      totals.silver_value +
      totals.minting_fee +
      totals.shipping_fee +
      totals.insurance_fee +
      totals.icms +
      totals.difal +
      totals.pis +
      totals.cofins;
    expect(Math.round(sum * 100)).toBe(Math.round(totals.total * 100));

    const withCoupon = await charge([{ product_type_id: bar100, quantity: 1 }], { coupon_code: 'prata10' });
    expect(withCoupon.json().coupon).toMatchObject({
      id: couponId,
      code: 'PRATA10',
      transaction_fee: 0.25,
      discount_percent: 10,
    });
    expect(withCoupon.json().totals.total).toBeLessThan(totals.total);
    expect(withCoupon.json().totals.silver_value).toBe(600);

    const unknownCoupon = await charge([{ product_type_id: bar100, quantity: 1 }], { coupon_code: 'NAOEXISTE' });
    expect([unknownCoupon.statusCode, unknownCoupon.json().code]).toEqual([422, 'COUPON_INVALID']);
    expect(unknownCoupon.json().errors.code).toEqual([MESSAGES.couponInvalid]);

    // another state: interstate ICMS and DIFAL (Rio de Janeiro)
    const rio = await charge([{ product_type_id: bar100, quantity: 1 }], {
      address: { cep: '20040020', city_id: 3304557 },
    });
    expect(rio.json().totals.difal).toBeGreaterThan(0);
    const mismatch = await charge([{ product_type_id: bar100, quantity: 1 }], {
      address: { cep: '20040020', city_id: 3550308 },
    });
    expect(mismatch.statusCode).toBe(422);
    const gone = await charge([{ product_type_id: bar100, quantity: 1 }], {
      shippingService: { Carrier: 'Jadlog', ServiceCode: 'nope' },
    });
    expect([gone.statusCode, gone.json().code]).toEqual([422, 'SHIPPING_UNAVAILABLE']);
    const noShipping = await charge([{ product_type_id: bar100, quantity: 1 }], { shippingService: null });
    expect(noShipping.json().message).toBe('Escolha uma das opções acima');
    // custody needs a session
    const custody = await charge([{ product_type_id: bar100, quantity: 1 }], { includeSilverValue: false });
    expect([custody.statusCode, custody.json().code]).toEqual([401, 'UNAUTHENTICATED']);
    // more grams than the house offers
    await t.database.db.update(silverProductTypes).set({ stock: 50 }).where(eq(silverProductTypes.id, bar100));
    const tooMuch = await charge([{ product_type_id: bar100, quantity: 20 }]);
    expect([tooMuch.statusCode, tooMuch.json().code]).toEqual([422, 'SILVER_PRICE_UNAVAILABLE']);
    await t.database.db.update(silverProductTypes).set({ stock: 5 }).where(eq(silverProductTypes.id, bar100));
  });

  it('GET /api/coupon answers a valid coupon and 422 COUPON_INVALID with errors otherwise', async () => {
    const ok = await inject('GET', '/api/coupon?code=prata10');
    expect(ok.json()).toEqual({
      coupon: { id: couponId, code: 'PRATA10', transaction_fee: 0.25, discount_percent: 10 },
    });
    const missing = await inject('GET', '/api/coupon?code=NADA');
    expect([missing.statusCode, missing.json().code, missing.json().errors.code]).toEqual([
      422,
      'COUPON_INVALID',
      [MESSAGES.couponInvalid],
    ]);
  });
});

describe('a guest purchase paid by Pix', () => {
  it('reserves the grams and the stock, is paid through the webhook, moves the right amounts, ships', async () => {
    const houseBefore = {
      ag: await balanceOf(t.database.db, { house: 'available' }, 'AG'),
      brl: await balanceOf(t.database.db, { house: 'available' }, 'BRL'),
    };
    const created = await guestBuy(
      [
        { product_type_id: bar100, quantity: 1 },
        { product_type_id: bar50, quantity: 1 },
      ],
      { coupon_code: 'PRATA10', coupon_id: couponId },
    );
    expect(created.statusCode, created.body).toBe(201);
    const body = created.json();
    expect(body.pixQrCode.length).toBeGreaterThan(100);
    expect(body.pixCopiaECola).toMatch(/^000201/);
    const sw = body.silverWithdrawal;
    expect(sw).toMatchObject({ status: 'pending', kind: 'purchase', payment_method: 'pix', quantity_grams: 150 });
    const [row] = await t.database.db.select().from(silverWithdrawals).where(eq(silverWithdrawals.id, sw.id));
    expect(row!.userId).toBeNull();
    expect(row!.buyer).toMatchObject({ name: GUEST.name, cpf: '52998224725', email: GUEST.email });
    expect(row!.discountCents).toBeGreaterThan(0);
    // the house's grams are reserved, the stock taken
    expect(await balanceOf(t.database.db, { house: 'available' }, 'AG')).toBe(houseBefore.ag - 15_000);
    const [p50] = await t.database.db.select().from(silverProductTypes).where(eq(silverProductTypes.id, bar50));
    expect(p50!.stock).toBe(2);

    const pixBefore = await balanceOf(t.database.db, { system: 'pix:clearing' }, 'BRL');
    const mintingBefore = await balanceOf(t.database.db, { system: 'revenue:minting' }, 'BRL');
    const paid = await payPix(row!.asaasPaymentId!);
    expect(paid.json()).toMatchObject({
      outcome: 'silver_paid',
      deposit_id: null,
      reference: `silver-withdrawal:${sw.id}`,
    });
    expect(await balanceOf(t.database.db, { system: 'pix:clearing' }, 'BRL')).toBe(pixBefore + row!.totalCents);
    expect(await balanceOf(t.database.db, { house: 'available' }, 'BRL')).toBe(houseBefore.brl + row!.silverValueCents);
    expect(await balanceOf(t.database.db, { system: 'revenue:minting' }, 'BRL')).toBe(
      mintingBefore + row!.mintingCents,
    );
    // a second delivery of the same payment changes nothing
    const again = t.adapters.payments.simulatePayment!({
      paymentId: row!.asaasPaymentId!,
      reference: 'x',
      amountCents: row!.totalCents,
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/payments',
      headers: again.headers,
      payload: again.body as object,
    });
    const events = await t.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.paymentId, row!.asaasPaymentId!));
    expect(events.map((e) => e.outcome).sort()).toEqual(['duplicate', 'silver_paid']);

    // the back office ships it: the grams leave the vault
    const queue = await inject('GET', '/api/admin/silver-withdrawals?status=paid', undefined, logistics.token);
    expect(queue.json().data.map((w: { id: number }) => w.id)).toContain(sw.id);
    const vaultBefore = await balanceOf(t.database.db, { system: 'vault' }, 'AG');
    const sent = await inject(
      'POST',
      `/api/admin/silver-withdrawals/${sw.id}/sent`,
      { tracking_code: 'BR123456789BR' },
      logistics.token,
    );
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().silverWithdrawal).toMatchObject({ status: 'sent', tracking_code: 'BR123456789BR' });
    expect(await balanceOf(t.database.db, { system: 'vault' }, 'AG')).toBe(vaultBefore - 15_000);
    const delivered = await inject(
      'POST',
      `/api/admin/silver-withdrawals/${sw.id}/delivered`,
      undefined,
      logistics.token,
    );
    expect(delivered.json().silverWithdrawal.status).toBe('delivered');
    const twice = await inject('POST', `/api/admin/silver-withdrawals/${sw.id}/delivered`, undefined, logistics.token);
    expect([twice.statusCode, twice.json().code]).toEqual([409, 'SILVER_WITHDRAWAL_NOT_OPEN']);
    expect((await reconcile(t.database.db)).problems).toEqual([]);
  });

  it('refuses bad guest input: invalid CPF, balance payment, custody, and the logged-in call without a session', async () => {
    const badCpf = await guestBuy([{ product_type_id: bar100, quantity: 1 }], {
      user: { ...GUEST, cpf: '111.111.111-11' },
    });
    expect([badCpf.statusCode, badCpf.json().message]).toEqual([422, 'Informe um CPF válido']);
    const balance = await guestBuy([{ product_type_id: bar100, quantity: 1 }], { paymentMethod: 'balance' });
    expect([balance.statusCode, balance.json().message]).toEqual([422, MESSAGES.guestPixOnly]);
    const custody = await guestBuy([{ product_type_id: bar100, quantity: 1 }], { includeSilverValue: false });
    expect(custody.statusCode).toBe(401);
    const signedInCall = await inject('POST', '/api/silver-withdrawal', {
      items: [{ product_type_id: bar100, quantity: 1 }],
      address: ADDRESS,
      shippingService: SEDEX,
      coupon_id: null,
      paymentMethod: 'pix',
      includeSilverValue: true,
    });
    expect([signedInCall.statusCode, signedInCall.json().code]).toEqual([401, 'UNAUTHENTICATED']);
  });

  it('409 when the client saw less than the server would charge; nothing is created', async () => {
    const shown = await shownItems([{ product_type_id: bar100, quantity: 1 }]);
    const before = (await t.database.db.select().from(silverWithdrawals)).length;
    const r = await inject('POST', '/api/silver-withdrawal/guest', {
      items: shown.map((i) => ({ ...i, total: i.total! - 0.01 })),
      address: ADDRESS,
      shippingService: SEDEX,
      coupon_id: null,
      paymentMethod: 'pix',
      includeSilverValue: true,
      user: GUEST,
    });
    expect([r.statusCode, r.json().code, r.json().message]).toEqual([
      409,
      'SILVER_CHARGE_CHANGED',
      MESSAGES.chargeChanged,
    ]);
    expect((await t.database.db.select().from(silverWithdrawals)).length).toBe(before);
  });

  it('an unpaid Pix expires: grams, stock and coupon come back', async () => {
    const [c0] = await t.database.db.select().from(coupons).where(eq(coupons.id, couponId));
    const created = await guestBuy([{ product_type_id: bar50, quantity: 1 }], {
      coupon_code: 'PRATA10',
      coupon_id: couponId,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().silverWithdrawal.id;
    const [p] = await t.database.db.select().from(silverProductTypes).where(eq(silverProductTypes.id, bar50));
    expect(await expireUnpaidSilverWithdrawals(t.app.deps)).toBe(0);
    expect(await expireUnpaidSilverWithdrawals(t.app.deps, new Date(Date.now() + 31 * 60_000))).toBe(1);
    const [row] = await t.database.db.select().from(silverWithdrawals).where(eq(silverWithdrawals.id, id));
    expect(row!.status).toBe('expired');
    const [p2] = await t.database.db.select().from(silverProductTypes).where(eq(silverProductTypes.id, bar50));
    expect(p2!.stock).toBe(p!.stock + 1);
    const [c1] = await t.database.db.select().from(coupons).where(eq(coupons.id, couponId));
    expect(c1!.uses).toBe(c0!.uses);
    // a payment arriving after expiry is recorded, never applied
    const late = await payPix(row!.asaasPaymentId!);
    expect(late.statusCode).toBe(404);
  });
});

describe('a custody withdrawal paid by balance', () => {
  async function customerWithSilver() {
    const c = await approvedCustomer(t);
    await post(t.database.db, {
      id: `test:ag:${c.id}`,
      debit: { system: 'vault' },
      credit: { customer: c.id, bucket: 'available' },
      currency: 'AG',
      amount: 30_000,
      code: 'test.silver',
    });
    await post(t.database.db, {
      id: `test:brl:${c.id}`,
      debit: { system: 'ted:clearing' },
      credit: { customer: c.id, bucket: 'available' },
      currency: 'BRL',
      amount: 100_000,
      code: 'test.reais',
    });
    return c;
  }

  async function withdraw(c: Customer, extra: object = {}) {
    const shown = await shownItems([{ product_type_id: bar100, quantity: 1 }], { includeSilverValue: false }, c.token);
    const addresses = await inject('GET', '/api/user', undefined, c.token);
    const addressId = addresses.json().user.addresses[0].id;
    return inject(
      'POST',
      '/api/silver-withdrawal',
      {
        items: shown,
        address: { id: addressId },
        shippingService: SEDEX,
        coupon_id: null,
        paymentMethod: 'balance',
        includeSilverValue: false,
        requiresOrder: false,
        ...extra,
      },
      c.token,
    );
  }

  it('holds grams and reais at once, is listed, cancelled by its owner (404 for another), and everything returns', async () => {
    const c = await customerWithSilver();
    const r = await withdraw(c);
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json().message).toBe(MESSAGES.silverBalanceCreated);
    const sw = r.json().silverWithdrawal;
    expect(sw).toMatchObject({ kind: 'custody', status: 'pending', payment_method: 'balance', cancellable: true });
    const held = await getBalances(t.database.db, c.id);
    expect(held.AG).toEqual({ available: 20_000, held: 10_000 });
    expect(held.BRL.held).toBe(Math.round(sw.total * 100));

    const list = await inject('GET', '/api/silver-withdrawals?page=1', undefined, c.token);
    expect(list.json().silverWithdrawals.data[0]).toMatchObject({
      id: sw.id,
      status: 'pending',
      items: [{ product_type_id: bar100, name: 'Barra de prata 100 g', quantity: 1, quantity_grams: 100 }],
      rejection_reason: null,
      tracking_code: null,
    });

    const other = await approvedCustomer(t);
    const notYours = await inject('PUT', `/api/silver-withdrawal/${sw.id}/cancel`, undefined, other.token);
    expect([notYours.statusCode, notYours.json().code]).toEqual([404, 'NOT_FOUND']);
    const cancelled = await inject('PUT', `/api/silver-withdrawal/${sw.id}/cancel`, undefined, c.token);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({
      silverWithdrawal: { status: 'cancelled' },
      message: 'Retirada de prata cancelada',
    });
    const after = await getBalances(t.database.db, c.id);
    expect(after.AG).toEqual({ available: 30_000, held: 0 });
    expect(after.BRL).toEqual({ available: 100_000, held: 0 });
    const again = await inject('PUT', `/api/silver-withdrawal/${sw.id}/cancel`, undefined, c.token);
    expect([again.statusCode, again.json().code]).toEqual([409, 'SILVER_WITHDRAWAL_NOT_CANCELLABLE']);
  });

  it('rejected by an operator with a reason: the holds come back; shipped: the grams leave the vault, the fees are revenue', async () => {
    const c = await customerWithSilver();
    const first = await withdraw(c);
    const id = first.json().silverWithdrawal.id;
    const rejected = await inject(
      'POST',
      `/api/admin/silver-withdrawals/${id}/reject`,
      { reason: 'Endereço incompleto' },
      logistics.token,
    );
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().silverWithdrawal).toMatchObject({
      status: 'rejected',
      rejection_reason: 'Endereço incompleto',
    });
    expect((await getBalances(t.database.db, c.id)).BRL).toEqual({ available: 100_000, held: 0 });

    const second = await withdraw(c);
    const sid = second.json().silverWithdrawal.id;
    const vault = await balanceOf(t.database.db, { system: 'vault' }, 'AG');
    const minting = await balanceOf(t.database.db, { system: 'revenue:minting' }, 'BRL');
    const sent = await inject(
      'POST',
      `/api/admin/silver-withdrawals/${sid}/sent`,
      { tracking_code: 'BR987654321BR' },
      logistics.token,
    );
    expect(sent.statusCode, sent.body).toBe(200);
    const b = await getBalances(t.database.db, c.id);
    expect(b.AG).toEqual({ available: 20_000, held: 0 });
    expect(b.BRL.held).toBe(0);
    expect(b.BRL.available).toBe(100_000 - Math.round(second.json().silverWithdrawal.total * 100));
    expect(await balanceOf(t.database.db, { system: 'vault' }, 'AG')).toBe(vault - 10_000);
    expect(await balanceOf(t.database.db, { system: 'revenue:minting' }, 'BRL')).toBe(minting + 2500);
    const hist = await inject('GET', '/api/silver-withdrawals', undefined, c.token);
    expect(hist.json().silverWithdrawals.data[0]).toMatchObject({
      status: 'sent',
      tracking_code: 'BR987654321BR',
      cancellable: false,
    });
  });

  it('refuses without enough silver or reais; an unknown saved address; a customer cannot use the back office', async () => {
    const poor = await approvedCustomer(t);
    const r = await withdraw(poor);
    expect([r.statusCode, r.json().code]).toEqual([422, 'INSUFFICIENT_BALANCE']);
    const c = await customerWithSilver();
    const unknown = await withdraw(c, { address: { id: 987654 } });
    expect([unknown.statusCode, unknown.json().message]).toEqual([422, MESSAGES.addressNotFound]);
    const forbidden = await inject('GET', '/api/admin/silver-withdrawals', undefined, c.token);
    expect(forbidden.statusCode).toBe(403);
  });
});

describe('a custody withdrawal paid by Pix, rejected after payment', () => {
  it('credits and holds the Pix, then the rejection refunds it through the provider', async () => {
    const c = await approvedCustomer(t);
    await post(t.database.db, {
      id: `test:ag2:${c.id}`,
      debit: { system: 'vault' },
      credit: { customer: c.id, bucket: 'available' },
      currency: 'AG',
      amount: 10_000,
      code: 'test.silver',
    });
    const shown = await shownItems([{ product_type_id: bar100, quantity: 1 }], { includeSilverValue: false }, c.token);
    const r = await inject(
      'POST',
      '/api/silver-withdrawal',
      {
        items: shown,
        address: ADDRESS,
        shippingService: SEDEX,
        coupon_id: null,
        paymentMethod: 'pix',
        includeSilverValue: false,
      },
      c.token,
    );
    expect(r.statusCode, r.body).toBe(201);
    const id = r.json().silverWithdrawal.id;
    const [row] = await t.database.db.select().from(silverWithdrawals).where(eq(silverWithdrawals.id, id));
    await payPix(row!.asaasPaymentId!);
    expect((await getBalances(t.database.db, c.id)).BRL).toEqual({ available: 0, held: row!.totalCents });
    const pix = await balanceOf(t.database.db, { system: 'pix:clearing' }, 'BRL');
    const rejected = await inject(
      'POST',
      `/api/admin/silver-withdrawals/${id}/reject`,
      { reason: 'Sem estoque de embalagens' },
      logistics.token,
    );
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await balanceOf(t.database.db, { system: 'pix:clearing' }, 'BRL')).toBe(pix - row!.totalCents);
    const b = await getBalances(t.database.db, c.id);
    expect(b.BRL).toEqual({ available: 0, held: 0 });
    expect(b.AG).toEqual({ available: 10_000, held: 0 });
    const [after] = await t.database.db.select().from(silverWithdrawals).where(eq(silverWithdrawals.id, id));
    expect(after!.refundedAt).not.toBeNull();
  });
});

describe('the reconciliation sees a silver withdrawal whose hold does not match', () => {
  it('fails when a pending withdrawal says it owes more than it holds, and passes again when fixed', async () => {
    const created = await guestBuy([{ product_type_id: bar100, quantity: 1 }]);
    const id = created.json().silverWithdrawal.id;
    const [row] = await t.database.db.select().from(silverWithdrawals).where(eq(silverWithdrawals.id, id));
    await t.database.db
      .update(silverWithdrawals)
      .set({ silverCg: row!.silverCg + 1 })
      .where(eq(silverWithdrawals.id, id));
    const broken = await reconcile(t.database.db);
    expect(broken.problems.join('\n')).toContain(`retirada de prata ${id} (pending)`);
    await t.database.db.update(silverWithdrawals).set({ silverCg: row!.silverCg }).where(eq(silverWithdrawals.id, id));
    expect((await reconcile(t.database.db)).ok).toBe(true);
  });
});

describe("the buyer's e-mails, refunds operators retry, idempotent fulfilment", () => {
  const mails = async (to: string, id: number) =>
    (await outboxFor(t.database, to)).filter((m) => (m.subject ?? '').includes(`nº ${id} `));

  it('a paid Pix and a shipment each e-mail the guest at the address typed (the tracking code); a retry replays', async () => {
    await adjustStock(t.app.deps, null, bar100, 5);
    const created = await guestBuy([{ product_type_id: bar100, quantity: 1 }]);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().silverWithdrawal.id;
    expect(await mails(GUEST.email, id)).toEqual([]);
    const [row] = await t.database.db.select().from(silverWithdrawals).where(eq(silverWithdrawals.id, id));
    await payPix(row!.asaasPaymentId!);
    const [paidMail] = await mails(GUEST.email, id);
    expect(paidMail!.subject).toBe(`Pedido de prata nº ${id} confirmado`);
    expect(paidMail!.textBody).toContain('1 × Barra de prata 100 g');
    expect(paidMail!.textBody).toContain('Recebemos o Pix');

    const send = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/silver-withdrawals/${id}/sent`,
        payload: { tracking_code: 'QA987654321BR' },
        headers: { ...bearer(logistics.token), 'idempotency-key': `sent-${id}-abcdef` },
      });
    const first = await send();
    expect(first.statusCode, first.body).toBe(200);
    const replay = await send();
    expect([replay.statusCode, replay.headers['idempotent-replayed']]).toEqual([200, 'true']);
    expect(replay.json()).toEqual(first.json());
    const sentMails = (await mails(GUEST.email, id)).filter((m) => (m.subject ?? '').endsWith('enviado'));
    expect(sentMails).toHaveLength(1);
    expect(sentMails[0]!.textBody).toContain('Código de rastreio: QA987654321BR');
    expect(sentMails[0]!.textBody).toContain('Correios');
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'silver_withdrawal.sent'));
    expect(audits.filter((a) => a.targetId === String(id))).toHaveLength(1);
    // the same key with another body is refused
    const reused = await t.app.inject({
      method: 'POST',
      url: `/api/admin/silver-withdrawals/${id}/sent`,
      payload: { tracking_code: 'OUTRO' },
      headers: { ...bearer(logistics.token), 'idempotency-key': `sent-${id}-abcdef` },
    });
    expect([reused.statusCode, reused.json().code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    expect((await reconcile(t.database.db)).problems).toEqual([]);
  });

  it('a withdrawal paid by balance e-mails the customer when it is made (the money is held at once)', async () => {
    const c = await approvedCustomer(t);
    await post(t.database.db, {
      id: `test:ag-mail:${c.id}`,
      debit: { system: 'vault' },
      credit: { customer: c.id, bucket: 'available' },
      currency: 'AG',
      amount: 10_000,
      code: 'test.silver',
    });
    await post(t.database.db, {
      id: `test:brl-mail:${c.id}`,
      debit: { system: 'ted:clearing' },
      credit: { customer: c.id, bucket: 'available' },
      currency: 'BRL',
      amount: 100_000,
      code: 'test.reais',
    });
    const shown = await shownItems([{ product_type_id: bar100, quantity: 1 }], { includeSilverValue: false }, c.token);
    const r = await inject(
      'POST',
      '/api/silver-withdrawal',
      {
        items: shown,
        address: ADDRESS,
        shippingService: SEDEX,
        coupon_id: null,
        paymentMethod: 'balance',
        includeSilverValue: false,
      },
      c.token,
    );
    expect(r.statusCode, r.body).toBe(201);
    const [mail] = await mails(c.email, r.json().silverWithdrawal.id);
    expect(mail!.subject).toBe(`Pedido de prata nº ${r.json().silverWithdrawal.id} confirmado`);
    expect(mail!.textBody).toContain('retirada de prata');
    expect(mail!.textBody).toContain('reservadas do seu saldo');
  });

  it('a refund the provider refuses shows as pending; finance retries it (403 logistics, 503 again, then 200)', async () => {
    const finance = await staffMember(t, ['finance'], 'Fátima Finanças');
    const created = await guestBuy([{ product_type_id: bar100, quantity: 1 }]);
    const id = created.json().silverWithdrawal.id;
    const [row] = await t.database.db.select().from(silverWithdrawals).where(eq(silverWithdrawals.id, id));
    await payPix(row!.asaasPaymentId!);
    const payments = t.app.deps.adapters.payments;
    const refundCharge = payments.refundCharge;
    payments.refundCharge = async () => {
      throw new Error('provedor fora do ar');
    };
    try {
      const rejected = await t.app.inject({
        method: 'POST',
        url: `/api/admin/silver-withdrawals/${id}/reject`,
        payload: { reason: 'Endereço incompleto' },
        headers: { ...bearer(logistics.token), 'idempotency-key': `reject-${id}-abcdef` },
      });
      expect(rejected.statusCode, rejected.body).toBe(200);
      expect(rejected.json().silverWithdrawal).toMatchObject({
        status: 'rejected',
        refunded_at: null,
        refund_pending: true,
      });
      const list = await inject('GET', '/api/admin/silver-withdrawals?status=rejected', undefined, finance.token);
      expect(list.json().data.find((w: { id: number }) => w.id === id).refund_pending).toBe(true);

      const retry = (token: string, key?: string) =>
        t.app.inject({
          method: 'POST',
          url: `/api/admin/silver-withdrawals/${id}/retry-refund`,
          headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
        });
      const forbidden = await retry(logistics.token);
      expect([forbidden.statusCode, forbidden.json().code]).toEqual([403, 'FORBIDDEN']);
      const again = await retry(finance.token, `retry-${id}-000001`);
      expect([again.statusCode, again.json().code, again.json().message]).toEqual([
        503,
        'PAYMENT_PROVIDER_UNAVAILABLE',
        MESSAGES.refundFailed,
      ]);
      payments.refundCharge = refundCharge;
      // a 5xx is not kept: the same key runs again
      const done = await retry(finance.token, `retry-${id}-000001`);
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json().message).toBe(MESSAGES.refundDone);
      expect(done.json().silverWithdrawal.refund_pending).toBe(false);
      expect(done.json().silverWithdrawal.refunded_at).not.toBeNull();
      const audits = await t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'silver_withdrawal.refund_retried'));
      expect(
        audits.filter((a) => a.targetId === String(id)).map((a) => (a.details as { refunded: boolean }).refunded),
      ).toEqual([false, true]);
    } finally {
      payments.refundCharge = refundCharge;
    }
    // nothing owed: a delivered order, an unknown one
    const [delivered] = await t.database.db
      .select()
      .from(silverWithdrawals)
      .where(eq(silverWithdrawals.status, 'delivered'))
      .limit(1);
    const none = await t.app.inject({
      method: 'POST',
      url: `/api/admin/silver-withdrawals/${delivered!.id}/retry-refund`,
      headers: bearer(finance.token),
    });
    expect([none.statusCode, none.json().code, none.json().message]).toEqual([
      409,
      'SILVER_WITHDRAWAL_NOT_OPEN',
      MESSAGES.refundNotOwed,
    ]);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/admin/silver-withdrawals/987654/retry-refund',
      headers: bearer(finance.token),
    });
    expect(unknown.statusCode).toBe(404);
    expect((await reconcile(t.database.db)).problems).toEqual([]);
  });
});
