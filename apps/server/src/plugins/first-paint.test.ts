import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { buildTestApp } from '../../test/helpers';
import { APP_LOADER_PATH, APP_LOADER_SOURCE, addFirstPaint, firstPaintCache, jsonForHtml } from './first-paint';
import { webFiles } from './web-files';

const INDEX =
  '<!doctype html><html><head><title>Prata</title><link rel="stylesheet" crossorigin href="/assets/app-1.css"></head><body><div id="root"></div><script type="module" src="/assets/app-1.js"></script></body></html>';
const CSS = '@font-face{font-family:Inter;src:url(/assets/inter.woff2)}body{margin:0}';

async function dist() {
  const folder = await mkdtemp(path.join(tmpdir(), 'prata-first-paint-'));
  await writeFile(path.join(folder, 'index.html'), INDEX);
  await mkdir(path.join(folder, 'assets'));
  await writeFile(path.join(folder, 'assets', 'app-1.css'), CSS);
  return folder;
}

/** The data block the web app reads, parsed back. */
function dataOf(body: string): unknown {
  const match = /<script type="application\/json" id="prata-first-paint">(.*?)<\/script>/s.exec(body);
  if (!match?.[1]) throw new Error(`no first-paint data in ${body}`);
  return JSON.parse(match[1]);
}

