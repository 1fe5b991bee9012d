import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helpers';
import { seedOrdersDemo } from '../orders/index';
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

  it('is left out when the build has no server render: the plain index.html, as without a build', async () => {
    const t = await demoApp(await dist(false));
    const page = await t.app.inject({ method: 'GET', url: '/comprar-prata' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toBe(INDEX);
  });
});
