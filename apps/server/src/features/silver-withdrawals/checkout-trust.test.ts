import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatDateTimeBR, MESSAGES } from '@prata/domain';
import { silverWithdrawals } from '@/db/schema/index';
import { reconcile } from '@/ledger/index';
import { readLimits } from '@/limits';
import { buildTestApp, outboxFor, type TestApp } from '../../../test/helpers';
import { saveCoupon, saveProductType } from '@/features/catalogue/index';
import { fundHouse, placeHouseOrder } from '@/features/orders/index';
import { expireUnpaidSilverWithdrawals } from './index';
import { orderIdOfToken, orderToken } from './order-token';

// A checkout that survives the browser. The Pix order is read again by its token (a visitor has no
// session), the same charge every time; the e-mail sent when it is made carries the code and the expiry.

let t: TestApp;
let bar: number;
const wide = { max: 100_000, windowSeconds: 60 };
const SEDEX = { Carrier: 'Correios', ServiceCode: '04014' };
const ADDRESS = { cep: '01310100', city_id: 3550308, neighborhood: 'Bela Vista', street: 'Av. Paulista', number: '9' };
const buyer = (email: string) => ({
  name: 'Renata Recarrega',
  email,
  cpf: '52998224725',
  nascimento: '1988-07-21',
  celular: '11987654321',
  sexo: 'F',
});

beforeAll(async () => {
  t = await buildTestApp({
    config: { demo: true, limits: { ...readLimits({}).limits, silverOrderAddress: wide, shippingQuoteAddress: wide } },
  });
  await fundHouse(t.app.deps, null, { currency: 'AG', amountMinorUnits: 100_000 });
  await placeHouseOrder(t.app.deps, null, { side: 'sell', pricePerGramCents: 600, quantityCentigrams: 50_000 });
  const saved = await saveProductType(t.app.deps, null, null, {
    name: 'Barra de prata 50 g',
    description: '',
    grams_per_unit_cg: 5000,
    stock: 20,
    active: true,
    icon: null,
    images: [],
    minting_fee_cents: 2500,
    insurance_rate_bps: 50,
    pis_rate_bps: 165,
    cofins_rate_bps: 760,
    position: 0,
  });
  bar = saved.productType.id;
  await saveCoupon(t.app.deps, null, null, {
    code: 'PRATA10',
    transaction_fee_bps: 25,
    discount_bps: 1000,
    valid_from: null,
    valid_until: null,
    max_uses: 100,
    active: true,
  });
});

async function guestOrder(email: string, key?: string) {
  const shown = await t.app.inject({
    method: 'POST',
    url: '/api/silver-withdrawal/calculate-charge',
    payload: {
      items: [{ product_type_id: bar, quantity: 1 }],
      address: { cep: ADDRESS.cep, city_id: ADDRESS.city_id },
      shippingService: SEDEX,
      includeSilverValue: true,
      onlyAdminOrders: true,
    },
  });
  expect(shown.statusCode, shown.body).toBe(200);
  return t.app.inject({
    method: 'POST',
    url: '/api/silver-withdrawal/guest',
    headers: key ? { 'idempotency-key': key } : {},
    payload: {
      items: shown.json().items,
      address: ADDRESS,
      shippingService: SEDEX,
      coupon_id: null,
      paymentMethod: 'pix',
      includeSilverValue: true,
      requiresOrder: true,
      user: buyer(email),
    },
  });
}

const read = (token: string) => t.app.inject({ method: 'GET', url: `/api/silver-withdrawal/order/${token}` });

