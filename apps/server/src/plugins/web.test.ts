import { existsSync } from 'node:fs';
import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/helpers';

describe('serving the web app', () => {
  it('serves files, falls back to index.html for client routes, and answers 404 for missing assets and API paths', async () => {
    const dist = await mkdtemp(path.join(tmpdir(), 'prata-dist-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Prata</title>');
    await writeFile(path.join(dist, 'assets', 'app-1.js'), 'console.log(1)');
    const { app } = await buildTestApp({ config: { webDist: dist } });
    const root = await app.inject({ method: 'GET', url: '/' });
    expect(root.statusCode).toBe(200);
    expect(root.body).toContain('<title>Prata</title>');
    const page = await app.inject({ method: 'GET', url: '/meus-dados/fatca' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Prata</title>');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    const asset = await app.inject({ method: 'GET', url: '/assets/app-1.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    // a file written after start (a new build) is served too
    await writeFile(path.join(dist, 'assets', 'app-2.js'), 'console.log(2)');
    expect((await app.inject({ method: 'GET', url: '/assets/app-2.js' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/assets/sumiu.js' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/nada' })).statusCode).toBe(404);
    expect(existsSync(dist)).toBe(true);
  });
});
