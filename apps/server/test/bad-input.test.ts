import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@prata/domain';
import { sessions, users } from '@/db/schema/index';
import {
  approvedCustomer,
  bearer,
  buildTestApp,
  completeIndividual,
  createCustomer,
  type Customer,
  type TestApp,
} from './helpers';

/** No request can stall the server, and bad input is a 4xx in one Portuguese shape, never a 500. */
let t: TestApp;
let base: string;
let port: number;
let customer: Customer;
beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
  customer = await createCustomer(t);
  await completeIndividual(t, customer);
});
afterAll(async () => {
  await t.app.close();
});

const BOUND_MS = 50;

async function timedFetch(path: string, init?: RequestInit) {
  const started = performance.now();
  const res = await fetch(`${base}${path}`, init);
  const body = await res.text();
  return { status: res.status, body, ms: performance.now() - started };
}

const json = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

type RawAnswer = { status: number; headers: Record<string, string>; body: string };

/**
 * A request written on a socket by hand: `head` (request line and headers) and only the first `sent` bytes of the
 * body it announces. Resolves with the answer, or rejects if none comes within `timeoutMs` (the server waited for a
 * body that will never arrive).
 */
async function raw(head: string, sent: Buffer | string = '', timeoutMs = 3000): Promise<RawAnswer> {
  const socket = net.connect(port, '127.0.0.1');
  await once(socket, 'connect');
  socket.write(head);
  if (sent.length > 0) socket.write(sent);
  const chunks: Buffer[] = [];
  try {
    return await new Promise<RawAnswer>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no answer: the server is waiting for the body')), timeoutMs);
      const tryParse = () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const end = text.indexOf('\r\n\r\n');
        if (end < 0) return;
        const [statusLine = '', ...lines] = text.slice(0, end).split('\r\n');
        const headers = Object.fromEntries(
          lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
        );
        const body = text.slice(end + 4);
        if (Buffer.byteLength(body) < Number(headers['content-length'] ?? 0)) return;
        clearTimeout(timer);
        resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
      };
      socket.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        tryParse();
      });
      socket.on('error', () => {});
      socket.on('close', tryParse);
    });
  } finally {
    socket.destroy();
  }
}

const TEN_MB = 10 * 1024 * 1024;
const multipartHead = (path: string, extra = '') =>
  `POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: multipart/form-data; boundary=xyz\r\n` +
  `Content-Length: ${TEN_MB}\r\n${extra}\r\n`;
const firstPart = `--xyz\r\nContent-Disposition: form-data; name="document"; filename="a.pdf"\r\n\r\n%PDF-${'x'.repeat(1000)}`;

describe('no request can stall the server', () => {
  it('a 120 KB e-mail answers 422 within 50 ms on each route, while /api/health keeps answering within 50 ms', async () => {
    const email = `a@${'.'.repeat(120 * 1024)}@`;
    const bodies: Array<[string, Record<string, unknown>]> = [
      ['/api/login', { email, password: 'senha-forte-123' }],
      [
        '/api/register',
        { name: 'Ana', email, email_confirmation: 'a@b.c', password: 'x'.repeat(10), password_confirmation: 'x' },
      ],
      ['/api/password/email', { email }],
    ];
    await timedFetch('/api/health');
    for (const [path, body] of bodies) {
      const warm = await timedFetch(path, json({ ...body, email: 'warm-up' }));
      // 50 ms on a quiet machine; on a busy one, ten times what a small bad e-mail took just before (a pattern that
      // backtracks over 120 KB takes seconds, far above either)
      const bound = Math.max(BOUND_MS, 10 * warm.ms);
      const slow = timedFetch(path, json(body));
      // issued while the e-mail is on its way in or being checked
      const health = new Promise<Awaited<ReturnType<typeof timedFetch>>>((resolve) =>
        setTimeout(() => resolve(timedFetch('/api/health')), 2),
      );
      const [refused, healthy] = await Promise.all([slow, health]);
      expect(refused.status, path).toBe(422);
      expect(JSON.parse(refused.body).errors.email, path).toEqual([MESSAGES.emailInvalid]);
      expect(refused.ms, path).toBeLessThan(bound);
      expect(healthy.status).toBe(200);
      expect(healthy.ms, path).toBeLessThan(bound);
    }
  });

  it('JSON bodies over the limit are a 413 in Portuguese', async () => {
    const res = await timedFetch('/api/login', json({ email: 'a@b.c', password: 'x'.repeat(200 * 1024) }));
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: MESSAGES.requestTooLarge });
  });
});

