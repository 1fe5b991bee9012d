import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, onPostgres, openSecondPool, skippedOnPglite, type TestApp } from '../../../test/helpers';
import type { ShippingPort } from '@/adapters/shipping/index';
import { silverProductTypes, silverWithdrawals } from '@/db/schema/index';
import { reconcile } from '@/ledger/index';
import { readLimits } from '@/limits';
import { saveProductType } from '@/features/catalogue/index';
import { fundHouse, placeHouseOrder } from '@/features/orders/index';

const SEDEX = { Carrier: 'Correios', ServiceCode: '04014' };
const ADDRESS = {
  cep: '01310100',
  city_id: 3550308,
  neighborhood: 'Bela Vista',
  street: 'Avenida Paulista',
  number: '1',
};
const GUEST = {
  name: 'Visitante',
  email: 'corrida@exemplo.com.br',
  cpf: '52998224725',
  nascimento: '1985-03-10',
  celular: '11987654321',
  sexo: 'F',
};
const wide = { max: 100_000, windowSeconds: 60 };

async function lastBarShop(t: TestApp, stock: number) {
  await fundHouse(t.app.deps, null, { currency: 'AG', amountMinorUnits: 100_000 });
  await placeHouseOrder(t.app.deps, null, { side: 'sell', pricePerGramCents: 600, quantityCentigrams: 20_000 });
  const saved = await saveProductType(t.app.deps, null, null, {
    name: 'Barra de prata 31,1 g',
    description: '',
    grams_per_unit_cg: 3110,
    stock,
    active: true,
    icon: null,
    images: [],
    minting_fee_cents: 1500,
    insurance_rate_bps: 50,
    pis_rate_bps: 0,
    cofins_rate_bps: 0,
    position: 0,
  });
  return saved.productType.id;
}

async function order(t: TestApp, productId: number) {
  const shown = await t.app.inject({
    method: 'POST',
    url: '/api/silver-withdrawal/calculate-charge',
    payload: {
      items: [{ product_type_id: productId, quantity: 1 }],
      address: { cep: ADDRESS.cep, city_id: ADDRESS.city_id },
      shippingService: SEDEX,
      includeSilverValue: true,
      onlyAdminOrders: true,
    },
  });
  return t.app.inject({
    method: 'POST',
    url: '/api/silver-withdrawal/guest',
    payload: {
      items: shown.json().items,
      address: ADDRESS,
      shippingService: SEDEX,
      coupon_id: null,
      paymentMethod: 'pix',
      includeSilverValue: true,
      user: GUEST,
    },
  });
}

describe('the last bar', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    if (!onPostgres) return;
    const limits = { ...readLimits({}).limits, silverOrderAddress: wide, shippingQuoteAddress: wide };
    a = await buildTestApp({ config: { limits } });
    b = await buildTestApp({ database: await openSecondPool(a.database), config: { limits } });
  });

  it('20 buyers on two instances race for 3 bars: exactly 3 orders, the stock never below zero', async () => {
    if (!onPostgres) return skippedOnPglite('a corrida pela última barra');
    const id = await lastBarShop(a, 3);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => order(i % 2 ? a : b, id)));
    const created = answers.filter((r) => r.statusCode === 201);
    expect(created).toHaveLength(3);
    for (const r of answers.filter((x) => x.statusCode !== 201)) {
      expect([r.statusCode, r.json().code]).toEqual([422, 'STOCK_EXCEEDED']);
    }
    const [p] = await a.database.db.select().from(silverProductTypes).where(eq(silverProductTypes.id, id));
    expect(p!.stock).toBe(0);
    expect(await a.database.db.select().from(silverWithdrawals)).toHaveLength(3);
    expect((await reconcile(a.database.db)).problems).toEqual([]);
  });
});

describe('a shipping service that does not answer', () => {
  it('answers 503 SHIPPING_QUOTE_FAILED, never a 500', async () => {
    const failing: ShippingPort = {
      name: 'frenet',
      async quote() {
        throw new Error('timeout');
      },
    };
    const t = await buildTestApp({ adapters: { shipping: failing } });
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/silver-withdrawal/shipping-quote',
      payload: { quantity_grams: '31,1', address: { cep: '01310-100' } },
    });
    expect([r.statusCode, r.json().code, r.json().message]).toEqual([
      503,
      'SHIPPING_QUOTE_FAILED',
      'Não conseguimos cotar o frete agora. Tente de novo em alguns minutos.',
    ]);
  });
});
