import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { bearer, buildTestApp, staffMember, type TestApp } from '../../../test/helpers';
import { placeHouseOrder, seedOrdersDemo } from '@/features/orders/index';
import { WEB_RENDER_FILE } from './first-paint';
import { seedCatalogueDemo } from './index';

const INDEX =
  '<!doctype html><html><head><title>Prata</title></head><body><div id="root"></div><script type="module" src="/assets/app-1.js"></script></body></html>';

/**
 * A stand-in for the web build's server render (apps/web/src/ssr/first-paint.tsx, tested there): it writes down the
 * data it was given, so that the test sees what the server passed.
 */
const RENDER = `export async function renderCataloguePage(data) {
  const names = data.productTypes.data.map((p) => p.name + ' ' + p.price).join('|');
  return { html: '<div data-prata-static data-prata-page="1"><h1>' + names + '</h1></div>', title: 'Comprar prata | Prata' };
}
`;

async function dist(withRender: boolean) {
  const folder = await mkdtemp(path.join(tmpdir(), 'prata-catalogue-paint-'));
  await writeFile(path.join(folder, 'index.html'), INDEX);
  if (withRender) {
    await mkdir(path.join(folder, path.dirname(WEB_RENDER_FILE)));
    await writeFile(path.join(folder, WEB_RENDER_FILE), RENDER);
  }
  return folder;
}

async function demoApp(webDist: string) {
  const t = await buildTestApp({
    config: {
      demo: true,
      webDist,
      siteLinks: { jewelry: 'https://joias.exemplo.com.br', refining: null, app_store: null, google_play: null },
    },
  });
  await seedOrdersDemo(t.app.deps);
  await seedCatalogueDemo(t.app.deps);
  return t;
}

/** The data block the web app reads, parsed back. */
function dataOf(body: string): { productTypes: unknown; siteLinks: unknown } {
  const match = /<script type="application\/json" id="prata-first-paint">(.*?)<\/script>/s.exec(body);
  if (!match?.[1]) throw new Error(`no first-paint data in ${body}`);
  return JSON.parse(match[1]);
}

describe("the catalogue's first paint", () => {
  it("is the web build's render of the catalogue's first page, from the data the API gives", async () => {
    const t = await demoApp(await dist(true));
    const api = (await t.app.inject({ method: 'GET', url: '/api/silver-withdrawal-product-types' })).json();
    const page = await t.app.inject({ method: 'GET', url: '/comprar-prata' });
    expect(page.statusCode).toBe(200);
    const names = api.productTypes.data.map((p: { name: string; price: number }) => `${p.name} ${p.price}`);
    expect(names).toHaveLength(4);
    expect(page.body).toContain(
      `<div id="root"><div data-prata-static data-prata-page="1"><h1>${names.join('|')}</h1>`,
    );
    expect(page.body).toContain('<title>Comprar prata | Prata</title>');
    // the browser's first render starts from the same data
    expect(dataOf(page.body)).toEqual({
      productTypes: api.productTypes,
      siteLinks: { jewelry: 'https://joias.exemplo.com.br', refining: null, app_store: null, google_play: null },
    });
    // the render is the server's own: not a file of the site
    expect((await t.app.inject({ method: 'GET', url: `/${WEB_RENDER_FILE}` })).body).not.toContain('renderCatalogue');
  });

  it("shows an operator's edit and a move of the book's asks at the next request, and is kept between them", async () => {
    const t = await demoApp(await dist(true));
    const painted = async (app = t.app) => {
      const body = (await app.inject({ method: 'GET', url: '/comprar-prata' })).body;
      return dataOf(body).productTypes as { data: Array<{ id: number; name: string; price: number }> };
    };
    const before = await painted();
    const [first] = before.data;
    expect((await t.app.inject({ method: 'GET', url: '/comprar-prata' })).headers.etag).toBe(
      (await t.app.inject({ method: 'GET', url: '/comprar-prata' })).headers.etag,
    );
    // an operator renames a product
    const finance = await staffMember(t, ['finance'], 'Fábio Financeiro');
    const admin = (
      await t.app.inject({ method: 'GET', url: '/api/admin/silver-product-types', headers: bearer(finance.token) })
    ).json().productTypes as Array<Record<string, unknown>>;
    const edited = admin.find((p) => p.id === first!.id)!;
    const { id: _id, availability: _a, price: _p, ...form } = edited;
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/silver-product-types/${first!.id}`,
      payload: {
        ...form,
        name: `${first!.name} (nova)`,
        images: (edited.images as Array<{ path: string }>).map((i) => i.path),
      },
      headers: bearer(finance.token),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await painted()).data[0]!.name).toBe(`${first!.name} (nova)`);
    // the house offers silver below its best ask (R$ 9,10), above its best bid: every price falls at once
    await placeHouseOrder(t.app.deps, null, { side: 'sell', pricePerGramCents: 900, quantityCentigrams: 100_000 });
    const cheaper = await painted();
    for (const [i, p] of cheaper.data.entries()) expect(p.price, p.name).toBeLessThan(before.data[i]!.price);
  });

  it.skipIf(!process.env.REDIS_URL)("shows another instance's move of the book, heard through Redis", async () => {
    const t = await demoApp(await dist(true));
    const other: TestApp = await buildTestApp({ database: t.database, config: { webDist: await dist(true) } });
    const prices = async () =>
      (
        dataOf((await t.app.inject({ method: 'GET', url: '/comprar-prata' })).body).productTypes as {
          data: Array<{ price: number }>;
        }
      ).data.map((p) => p.price);
    const before = await prices();
    await placeHouseOrder(other.app.deps, null, { side: 'sell', pricePerGramCents: 900, quantityCentigrams: 100_000 });
    await vi.waitFor(async () => expect((await prices())[0]).toBeLessThan(before[0]!), { timeout: 3_000 });
    await other.app.close();
  });

  it('is left out when the build has no server render: the plain index.html, as without a build', async () => {
    const t = await demoApp(await dist(false));
    const page = await t.app.inject({ method: 'GET', url: '/comprar-prata' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toBe(INDEX);
  });
});