describe('multipart only where a route takes it, and after authentication', () => {
  it('a multipart body to a JSON route is a 415 before the body is read', async () => {
    for (const path of ['/api/logout', '/api/login', '/api/password/email']) {
      const res = await raw(multipartHead(path, `Authorization: Bearer ${customer.token}\r\n`), firstPart);
      expect(res.status, path).toBe(415);
      expect(JSON.parse(res.body), path).toEqual({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: MESSAGES.unsupportedMediaType,
      });
    }
    // the session of the token used above is still alive: /api/logout never ran
    const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(customer.token) });
    expect(me.statusCode).toBe(200);
  });

  it('an upload without a session is a 401 before the body is read', async () => {
    for (const path of ['/api/documents', '/api/trading-limit-increase']) {
      const res = await raw(multipartHead(path), firstPart);
      expect(res.status, path).toBe(401);
      expect(JSON.parse(res.body).message, path).toBe(MESSAGES.unauthenticated);
    }
    const forged = await raw(multipartHead('/api/documents', 'Authorization: Bearer abc.def.ghi\r\n'), firstPart);
    expect(forged.status).toBe(401);
  });

  it('a truncated, unbounded or overfull form is a 400 or 413 on every multipart route, never a 500', async () => {
    const auth = bearer(customer.token) as Record<string, string>;
    const truncated = '--xyz\r\nContent-Disposition: form-data; name="name"\r\n\r\nAna';
    const field = (name: string, value: string) =>
      `--xyz\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const cases: Array<{ url: string; headers: Record<string, string>; payload: string; status: number }> = [];
    for (const url of ['/api/register', '/api/documents', '/api/trading-limit-increase']) {
      const headers = { ...(url === '/api/register' ? {} : auth) };
      const ct = { 'content-type': 'multipart/form-data; boundary=xyz' };
      cases.push(
        { url, headers: { ...headers, ...ct }, payload: truncated, status: 400 },
        { url, headers: { ...headers, 'content-type': 'multipart/form-data' }, payload: truncated, status: 400 },
        { url, headers: { ...headers, ...ct }, payload: `garbage${'-'.repeat(100)}`, status: 400 },
        { url, headers: { ...headers, ...ct }, payload: `${field('a', 'b').repeat(40)}--xyz--\r\n`, status: 400 },
        { url, headers: { ...headers, ...ct }, payload: `${field('__proto__', 'x')}--xyz--\r\n`, status: 400 },
        {
          url,
          headers: { ...headers, ...ct },
          payload: `${field('name', 'a'.repeat(20_000))}--xyz--\r\n`,
          status: 413,
        },
      );
    }
    const fileToRegister =
      '--xyz\r\nContent-Disposition: form-data; name="name"; filename="a.pdf"\r\n\r\n%PDF-1\r\n--xyz--\r\n';
    cases.push({
      url: '/api/register',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: fileToRegister,
      status: 400,
    });
    for (const c of cases) {
      const res = await t.app.inject({ method: 'POST', url: c.url, headers: c.headers, payload: c.payload });
      expect([res.statusCode, c.url, c.payload.slice(0, 40)]).toEqual([c.status, c.url, c.payload.slice(0, 40)]);
      expect(typeof res.json().message).toBe('string');
      expect(Object.keys(res.json()).sort()).toEqual(['code', 'message']);
    }
  });

  it('the registration form still works as multipart fields', async () => {
    const email = `form.${Date.now()}@exemplo.com.br`;
    const fields = { name: 'Ana Formulário', email, email_confirmation: email, password: 'senha-forte-123' };
    const payload = `${Object.entries({ ...fields, password_confirmation: fields.password, account_type: 'individual' })
      .map(([k, v]) => `--xyz\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join('')}--xyz--\r\n`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      payload,
    });
    expect(res.statusCode).toBe(201);
  });
});

