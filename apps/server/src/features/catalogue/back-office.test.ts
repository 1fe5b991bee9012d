import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@prata/domain';
import { diskStorage } from '@/adapters/storage/index';
import { auditLog, silverProductTypes } from '@/db/schema/index';
import { reconcile } from '@/ledger/index';
import { bearer, buildTestApp, type Customer, multipart, staffMember, type TestApp } from '../../../test/helpers';

/** The back office of product types: the images operators upload, the stock a save cannot overwrite, adjustments. */
let t: TestApp;
let finance: Customer;
let logistics: Customer;
let productId: number;

const PNG = await readFile(fileURLToPath(new URL('./images/barra-31g.png', import.meta.url)));
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 1)]);
const WEBP = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([40, 0, 0, 0]),
  Buffer.from('WEBPVP8 '),
  Buffer.alloc(40),
]);
const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(40)]);
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(40)]);

const PRODUCT = {
  name: 'Barra de prata 250 g',
  description: 'Barra fundida',
  grams_per_unit: 250,
  stock: 7,
  active: true,
  icon: null,
  images: ['/api/catalogue/images/barra-100g.png'],
  minting_fee: 40,
  insurance_rate: 0.5,
  pis_rate: 1.65,
  cofins_rate: 7.6,
  position: 5,
};

beforeAll(async () => {
  t = await buildTestApp();
  finance = await staffMember(t, ['finance'], 'Fábio Financeiro');
  logistics = await staffMember(t, ['logistics'], 'Lia Logística');
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/admin/silver-product-types',
    payload: PRODUCT,
    headers: bearer(finance.token),
  });
  expect(created.statusCode, created.body).toBe(201);
  productId = created.json().productType.id;
});