describe('GET /api/silver-withdrawal/order/{token}', () => {
  it('answers the order just made with the same Pix, uncached and without the buyer data; the same key makes one', async () => {
    const email = 'recarga@exemplo.com.br';
    const created = await guestOrder(email, 'checkout-recarga-0001');
    expect(created.statusCode, created.body).toBe(201);
    const { silverWithdrawal, order_token: token, pixCopiaECola, pixQrCode } = created.json();
    expect(token).toMatch(/^\d+\.[A-Za-z0-9_-]{32}$/);
    expect(orderIdOfToken(t.app.deps.config.jwtSecret, token)).toBe(silverWithdrawal.id);

    const again = await read(token);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.headers['cache-control']).toBe('no-store');
    const body = again.json();
    expect(body.silverWithdrawal).toMatchObject({
      id: silverWithdrawal.id,
      status: 'pending',
      total: silverWithdrawal.total,
    });
    expect(body.silverWithdrawal.expires_at).toBe(silverWithdrawal.expires_at);
    expect([body.pixCopiaECola, body.pixQrCode, body.order_token]).toEqual([pixCopiaECola, pixQrCode, token]);
    expect(again.body).not.toContain(email);
    expect(again.body).not.toContain('52998224725');

    // a double click (the same Idempotency-Key): the first answer again, one order, one charge
    const twice = await guestOrder(email, 'checkout-recarga-0001');
    expect(twice.statusCode).toBe(201);
    expect(twice.json().silverWithdrawal.id).toBe(silverWithdrawal.id);
    const rows = await t.database.db
      .select({ id: silverWithdrawals.id })
      .from(silverWithdrawals)
      .where(sql`${silverWithdrawals.buyer}->>'email' = ${email}`);
    expect(rows).toHaveLength(1);
  });

  it("answers 404 to a forged, altered, malformed or another order's token", async () => {
    const created = await guestOrder('quatro@exemplo.com.br');
    const { silverWithdrawal, order_token: token } = created.json();
    const [, sig] = token.split('.');
    const other = orderToken('outro-segredo-qualquer-de-32-bytes!!', silverWithdrawal.id);
    const candidates = [
      other,
      `${silverWithdrawal.id + 1}.${sig}`,
      `${silverWithdrawal.id}.${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`,
      String(silverWithdrawal.id),
      'x'.repeat(80),
    ];
    for (const candidate of candidates) {
      const r = await read(encodeURIComponent(candidate));
      expect([r.statusCode, r.json().code, r.json().message], candidate).toEqual([
        404,
        'NOT_FOUND',
        MESSAGES.silverOrderNotFound,
      ]);
    }
    const tooLong = await read('9'.repeat(81));
    expect(tooLong.statusCode).not.toBe(200);
  });

  it('e-mails the Pix copy-and-paste code, the expiry and the link to the order when it is made', async () => {
    const email = 'codigo-pix@exemplo.com.br';
    const created = await guestOrder(email);
    const { silverWithdrawal, order_token: token, pixCopiaECola } = created.json();
    const [mail] = await outboxFor(t.database, email);
    expect(mail!.subject).toBe(`Pedido de prata nº ${silverWithdrawal.id}: pague com Pix`);
    expect(mail!.textBody).toContain(pixCopiaECola);
    expect(mail!.textBody).toContain(`até ${formatDateTimeBR(silverWithdrawal.expires_at)} (horário de Brasília)`);
    expect(mail!.textBody).toContain(`/comprar-prata/${bar}/checkout?etapa=pix&pedido=${encodeURIComponent(token)}`);
  });

  it('shows a paid order as paid and an expired one as expired, neither with a code to pay', async () => {
    const paid = (await guestOrder('pago@exemplo.com.br')).json();
    const [row] = await t.database.db
      .select()
      .from(silverWithdrawals)
      .where(eq(silverWithdrawals.id, paid.silverWithdrawal.id));
    const receive = await t.app.inject({ method: 'POST', url: `/api/dev/payments/${row!.asaasPaymentId}/receive` });
    expect(receive.statusCode, receive.body).toBe(200);
    const afterPaid = (await read(paid.order_token)).json();
    expect(afterPaid.silverWithdrawal.status).toBe('paid');
    expect(afterPaid.pixCopiaECola).toBeUndefined();

    const late = (await guestOrder('expira@exemplo.com.br')).json();
    await expireUnpaidSilverWithdrawals(t.app.deps, new Date(Date.now() + 24 * 3600_000));
    const afterExpiry = (await read(late.order_token)).json();
    expect(afterExpiry.silverWithdrawal.status).toBe('expired');
    expect(afterExpiry.pixQrCode).toBeUndefined();
    expect((await reconcile(t.database.db)).problems).toEqual([]);
  });
});

const cents = (reais: number) => Math.round(reais * 100);

describe('POST /api/silver-withdrawal/calculate-charge explains its figures', () => {
  it('answers each rate with its base and the coupon in its own terms, adding up to the total to the centavo', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/silver-withdrawal/calculate-charge',
      payload: {
        items: [{ product_type_id: bar, quantity: 2 }],
        address: { cep: ADDRESS.cep, city_id: ADDRESS.city_id },
        shippingService: SEDEX,
        coupon_code: 'prata10',
        includeSilverValue: true,
        onlyAdminOrders: true,
      },
    });
    expect(r.statusCode, r.body).toBe(200);
    const { totals, explanation: e } = r.json();
    expect(e).toMatchObject({
      units: 2,
      insurance_rate: 0.5,
      discount_rate: 10,
      icms_rate: 18,
      difal_rate: 0,
      pis_rate: 1.65,
      cofins_rate: 7.6,
      interstate: false,
      origin_state: 'SP',
      destination_state: 'SP',
    });
    // 100 g at R$ 6,00/g; minting 2 × R$ 25,00; insurance 0,5% of R$ 600,00; SEDEX inside SP R$ 24,90
    expect([e.insured_value, e.minting_fee, e.insurance_fee, e.shipping_fee]).toEqual([600, 50, 3, 24.9]);
    expect(cents(e.discount_base)).toBe(cents(50 + 3 + 24.9));
    // the coupon: 10% of the platform's charges, taken off them (never off the silver or the taxes)
    expect(cents(totals.discount)).toBe(Math.round(cents(e.discount_base) / 10));
    expect(cents(totals.minting_fee) + cents(totals.insurance_fee) + cents(totals.shipping_fee)).toBe(
      cents(e.discount_base) - cents(totals.discount),
    );
    expect(cents(e.tax_base)).toBe(
      cents(totals.silver_value) + cents(totals.minting_fee) + cents(totals.insurance_fee) + cents(totals.shipping_fee),
    );
    // each tax is its rate of the base (half-up), and everything adds up to the total
    expect(cents(totals.icms)).toBe(Math.round((cents(e.tax_base) * 18) / 100));
    expect(cents(totals.pis)).toBe(Math.round((cents(e.tax_base) * 1.65) / 100));
    expect(cents(totals.total)).toBe(
      cents(e.tax_base) + cents(totals.icms) + cents(totals.difal) + cents(totals.pis) + cents(totals.cofins),
    );
  });
});
