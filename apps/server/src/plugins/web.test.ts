import { mkdtemp, mkdir, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/helpers';
import { RECHECK_MS, webFiles } from './web-files';

const INDEX = '<!doctype html><title>Prata</title><script type="module" src="/assets/app-1.js"></script>';
const APP_JS = `console.log(${JSON.stringify('prata '.repeat(200))})`;

/** A build folder as `npm run build` leaves it: hashed assets with their .br and .gz copies, index.html with its own. */
async function fixtureDist() {
  const dist = await mkdtemp(path.join(tmpdir(), 'prata-dist-'));
  await mkdir(path.join(dist, 'assets'));
  for (const [name, text] of [
    ['index.html', INDEX],
    [path.join('assets', 'app-1.js'), APP_JS],
  ] as const) {
    await writeFile(path.join(dist, name), text);
    await writeFile(path.join(dist, `${name}.br`), brotliCompressSync(text));
    await writeFile(path.join(dist, `${name}.gz`), gzipSync(text));
  }
  await writeFile(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(path.join(dist, '.env'), 'SECRET=1');
  return dist;
}

describe('serving the web app', () => {
  it('serves files, falls back to index.html for client routes, and answers 404 for missing assets and API paths', async () => {
    const dist = await fixtureDist();
    const { app } = await buildTestApp({ config: { webDist: dist } });
    const root = await app.inject({ method: 'GET', url: '/' });
    expect(root.statusCode).toBe(200);
    expect(root.body).toContain('<title>Prata</title>');
    const page = await app.inject({ method: 'GET', url: '/meus-dados/fatca?tab=1' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toBe(INDEX);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    const asset = await app.inject({ method: 'GET', url: '/assets/app-1.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe(APP_JS);
    expect(asset.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect((await app.inject({ method: 'GET', url: '/favicon.svg' })).headers['content-type']).toBe('image/svg+xml');
    // a file written after start (a new build) is served too
    await writeFile(path.join(dist, 'assets', 'app-2.js'), 'console.log(2)');
    expect((await app.inject({ method: 'GET', url: '/assets/app-2.js' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/assets/sumiu.js' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/nada' })).statusCode).toBe(404);
    // an API path called with the wrong method is still a 405, not the app's page
    const wrong = await app.inject({ method: 'GET', url: '/api/login' });
    expect(wrong.statusCode).toBe(405);
  });

  it('answers HEAD on pages and assets with the headers of GET and no body', async () => {
    const { app } = await buildTestApp({ config: { webDist: await fixtureDist() } });
    for (const url of ['/', '/login', '/meus-dados/fatca', '/assets/app-1.js']) {
      const get = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      const head = await app.inject({ method: 'HEAD', url, headers: { 'accept-encoding': 'br' } });
      expect(head.statusCode, url).toBe(200);
      expect(head.body, url).toBe('');
      for (const name of ['content-type', 'content-length', 'content-encoding', 'etag', 'cache-control', 'vary']) {
        expect(head.headers[name], `${url} ${name}`).toBe(get.headers[name]);
      }
    }
    expect((await app.inject({ method: 'HEAD', url: '/assets/sumiu.js' })).statusCode).toBe(404);
  });

  it('keeps hashed assets for a year and revalidates index.html with its ETag', async () => {
    const { app } = await buildTestApp({ config: { webDist: await fixtureDist() } });
    const asset = await app.inject({ method: 'GET', url: '/assets/app-1.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await app.inject({ method: 'GET', url: '/login' });
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(page.headers['last-modified']).toBeTruthy();
    const again = await app.inject({ method: 'GET', url: '/login', headers: { 'if-none-match': page.headers.etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(page.headers.etag);
    const stale = await app.inject({ method: 'GET', url: '/login', headers: { 'if-none-match': '"outro"' } });
    expect(stale.statusCode).toBe(200);
  });

  it('sends the brotli or gzip copy the build made, by Accept-Encoding, with Vary', async () => {
    const { app } = await buildTestApp({ config: { webDist: await fixtureDist() } });
    const get = (encoding?: string) =>
      app.inject({
        method: 'GET',
        url: '/assets/app-1.js',
        headers: encoding === undefined ? {} : { 'accept-encoding': encoding },
      });
    const br = await get('gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(APP_JS);
    expect(Number(br.headers['content-length'])).toBeLessThan(APP_JS.length / 4);
    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(APP_JS);
    const refused = await get('br;q=0, gzip;q=0.5');
    expect(refused.headers['content-encoding']).toBe('gzip');
    for (const plain of [await get(), await get('identity')]) {
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toBe('accept-encoding');
      expect(plain.body).toBe(APP_JS);
    }
    // each copy has an ETag of its own
    expect(new Set([br.headers.etag, gz.headers.etag, (await get()).headers.etag]).size).toBe(3);
    const page = await app.inject({ method: 'GET', url: '/register', headers: { 'accept-encoding': 'br' } });
    expect(brotliDecompressSync(page.rawPayload).toString()).toBe(INDEX);
  });

  it('serves a new index.html after a build, and never hidden files, compressed copies or paths outside the build', async () => {
    const dist = await fixtureDist();
    const { app } = await buildTestApp({ config: { webDist: dist } });
    expect((await app.inject({ method: 'GET', url: '/login' })).body).toBe(INDEX);
    const rebuilt = INDEX.replace('app-1', 'app-2');
    await writeFile(path.join(dist, 'index.html'), rebuilt);
    await utimes(path.join(dist, 'index.html'), new Date(), new Date(Date.now() + 5_000));
    await new Promise((resolve) => setTimeout(resolve, RECHECK_MS + 50));
    expect((await app.inject({ method: 'GET', url: '/login' })).body).toBe(rebuilt);
    for (const url of [
      '/.env',
      '/assets/app-1.js.br',
      '/index.html.gz',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/assets/..%2F..%2Fpackage.json',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.body, url).not.toContain('SECRET');
      expect(res.body, url).not.toContain('root:');
      if (url.startsWith('/assets/')) expect(res.statusCode, url).toBe(404);
    }
  });

  it('reads a file once for the requests that ask meanwhile, and keeps it, unchanged, after checking it again', async () => {
    const files = webFiles(await fixtureDist());
    // requests that come while it is read share the one read
    const [first, meanwhile] = await Promise.all([files.get('/index.html'), files.get('/index.html')]);
    expect(meanwhile).toBe(first);
    await new Promise((resolve) => setTimeout(resolve, RECHECK_MS + 50));
    // the same object: what is built from it (a page's first paint) is not built again
    expect(await files.get('/index.html')).toBe(first);
  });
});
