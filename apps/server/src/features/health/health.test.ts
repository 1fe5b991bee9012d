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
    expect(missing.json()).toEqual({ message: 'Registro não encontrado.' });
    await app.close();
  });
});
