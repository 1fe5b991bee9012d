import { describe, expect, it } from 'vitest';
import { buildTestApp, createTestDatabase } from '../../../test/helpers';

describe('GET /api/health', () => {
  it('answers ok with the database kind, and unknown API paths answer 404 in pt-BR', async () => {
    const { app, database } = await buildTestApp();
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: database.kind });
    expect(res.headers['cache-control']).toBe('no-store');
    const missing = await app.inject({ method: 'GET', url: '/api/nao-existe' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: 'Endereço não encontrado.' });
    await app.close();
  });

  it('answers liveness without touching the database', async () => {
    const database = await createTestDatabase();
    // A database that is down: every statement fails.
    const down = new Proxy(database.db, {
      get: (target, key) =>
        key === 'execute' || key === 'select' ? () => Promise.reject(new Error('down')) : Reflect.get(target, key),
    });
    const { app } = await buildTestApp({ database: { ...database, db: down } });
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: database.kind });
    const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'unavailable', database: 'unavailable' });
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('is ready when the database (and Redis, when configured) answer', async () => {
    const { app, config } = await buildTestApp();
    const res = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      database: 'ok',
      redis: config.redisUrl ? 'ok' : 'not-configured',
    });
    await app.close();
  });

  it('is not ready when Redis is configured but does not answer', async () => {
    const { app } = await buildTestApp({ config: { redisUrl: 'redis://127.0.0.1:1' } });
    const res = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable', database: 'ok', redis: 'unavailable' });
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