describe('first paint', () => {
  it("puts the page's HTML inside the root element and its data beside it, only on that page", async () => {
    const { app } = await buildTestApp({ config: { webDist: await dist() } });
    let calls = 0;
    addFirstPaint(app, '/comprar-prata', {
      version: () => '1',
      paint: async () => {
        calls++;
        return {
          html: '<h1>Barras de prata</h1>',
          data: { productTypes: { total: 1, note: '</script><b>' } },
          title: 'Comprar <prata> | Prata',
        };
      },
    });
    const page = await app.inject({ method: 'GET', url: '/comprar-prata?page=1' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<div id="root"><h1>Barras de prata</h1></div>');
    expect(page.body).toContain('<title>Comprar &lt;prata&gt; | Prata</title>');
    // the app's stylesheet and script wait in an inert template for the loader, which starts them once the page is
    // painted: nothing but the page and its images is asked for before the first paint
    expect(page.body).not.toMatch(/<head>.*rel="stylesheet".*<\/head>/s);
    expect(page.body).toContain(
      '<template id="prata-app"><link rel="stylesheet" crossorigin href="/assets/app-1.css">' +
        '<script type="module" src="/assets/app-1.js"></script></template>' +
        `<script src="${APP_LOADER_PATH}" async></script></body>`,
    );
    expect(page.body.indexOf('<template')).toBeGreaterThan(page.body.indexOf('prata-first-paint'));
    // the data cannot close its script element, and reads back as it was
    expect(page.body.match(/<\/script>/g)).toHaveLength(3);
    expect(dataOf(page.body)).toEqual({ productTypes: { total: 1, note: '</script><b>' } });
    // compressed copies of the same page, each with its own ETag, and a 304 for a copy the browser has
    const br = await app.inject({ method: 'GET', url: '/comprar-prata', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(page.body);
    const gz = await app.inject({ method: 'GET', url: '/comprar-prata', headers: { 'accept-encoding': 'gzip' } });
    expect(gunzipSync(gz.rawPayload).toString()).toBe(page.body);
    expect(new Set([page.headers.etag, br.headers.etag, gz.headers.etag]).size).toBe(3);
    const again = await app.inject({
      method: 'GET',
      url: '/comprar-prata',
      headers: { 'if-none-match': String(page.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    // built once for all these answers (kept while its version stays)
    expect(calls).toBe(1);
    // other pages get the plain index.html
    expect((await app.inject({ method: 'GET', url: '/login' })).body).toBe(INDEX);
  });

  it('serves the loader as an immutable script of ours, compressed, and a CSP that allows it', async () => {
    const { app } = await buildTestApp({ config: { webDist: await dist() } });
    expect(APP_LOADER_PATH).toMatch(/^\/assets\/first-paint-[0-9a-f]{10}\.js$/);
    const loader = await app.inject({ method: 'GET', url: APP_LOADER_PATH });
    expect(loader.statusCode).toBe(200);
    expect(loader.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(loader.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(loader.body).toBe(APP_LOADER_SOURCE);
    expect(String(loader.headers['content-security-policy'])).toContain("script-src 'self'");
    const br = await app.inject({ method: 'GET', url: APP_LOADER_PATH, headers: { 'accept-encoding': 'br' } });
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(APP_LOADER_SOURCE);
    // another name under /assets is still a missing build file
    expect((await app.inject({ method: 'GET', url: '/assets/first-paint-0000000000.js' })).statusCode).toBe(404);
  });

  it('serves the plain index.html when the provider fails or has nothing to show', async () => {
    const { app } = await buildTestApp({ config: { webDist: await dist() } });
    addFirstPaint(app, '/falha', {
      version: () => '1',
      paint: async () => {
        throw new Error('database down');
      },
    });
    addFirstPaint(app, '/vazio', { version: () => '1', paint: async () => null });
    for (const url of ['/falha', '/vazio']) {
      const page = await app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      expect(page.body).toBe(INDEX);
    }
  });

  it('builds a page once per version, and keeps its bytes when a new version draws the same page', async () => {
    const { app } = await buildTestApp({ config: { webDist: await dist() } });
    let version = 1;
    let price = '10,00';
    let calls = 0;
    addFirstPaint(app, '/comprar-prata', {
      version: () => String(version),
      paint: async () => {
        calls++;
        return { html: `<p>R$ ${price}</p>`, data: { price } };
      },
    });
    const get = () => app.inject({ method: 'GET', url: '/comprar-prata', headers: { 'accept-encoding': 'br' } });
    const first = await get();
    for (let i = 0; i < 5; i++) expect((await get()).headers.etag).toBe(first.headers.etag);
    expect(calls).toBe(1);
    // the version moved, the page did not: drawn again, the same bytes and ETag kept
    version = 2;
    const same = await get();
    expect(calls).toBe(2);
    expect(same.rawPayload).toEqual(first.rawPayload);
    expect(same.headers.etag).toBe(first.headers.etag);
    // the version moved with the page: the next request shows it
    price = '11,00';
    version = 3;
    const moved = await get();
    expect(brotliDecompressSync(moved.rawPayload).toString()).toContain('<p>R$ 11,00</p>');
    expect(moved.headers.etag).not.toBe(first.headers.etag);
    expect(calls).toBe(3);
  });

  it('checks a page its version cannot see off the request path, and rebuilds it only when it changed', async () => {
    const { app } = await buildTestApp({ config: { webDist: await dist() } });
    let price = '10,00';
    let calls = 0;
    addFirstPaint(app, '/comprar-prata', {
      version: () => '1',
      paint: async () => {
        calls++;
        return { html: `<p>R$ ${price}</p>`, data: { price } };
      },
    });
    const index = (await webFiles(await dist()).get('/index.html'))!;
    const recheckMs = 200;
    // the cache's clock is held: the recheck window passes when the test says so
    vi.useFakeTimers({ toFake: ['Date'] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const firstPaint = firstPaintCache(app, recheckMs);
    const first = await firstPaint('/comprar-prata', index);
    expect(await firstPaint('/comprar-prata', index)).toBe(first);
    vi.setSystemTime(Date.now() + recheckMs);
    // served at once; the check runs behind it and finds the same page: the same file is kept
    expect(await firstPaint('/comprar-prata', index)).toBe(first);
    await vi.waitFor(() => expect(calls).toBe(2));
    expect(await firstPaint('/comprar-prata', index)).toBe(first);
    price = '11,00';
    vi.setSystemTime(Date.now() + recheckMs);
    expect(await firstPaint('/comprar-prata', index)).toBe(first);
    await vi.waitFor(async () =>
      expect((await firstPaint('/comprar-prata', index)).identity.body.toString()).toContain('<p>R$ 11,00</p>'),
    );
  });

  it('writes JSON that no HTML parser can end early', () => {
    expect(jsonForHtml({ a: '</script>', b: '\u2028\u2029' })).toBe('{"a":"\\u003c/script>","b":"\\u2028\\u2029"}');
    expect(JSON.parse(jsonForHtml({ a: '</script>' }))).toEqual({ a: '</script>' });
  });
});
