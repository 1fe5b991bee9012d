import { describe, expect, it } from 'vitest';
import { siteContent } from '../../db/schema/index';
import { buildTestApp } from '../../../test/helpers';

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