const upload = (data: Buffer, opts: { token?: string; id?: number; filename?: string; type?: string } = {}) => {
  const form = multipart(
    {},
    { image: { filename: opts.filename ?? 'foto.png', type: opts.type ?? 'image/png', data } },
  );
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/silver-product-types/${opts.id ?? productId}/images`,
    payload: form.payload,
    headers: { ...form.headers, ...(opts.token === '' ? {} : bearer(opts.token ?? finance.token)) },
  });
};

const imagesOf = async (id = productId) => {
  const [row] = await t.database.db.select().from(silverProductTypes).where(eq(silverProductTypes.id, id));
  return row!.images.map((i) => i.path);
};

describe('product images', () => {
  it('uploads a PNG, a JPEG and a WebP (checked by content), served publicly with their type; audited', async () => {
    const png = await upload(PNG);
    expect(png.statusCode, png.body).toBe(201);
    const { image, productType, message } = png.json();
    expect(message).toBe(MESSAGES.productImageUploaded);
    expect(image.path).toMatch(/^\/api\/catalogue\/images\/uploads\/[a-f0-9]{32}\.png$/);
    expect(productType.images.map((i: { path: string }) => i.path)).toEqual([
      '/api/catalogue/images/barra-100g.png',
      image.path,
    ]);
    const served = await t.app.inject({ method: 'GET', url: image.path });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(PNG)).toBe(true);

    // the browser's claim and the name do not matter: the bytes decide
    const jpeg = await upload(JPEG, { filename: 'foto.png', type: 'image/png' });
    expect(jpeg.json().image.path).toMatch(/\.jpg$/);
    const jpegServed = await t.app.inject({ method: 'GET', url: jpeg.json().image.path });
    expect(jpegServed.headers['content-type']).toBe('image/jpeg');
    const webp = await upload(WEBP, { filename: 'x.bin', type: 'application/octet-stream' });
    expect(webp.json().image.path).toMatch(/\.webp$/);
    expect(await imagesOf()).toHaveLength(4);

    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'silver.product_image_added'));
    expect(audits).toHaveLength(3);
    expect(audits[0]!.actorUserId).toBe(finance.id);
  });

  it('refuses another type of file by content (a GIF, a PDF, text called .png), an empty form, a huge file', async () => {
    const before = await imagesOf();
    for (const data of [GIF, PDF, Buffer.from('não sou uma imagem, só texto qualquer')]) {
      const r = await upload(data, { filename: 'foto.png', type: 'image/png' });
      expect([r.statusCode, r.json().code, r.json().message]).toEqual([
        422,
        'FILE_TYPE_NOT_ALLOWED',
        MESSAGES.productImageType,
      ]);
      expect(r.json().errors.image).toEqual([MESSAGES.productImageType]);
    }
    const form = multipart({ other: 'x' });
    const empty = await t.app.inject({
      method: 'POST',
      url: `/api/admin/silver-product-types/${productId}/images`,
      payload: form.payload,
      headers: { ...form.headers, ...bearer(finance.token) },
    });
    expect([empty.statusCode, empty.json().errors.image]).toEqual([422, [MESSAGES.productImageRequired]]);
    const huge = await upload(Buffer.concat([PNG, Buffer.alloc(5_242_881)]));
    expect([huge.statusCode, huge.json().code]).toEqual([413, 'FILE_TOO_LARGE']);
    expect(await imagesOf()).toEqual(before);
  });

  it('wrong role 403, no session 401, unknown product 404 (nothing stored), at most 10 images', async () => {
    const forbidden = await upload(PNG, { token: logistics.token });
    expect([forbidden.statusCode, forbidden.json().code]).toEqual([403, 'FORBIDDEN']);
    const anonymous = await upload(PNG, { token: '' });
    expect(anonymous.statusCode).toBe(401);
    const unknown = await upload(PNG, { id: 987_654 });
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, MESSAGES.productNotFound]);

    const other = await t.app.inject({
      method: 'POST',
      url: '/api/admin/silver-product-types',
      payload: { ...PRODUCT, name: 'Cheia', images: [] },
      headers: bearer(finance.token),
    });
    const full = other.json().productType.id;
    for (let i = 0; i < 10; i += 1) expect((await upload(PNG, { id: full })).statusCode).toBe(201);
    const eleventh = await upload(PNG, { id: full });
    expect([eleventh.statusCode, eleventh.json().code, eleventh.json().message]).toEqual([
      422,
      'LIST_LIMIT_REACHED',
      MESSAGES.productImageLimit,
    ]);
    expect(await imagesOf(full)).toHaveLength(10);
  });

  it('removes an image by path or by index; an uploaded file leaves storage; bad input is refused', async () => {
    const del = (query: string, token = finance.token) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/admin/silver-product-types/${productId}/images${query}`,
        headers: bearer(token),
      });
    const [demo, uploaded, ...rest] = await imagesOf();
    const byPath = await del(`?path=${encodeURIComponent(uploaded!)}`);
    expect(byPath.statusCode, byPath.body).toBe(200);
    expect(byPath.json().message).toBe(MESSAGES.productImageRemoved);
    expect(await imagesOf()).toEqual([demo, ...rest]);
    expect((await t.app.inject({ method: 'GET', url: uploaded! })).statusCode).toBe(404);

    const byIndex = await del('?index=0');
    expect(byIndex.statusCode).toBe(200);
    expect(await imagesOf()).toEqual(rest);
    // the demo file is not the storage's: it stays served
    expect((await t.app.inject({ method: 'GET', url: demo! })).statusCode).toBe(200);

    expect((await del('?index=9')).statusCode).toBe(404);
    expect((await del('?path=/api/catalogue/images/nada.png')).json().message).toBe(MESSAGES.productImageNotFound);
    const neither = await del('');
    expect([neither.statusCode, neither.json().message]).toEqual([422, MESSAGES.productImageWhich]);
    expect((await del('?index=0&path=x')).statusCode).toBe(422);
    expect((await del('?index=-1')).statusCode).toBe(422);
    expect((await del('?index=0', logistics.token)).statusCode).toBe(403);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'silver.product_image_removed'));
    expect(audits).toHaveLength(2);
  });

  it('a name that is not one of ours is refused (422 its shape, 404 no such file), never read', async () => {
    for (const name of ['../../etc/passwd', 'abc.png', `${'a'.repeat(32)}.gif`, `${'b'.repeat(32)}.png`]) {
      const r = await t.app.inject({ method: 'GET', url: `/api/catalogue/images/uploads/${encodeURIComponent(name)}` });
      expect(r.statusCode, name).toBe(name.startsWith('b') ? 404 : 422);
    }
  });

  it('a store that fails answers 503 STORAGE_UNAVAILABLE, logged, never a quiet 404 (only a missing file is)', async () => {
    // the uploads' folder is a file: every read fails with ENOTDIR
    const root = await mkdtemp(path.join(os.tmpdir(), 'prata-broken-'));
    await writeFile(path.join(root, 'uploads'), 'not a folder');
    const failing = await buildTestApp({
      database: t.database,
      adapters: { storage: diskStorage(path.join(root, 'uploads')) },
    });
    const logged = vi.spyOn(failing.app.log, 'error');
    try {
      const r = await failing.app.inject({ method: 'GET', url: `/api/catalogue/images/uploads/${'c'.repeat(32)}.png` });
      expect([r.statusCode, r.json().code, r.headers['retry-after']]).toEqual([503, 'STORAGE_UNAVAILABLE', '5']);
      expect(r.json().message).toBe(MESSAGES.storageUnavailable);
      expect(logged).toHaveBeenCalledWith(
        { err: expect.objectContaining({ name: 'StorageUnavailableError' }) },
        'file storage unavailable',
      );
    } finally {
      vi.restoreAllMocks();
      await failing.app.close();
      await rm(root, { recursive: true, force: true });
    }
  });
});

