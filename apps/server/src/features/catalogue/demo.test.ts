import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helpers';
import { seedOrdersDemo } from '../orders/index';
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
});
