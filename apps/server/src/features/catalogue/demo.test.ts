import { describe, expect, it } from 'vitest';
import { MESSAGES, ProductTypeResponse, ProductTypesResponse } from '@prata/domain';
import { buildTestApp } from '../../../test/helpers';
import { seedOrdersDemo } from '@/features/orders/index';
import { seedCatalogueDemo } from './index';

describe('the demo catalogue', () => {
  it('has four bars in stock priced at the house asks, with images that load, and the coupon PRATA10', async () => {
    const t = await buildTestApp({ config: { demo: true } });
    await seedOrdersDemo(t.app.deps);
    await seedCatalogueDemo(t.app.deps);
    await seedCatalogueDemo(t.app.deps); // once only
    const r = await t.app.inject({ method: 'GET', url: '/api/silver-withdrawal-product-types' });
    const { data, total } = r.json().productTypes;
    expect(total).toBe(4);
    for (const p of data) {
      expect(p.availability).toBe('in_stock');
      expect(p.price).toBeGreaterThan(p.grams_per_unit * 9);
      const image = await t.app.inject({ method: 'GET', url: p.images[0].path });
      expect([image.statusCode, image.headers['content-type']]).toEqual([200, 'image/png']);
      expect(image.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    }
    const missing = await t.app.inject({ method: 'GET', url: '/api/catalogue/images/nada.png' });
    expect(missing.statusCode).toBe(404);
    const traversal = await t.app.inject({ method: 'GET', url: '/api/catalogue/images/..%2Fdemo.ts' });
    expect(traversal.statusCode).toBeGreaterThanOrEqual(400);
    const coupon = await t.app.inject({ method: 'GET', url: '/api/coupon?code=PRATA10' });
    expect(coupon.json().coupon).toMatchObject({ code: 'PRATA10', discount_percent: 10, transaction_fee: 0.25 });
  });

  it('answers the two public calls as JSON text that is exactly its contract, the same on every call', async () => {
    const t = await buildTestApp({ config: { demo: true } });
    await seedOrdersDemo(t.app.deps);
    await seedCatalogueDemo(t.app.deps);
    const list = await t.app.inject({ method: 'GET', url: '/api/silver-withdrawal-product-types?page=1' });
    expect([list.statusCode, list.headers['content-type']]).toEqual([200, 'application/json; charset=utf-8']);
    const page = ProductTypesResponse.strict().parse(list.json());
    // the text is what the route's serializer would have written: the contract's encoding, keys in its order
    expect(list.body).toBe(JSON.stringify(ProductTypesResponse.encode(page)));
    const id = page.productTypes.data[0]!.id;
    const one = await t.app.inject({ method: 'GET', url: `/api/silver-withdrawal-product-type/${id}` });
    expect([one.statusCode, one.headers['content-type']]).toEqual([200, 'application/json; charset=utf-8']);
    expect(ProductTypeResponse.strict().parse(one.json()).productType).toEqual(page.productTypes.data[0]);
    expect(one.body).toBe(JSON.stringify(ProductTypeResponse.encode(one.json())));
    expect((await t.app.inject({ method: 'GET', url: `/api/silver-withdrawal-product-type/${id}` })).body).toBe(
      one.body,
    );
    const unknown = await t.app.inject({ method: 'GET', url: '/api/silver-withdrawal-product-type/999999' });
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, MESSAGES.productNotFound]);
  });
});
