import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helpers';

describe('GET /api/health', () => {
  it('answers ok with the database kind, and unknown API paths answer 404 in pt-BR', async () => {
    const { app, database } = await buildTestApp();
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: database.kind });
    expect(res.headers['cache-control']).toBe('no-store');
    const missing = await app.inject({ method: 'GET', url: '/api/nao-existe' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Endereço não encontrado.' });
    await app.close();
  });

  it('describes the API in OpenAPI at /api/docs', async () => {
    const { app } = await buildTestApp();
    const spec = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(spec.statusCode).toBe(200);
    expect(Object.keys(spec.json().paths)).toEqual(
      expect.arrayContaining(['/api/login', '/api/register', '/api/user/index']),
    );
    const ui = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger');
  });
});
