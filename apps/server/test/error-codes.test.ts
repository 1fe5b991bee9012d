import { readdir, readFile } from 'node:fs/promises';
import { PassThrough } from 'node:stream';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import type { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, MESSAGES } from '@prata/domain';
import { users } from '@/db/schema/index';
import { HTTP_STATUS } from '@/plugins/errors';
import { clientErrorHandler } from '@/plugins/input';
import { bearer, buildTestApp, completeIndividual, createCustomer } from './helpers';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const SERVER = path.resolve(HERE, '..');

/** Every test file of the server (src/**, test/**), as text. */
async function serverTests(): Promise<string[]> {
  const out: string[] = [];
  const walk = async (dir: string) => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory() && entry.name !== 'node_modules') await walk(full);
      else if (entry.name.endsWith('.test.ts')) out.push(await readFile(full, 'utf8'));
    }
  };
  await walk(path.join(SERVER, 'src'));
  await walk(path.join(SERVER, 'test'));
  return out;
}

describe('error codes', () => {
  it('every code has its one HTTP status at the edge, a 4xx or 5xx', () => {
    for (const code of ERROR_CODES) {
      expect(HTTP_STATUS[code], code).toBeGreaterThanOrEqual(400);
      expect(HTTP_STATUS[code], code).toBeLessThan(600);
    }
    expect(Object.keys(HTTP_STATUS).sort()).toEqual([...ERROR_CODES].sort());
  });

  it('every code is provoked through the API and asserted by some test', async () => {
    const tests = (await serverTests()).join('\n');
    // A code's name in quotes in a test file is the assertion (this file's own scenarios count too).
    const untested = ERROR_CODES.filter((code) => !tests.includes(`'${code}'`));
    expect(untested).toEqual([]);
  });

  it('NOT_FOUND, UNAUTHENTICATED and RATE_LIMITED travel with their status', async () => {
    const t = await buildTestApp({
      config: {
        limits: { ...(await buildTestApp()).config.limits, lookupAddress: { max: 1, windowSeconds: 60 } },
      },
    });
    const c = await createCustomer(t);
    const missing = await t.app.inject({ method: 'GET', url: '/api/address/987654', headers: bearer(c.token) });
    expect([missing.statusCode, missing.json().code]).toEqual([404, 'NOT_FOUND']);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/user' });
    expect([anonymous.statusCode, anonymous.json().code]).toEqual([401, 'UNAUTHENTICATED']);
    await t.app.inject({ method: 'GET', url: '/api/cities/search/Sao' });
    const limited = await t.app.inject({ method: 'GET', url: '/api/cities/search/Sao' });
    expect([limited.statusCode, limited.json().code]).toEqual([429, 'RATE_LIMITED']);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('INTERNAL_ERROR: anything unexpected is a 500 with a generic Portuguese message and nothing more', async () => {
    const t = await buildTestApp({
      routes: (app) => {
        app.get('/api/test/boom', async () => {
          throw new Error('segredo interno: senha do banco');
        });
      },
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 'INTERNAL_ERROR', message: MESSAGES.internalError });
  });

  it('LIST_LIMIT_REACHED: the eleventh bank account is refused', async () => {
    const t = await buildTestApp();
    const c = await createCustomer(t);
    await completeIndividual(t, c);
    const codes: string[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/banking-information',
        headers: bearer(c.token),
        payload: {
          type: 'account',
          account_type: 'checking',
          bank_number: '341',
          branch_number: String(1000 + i),
          account_number: `${10_000 + i}-1`,
        },
      });
      codes.push(res.statusCode === 201 ? 'ok' : res.json().code);
    }
    expect(codes.slice(0, 10).every((s) => s === 'ok')).toBe(true);
    expect(codes[10]).toBe('LIST_LIMIT_REACHED');
  });

  it('CUSTOMER_ACCOUNT_CLOSED: an operator cannot approve a closed account', async () => {
    const t = await buildTestApp();
    const operator = await createCustomer(t);
    await t.database.db
      .update(users)
      .set({ staffRoles: ['compliance'] })
      .where(eq(users.id, operator.id));
    const c = await createCustomer(t);
    await completeIndividual(t, c);
    await t.database.db.update(users).set({ closedAt: new Date() }).where(eq(users.id, c.id));
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/customers/${c.id}/review`,
      headers: bearer(operator.token),
      payload: { decision: 'approve' },
    });
    expect([res.statusCode, res.json().code]).toEqual([422, 'CUSTOMER_ACCOUNT_CLOSED']);
  });

  it('REQUEST_TIMEOUT and HEADERS_TOO_LARGE are written on the socket in the same shape', () => {
    const answers: Record<string, unknown> = {};
    for (const [errno, code] of [
      ['ERR_HTTP_REQUEST_TIMEOUT', 'REQUEST_TIMEOUT'],
      ['HPE_HEADER_OVERFLOW', 'HEADERS_TOO_LARGE'],
    ] as const) {
      const socket = new PassThrough() as unknown as Socket & { writable: boolean };
      // The handler destroys the socket with the error, as Node's server would; nobody else listens here.
      socket.on('error', () => {});
      let written = '';
      socket.write = ((chunk: string) => {
        written += chunk;
        return true;
      }) as Socket['write'];
      const err = Object.assign(new Error(errno), { code: errno });
      clientErrorHandler(err, socket);
      const [head, body] = written.split('\r\n\r\n');
      expect(head).toContain(`HTTP/1.1 ${HTTP_STATUS[code]}`);
      answers[code] = JSON.parse(body!);
    }
    expect(answers).toEqual({
      REQUEST_TIMEOUT: { code: 'REQUEST_TIMEOUT', message: MESSAGES.requestTimeout },
      HEADERS_TOO_LARGE: { code: 'HEADERS_TOO_LARGE', message: MESSAGES.headersTooLarge },
    });
  });
});
