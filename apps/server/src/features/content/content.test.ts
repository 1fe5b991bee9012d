import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { siteContent } from '@/db/schema/index';
import { buildTestApp } from '../../../test/helpers';
import { loadConfig } from '@/config';
import { CONTENT_TTL_MS } from './routes';

describe('GET /api/termos', () => {
  it('answers the terms as HTML', async () => {
    const t = await buildTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/api/termos' });
    expect(res.statusCode).toBe(200);
    expect(res.json().termos).toContain('<h2>Termos de Uso da Plataforma Prata</h2>');
  });

  it('sanitizes what operators stored: no scripts, handlers or javascript: links survive', async () => {
    const t = await buildTestApp();
    await t.database.db.update(siteContent).set({
      html: '<p onclick="alert(1)">Olá</p><script>alert(2)</script><a href="javascript:alert(3)">x</a><img src=x onerror=alert(4)><a href="https://prata.com.br">ok</a>',
    });
    const html: string = (await t.app.inject({ method: 'GET', url: '/api/termos' })).json().termos;
    expect(html).not.toMatch(/script|onclick|onerror|javascript:|<img/i);
    expect(html).toContain('<p>Olá</p>');
    expect(html).toContain('<a href="https://prata.com.br" rel="noopener noreferrer" target="_blank">ok</a>');
  });
});

describe('GET /api/termos from memory', () => {
  it('reads the database once per CONTENT_TTL_MS, and shows an operator change after it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const t = await buildTestApp();
      const first = await t.app.inject({ method: 'GET', url: '/api/termos' });
      expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
      await t.database.db.update(siteContent).set({ html: '<p>Novos termos</p>' });
      const cached = await t.app.inject({ method: 'GET', url: '/api/termos' });
      expect(cached.body).toBe(first.body);
      vi.setSystemTime(Date.now() + CONTENT_TTL_MS + 1);
      expect((await t.app.inject({ method: 'GET', url: '/api/termos' })).json()).toEqual({
        termos: '<p>Novos termos</p>',
      });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('GET /api/termos compressed', () => {
  it('answers brotli or gzip as the browser takes it, with Vary', async () => {
    const t = await buildTestApp();
    const plain = await t.app.inject({ method: 'GET', url: '/api/termos' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    const headers = (encoding: string) => ({ 'accept-encoding': encoding });
    const br = await t.app.inject({ method: 'GET', url: '/api/termos', headers: headers('gzip, deflate, br') });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await t.app.inject({ method: 'GET', url: '/api/termos', headers: headers('gzip') });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(br.headers['cache-control']).toBe('no-store');
  });
});

describe('GET /api/site', () => {
  it('answers no link out of the app by default: the screens hide them', async () => {
    const t = await buildTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/api/site' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ links: { jewelry: null, refining: null, app_store: null, google_play: null } });
  });

  it('answers the addresses set in the environment (JEWELRY_URL and the others), to anyone', async () => {
    const env = {
      NODE_ENV: 'test',
      JEWELRY_URL: 'https://joias.exemplo.com.br',
      REFINING_URL: '',
      APP_STORE_URL: 'https://apps.apple.com/br/app/prata/id123',
      GOOGLE_PLAY_URL: 'https://play.google.com/store/apps/details?id=br.com.prata',
    } as NodeJS.ProcessEnv;
    const t = await buildTestApp({ config: { siteLinks: loadConfig(env).siteLinks } });
    const res = await t.app.inject({ method: 'GET', url: '/api/site' });
    expect(res.json().links).toEqual({
      jewelry: 'https://joias.exemplo.com.br',
      refining: null,
      app_store: 'https://apps.apple.com/br/app/prata/id123',
      google_play: 'https://play.google.com/store/apps/details?id=br.com.prata',
    });
  });

  it('refuses an address that is not https at start, naming the variable', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', JEWELRY_URL: 'javascript:alert(1)' } as NodeJS.ProcessEnv)).toThrow(
      /JEWELRY_URL/,
    );
    expect(() => loadConfig({ NODE_ENV: 'test', APP_STORE_URL: 'http://apps.apple.com' } as NodeJS.ProcessEnv)).toThrow(
      /APP_STORE_URL/,
    );
  });
});