describe('stock', () => {
  it('PUT never overwrites the stock (a sale between the read and the save is kept); stock sent is ignored', async () => {
    // an order takes 2 units meanwhile
    await t.database.db.update(silverProductTypes).set({ stock: 5 }).where(eq(silverProductTypes.id, productId));
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/silver-product-types/${productId}`,
      payload: { ...PRODUCT, name: 'Barra de prata 250 g (nova)', stock: 7, images: [] },
      headers: bearer(finance.token),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().productType).toMatchObject({ name: 'Barra de prata 250 g (nova)', stock: 5 });
    const without = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/silver-product-types/${productId}`,
      payload: { ...PRODUCT, stock: undefined, images: [] },
      headers: bearer(finance.token),
    });
    expect([without.statusCode, without.json().productType.stock]).toEqual([200, 5]);
  });

  it('an adjustment answers a message; below zero is a 422 STOCK_BELOW_ZERO saying how many there are', async () => {
    const adjust = (delta: unknown, token = finance.token) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/silver-product-types/${productId}/stock`,
        payload: { delta },
        headers: bearer(token),
      });
    const up = await adjust(3);
    expect(up.statusCode).toBe(200);
    expect(up.json().message).toBe(MESSAGES.stockAdjusted(PRODUCT.name, 8));
    expect(up.json().products.find((p: { id: number }) => p.id === productId).stock).toBe(8);
    const below = await adjust(-9);
    expect([below.statusCode, below.json().code, below.json().message]).toEqual([
      422,
      'STOCK_BELOW_ZERO',
      MESSAGES.stockBelowZero(PRODUCT.name, 8),
    ]);
    expect(below.json().errors.delta).toEqual([MESSAGES.stockBelowZero(PRODUCT.name, 8)]);
    const [row] = await t.database.db.select().from(silverProductTypes).where(eq(silverProductTypes.id, productId));
    expect(row!.stock).toBe(8);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/admin/silver-product-types/987654/stock',
      payload: { delta: -1 },
      headers: bearer(finance.token),
    });
    expect([missing.statusCode, missing.json().message]).toEqual([404, MESSAGES.productNotFound]);
    expect((await adjust(1.5)).json().message).toBe(MESSAGES.stockInvalid);
    expect((await adjust(1, logistics.token)).statusCode).toBe(403);
    expect((await reconcile(t.database.db)).problems).toEqual([]);
  });
});

describe('coupons', () => {
  it('a validity the database cannot keep (the year 0) or ending before it starts is refused; nothing is saved', async () => {
    const coupon = { code: 'ANOZERO', transaction_fee: 0.25, discount_percent: 10, max_uses: 5 };
    for (const [field, value] of [
      ['valid_from', '0000-01-01T00:00:00Z'],
      ['valid_until', '0000-12-31T23:59:59-03:00'],
    ] as const) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/admin/coupons',
        payload: { ...coupon, [field]: value },
        headers: bearer(finance.token),
      });
      expect([r.statusCode, r.json().code, Object.keys(r.json().errors ?? {})]).toEqual([
        422,
        'VALIDATION_FAILED',
        [field],
      ]);
    }
    const backwards = await t.app.inject({
      method: 'POST',
      url: '/api/admin/coupons',
      payload: { ...coupon, valid_from: '2027-01-02T00:00:00-03:00', valid_until: '2027-01-01T00:00:00-03:00' },
      headers: bearer(finance.token),
    });
    expect([backwards.statusCode, backwards.json().errors]).toEqual([
      422,
      { valid_until: [MESSAGES.couponValidityOrder] },
    ]);
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/coupons', headers: bearer(finance.token) });
    expect(list.json().coupons.map((c: { code: string }) => c.code)).not.toContain('ANOZERO');
  });
});