describe('bad input answers 4xx in one Portuguese shape', () => {
  it('NUL and other control characters in a body, a path or a query are a 422 with the field message', async () => {
    const h = bearer(customer.token);
    const [before] = await t.database.db.select().from(users).where(eq(users.id, customer.id));
    const personal = await t.app.inject({
      method: 'PUT',
      url: '/api/user/pessoais',
      headers: h,
      payload: {
        name: 'Ana\u0000Cliente',
        cpf: '529.982.247-25',
        nascimento: '1990-05-20',
        celular: '11987654321',
        sexo: 'F',
        estado_civil: 'S',
      },
    });
    expect(personal.statusCode).toBe(422);
    expect(personal.json().errors.name).toEqual([MESSAGES.invalidCharacters]);
    const address = await t.app.inject({
      method: 'POST',
      url: '/api/address',
      headers: h,
      payload: {
        type: 'Residencial',
        cep: '01310100',
        city_id: 3550308,
        neighborhood: 'Bela\u0000Vista',
        street: 'Avenida Paulista',
        number: '1000',
        other_info: 'Portão azul\nInterfone 12',
      },
    });
    expect(address.statusCode).toBe(422);
    expect(address.json().errors).toEqual({ neighborhood: [MESSAGES.invalidCharacters] });
    const [after] = await t.database.db.select().from(users).where(eq(users.id, customer.id));
    expect(after).toEqual(before);

    const path = await t.app.inject({ method: 'GET', url: '/api/cities/search/S%00o', headers: h });
    expect(path.statusCode).toBe(422);
    expect(path.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: MESSAGES.invalidCharacters,
      errors: { text: [MESSAGES.invalidCharacters] },
    });
    const query = await t.app.inject({ method: 'GET', url: '/api/event-logs?page=1%00', headers: h });
    expect(query.statusCode).toBe(422);
    expect(query.json().errors).toEqual({ page: [MESSAGES.invalidCharacters] });
    const id = await t.app.inject({ method: 'GET', url: '/api/address/%0A5', headers: h });
    expect(id.statusCode).toBe(422);
  });

  it('bytes that are not UTF-8 are a 400 in JSON, a form and a multipart field, and change nothing', async () => {
    const h = bearer(customer.token);
    const [before] = await t.database.db.select().from(users).where(eq(users.id, customer.id));
    const badBytes = Buffer.concat([
      Buffer.from('{"name":"Ol'),
      Buffer.from([0xe1, 0x20, 0xff, 0xfe]),
      Buffer.from('"}'),
    ]);
    const refused = { code: 'BAD_REQUEST', message: MESSAGES.encodingInvalid };
    const asJson = await t.app.inject({
      method: 'PUT',
      url: '/api/user/pessoais',
      headers: { ...h, 'content-type': 'application/json' },
      payload: badBytes,
    });
    expect(asJson.statusCode).toBe(400);
    expect(asJson.json()).toEqual(refused);
    // the same text with its accents in UTF-8 reaches validation
    const good = await t.app.inject({
      method: 'PUT',
      url: '/api/user/pessoais',
      headers: { ...h, 'content-type': 'application/json' },
      payload: Buffer.from('{"name":"Olá"}', 'utf8'),
    });
    expect(good.statusCode).toBe(422);
    const form = (body: Buffer, type: string) =>
      t.app.inject({ method: 'POST', url: '/api/register', headers: { 'content-type': type }, payload: body });
    const approved = await approvedCustomer(t);
    const encoded = await t.app.inject({
      method: 'POST',
      url: '/api/deposit/pix',
      headers: { ...bearer(approved.token), 'content-type': 'application/x-www-form-urlencoded' },
      payload: Buffer.from('amount=10%E1'),
    });
    expect(encoded.statusCode).toBe(400);
    expect(encoded.json()).toEqual(refused);
    const multipart = await form(
      Buffer.concat([
        Buffer.from('--xyz\r\nContent-Disposition: form-data; name="name"\r\n\r\nOl'),
        Buffer.from([0xe1]),
        Buffer.from('\r\n--xyz--\r\n'),
      ]),
      'multipart/form-data; boundary=xyz',
    );
    expect(multipart.statusCode).toBe(400);
    expect(multipart.json()).toEqual(refused);
    const [after] = await t.database.db.select().from(users).where(eq(users.id, customer.id));
    expect(after).toEqual(before);
  });

  it('ids, pages and years are plain decimal digits: no other spelling reaches a resource', async () => {
    const h = bearer(customer.token);
    // the address completeIndividual gave the customer
    const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: h });
    const id = me.json().user.addresses[0].id as number;
    expect((await t.app.inject({ method: 'GET', url: `/api/address/${id}`, headers: h })).statusCode).toBe(200);
    for (const spelled of [`0x${id.toString(16)}`, `${id}e0`, `+${id}`, `0${id}`, `${id}.0`, `%20${id}`]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/address/${spelled}`, headers: h });
      expect(res.statusCode, spelled).toBe(422);
      expect(res.json(), spelled).toEqual({
        code: 'VALIDATION_FAILED',
        message: MESSAGES.idInvalid,
        errors: { id: [MESSAGES.idInvalid] },
      });
    }
    const page = await t.app.inject({ method: 'GET', url: '/api/event-logs?page=1e309', headers: h });
    expect(page.statusCode).toBe(422);
    expect(page.json().message).toBe(MESSAGES.numberInvalid);
    const year = await t.app.inject({ method: 'GET', url: '/api/irpf/position/0x7e9', headers: h });
    expect(year.statusCode).toBe(422);
  });

  it("the framework's own errors answer in Portuguese with their status and code", async () => {
    const CODE_OF_STATUS: Record<number, string> = {
      400: 'BAD_REQUEST',
      404: 'ROUTE_NOT_FOUND',
      405: 'METHOD_NOT_ALLOWED',
      414: 'URI_TOO_LONG',
      415: 'UNSUPPORTED_MEDIA_TYPE',
    };
    const cases: Array<[string, string, Record<string, string>, string | undefined, number, string]> = [
      ['GET', '/api/address/%E0%A4%A', {}, undefined, 400, MESSAGES.urlInvalid],
      ['GET', `/api/cities/search/${'a'.repeat(101)}`, {}, undefined, 414, MESSAGES.urlTooLong],
      ['POST', `/api/register/verify/${'a'.repeat(101)}`, {}, undefined, 414, MESSAGES.urlTooLong],
      ['POST', '/api/login', { 'content-type': 'text/plain' }, 'x', 415, MESSAGES.unsupportedMediaType],
      [
        'POST',
        '/api/login',
        { 'content-type': 'application/x-www-form-urlencoded' },
        'a=b',
        415,
        MESSAGES.unsupportedMediaType,
      ],
      ['POST', '/api/login', {}, 'email=a', 415, MESSAGES.unsupportedMediaType],
      ['POST', '/api/login', { 'content-type': 'application/json' }, '{"email":', 400, MESSAGES.invalidJson],
      ['POST', '/api/login', { 'content-type': 'application/json' }, '', 400, MESSAGES.invalidJson],
      [
        'POST',
        '/api/login',
        { 'content-type': 'application/json' },
        '{"__proto__":{"a":1}}',
        400,
        MESSAGES.invalidJson,
      ],
      ['GET', '/api/nada', {}, undefined, 404, MESSAGES.routeNotFound],
      ['POST', '/api/nada', { 'content-type': 'application/json' }, '{}', 404, MESSAGES.routeNotFound],
      ['DELETE', '/api/login', {}, undefined, 405, MESSAGES.methodNotAllowed],
      ['PATCH', '/api/address/5', {}, undefined, 405, MESSAGES.methodNotAllowed],
      [
        'POST',
        '/api/logout',
        { 'content-type': 'application/json', ...(bearer(customer.token) as Record<string, string>) },
        '{}',
        400,
        MESSAGES.bodyNotAccepted,
      ],
    ];
    for (const [method, url, headers, payload, status, message] of cases) {
      const res = await t.app.inject({ method: method as 'GET', url, headers, payload });
      expect([method, url.slice(0, 40), res.statusCode, res.json()]).toEqual([
        method,
        url.slice(0, 40),
        status,
        { code: CODE_OF_STATUS[status], message },
      ]);
    }
    const wrong = await t.app.inject({ method: 'PATCH', url: '/api/address/5' });
    expect(wrong.headers.allow).toBe('DELETE, GET, HEAD, PUT');
    expect((await t.app.inject({ method: 'DELETE', url: '/api/login' })).headers.allow).toBe('POST');
    // the logout with a body did not run
    const [session] = await t.database.db.select().from(sessions).where(eq(sessions.userId, customer.id));
    expect(session?.revokedAt).toBeNull();
  });

  it('headers over 16 KB and a malformed request line get the same shape from the socket', async () => {
    const big = await raw(`GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(big.status).toBe(431);
    expect(JSON.parse(big.body)).toEqual({ code: 'HEADERS_TOO_LARGE', message: MESSAGES.headersTooLarge });
    const longUrl = await raw(`GET /api/health?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    expect(longUrl.status).toBe(431);
    const garbage = await raw('HELLO WORLD\r\n\r\n');
    expect(garbage.status).toBe(400);
    expect(JSON.parse(garbage.body)).toEqual({ code: 'BAD_REQUEST', message: MESSAGES.badRequest });
  });
});
