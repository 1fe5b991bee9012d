import { eq } from 'drizzle-orm';
import type { FastifySchema } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  Address,
  Company,
  CpfStatusResponse,
  ErrorResponse,
  RegistrationSteps,
  User,
  UserResponse,
} from '@prata/domain';
import { users } from '@/db/schema/index';
import { presentUser } from '@/features/users/index';
import { authenticate, currentUser } from '@/plugins/auth';
import type { RouteEntry } from '@/plugins/input';
import { bearer, buildTestApp, completeIndividual, createCustomer, type TestApp } from './helpers';

/**
 * Response contracts: every route declares what it takes and what it answers, with the schemas of
 * packages/domain; the server answers through them, and the OpenAPI document is made of them.
 */

/**
 * The writes that take no body: what they act on is the session or the path. Every other POST, PUT and PATCH has a
 * body schema (and the input guard refuses a body a route has no schema for).
 */
const NO_BODY: ReadonlySet<string> = new Set([
  'POST /api/logout', // the session of the bearer token
  'POST /api/user/passkeys/registration-options', // a challenge for the bearer token's account
  'POST /api/session/renew', // the session of the bearer token
  'POST /api/register/verify/:token', // the link's token, in the path
  'PUT /api/user/toggle-balances-visibility', // flips the signed-in customer's setting
  'PUT /api/user/close-account', // the signed-in customer's account
  'POST /api/admin/reconciliation', // runs the ledger's reconciliation: the whole ledger, nothing to choose
  'POST /api/admin/deposits/:id/receive-payment', // the embedded provider pays the deposit in the path, in full
  'POST /api/dev/payments/:paymentId/receive', // the same, by the payment's id (development and demo only)
  'PUT /api/silver-withdrawal/:id/cancel', // the customer's own pending silver withdrawal, in the path (spec 2 §7)
  'PUT /api/silver-transfer/:id/cancel', // the sender's own pending transfer, in the path (spec 2 §7)
  'POST /api/admin/silver-withdrawals/:id/delivered', // the carrier delivered the withdrawal in the path
  'POST /api/admin/silver-withdrawals/:id/retry-refund', // asks the provider again for the refund of the one in the path
  'POST /api/privacy/exports', // a copy of the signed-in customer's data: nothing to choose
]);

const isApiRoute = (r: RouteEntry) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs');
const name = (r: RouteEntry) => `${r.method} ${r.url}`;
const isZod = (schema: unknown) => schema instanceof z.ZodType;

/** A response entry is a zod schema, or `{ content: { 'media/type': { schema } } }` for answers that are not JSON. */
const declaresAnswer = (entry: unknown) =>
  isZod(entry) ||
  (typeof entry === 'object' &&
    entry !== null &&
    'content' in entry &&
    Object.values((entry as { content: Record<string, { schema?: unknown }> }).content).every((c) => isZod(c.schema)));

function successResponses(schema: FastifySchema | undefined) {
  const response = (schema?.response ?? {}) as Record<string, unknown>;
  return Object.entries(response).filter(([status]) => /^2(\d\d|xx)$/.test(status));
}

/** Reads `req.query` / `request.query`: the handler depends on the query string. */
const readsQuery = (r: RouteEntry) => /\b(req|request)\.query\b/.test(r.handler.toString());

let t: TestApp;
let routes: RouteEntry[];
beforeAll(async () => {
  t = await buildTestApp({ config: { devMailbox: true } });
  routes = t.app.routeTable.filter(isApiRoute);
});
afterAll(async () => {
  await t.app.close();
});

describe('every API route declares its contract', () => {
  it('finds the routes (the table is not empty)', () => {
    expect(routes.length).toBeGreaterThan(30);
    expect(routes.map(name)).toContain('GET /api/user');
  });

  it('has a success response schema', () => {
    const missing = routes.filter((r) => {
      const success = successResponses(r.schema);
      return success.length === 0 || !success.every(([, entry]) => declaresAnswer(entry));
    });
    expect(missing.map(name)).toEqual([]);
  });

  it('answers its failures as ErrorResponse (4xx and 5xx)', () => {
    const missing = routes.filter((r) => {
      const response = (r.schema?.response ?? {}) as Record<string, unknown>;
      return response['4xx'] !== ErrorResponse || response['5xx'] !== ErrorResponse;
    });
    expect(missing.map(name)).toEqual([]);
  });

  it('has a params schema when its path has parameters', () => {
    const missing = routes.filter((r) => r.url.includes(':') && !isZod(r.schema?.params));
    expect(missing.map(name)).toEqual([]);
  });

  it('has a body schema when it is a write, unless it is one of the few that take no body', () => {
    const writes = routes.filter((r) => ['POST', 'PUT', 'PATCH'].includes(r.method));
    const missing = writes.filter((r) => !NO_BODY.has(name(r)) && !isZod(r.schema?.body));
    expect(missing.map(name)).toEqual([]);
    // The list stays honest: each of its routes exists and really takes no body.
    for (const entry of NO_BODY) {
      const route = writes.find((r) => name(r) === entry);
      expect(route, entry).toBeDefined();
      expect(route?.schema?.body, entry).toBeUndefined();
    }
  });

  it('has a querystring schema when its handler reads the query string', () => {
    const readers = routes.filter(readsQuery);
    expect(readers.map(name)).toContain('GET /api/admin/customers');
    const missing = readers.filter((r) => !isZod(r.schema?.querystring));
    expect(missing.map(name)).toEqual([]);
  });
});

describe('answers go through the contract', () => {
  it('GET /api/user answers exactly the contract keys, nested objects included', async () => {
    const c = await createCustomer(t);
    await completeIndividual(t, c);
    const res = await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(c.token) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body)).toEqual(Object.keys(UserResponse.shape));
    expect(Object.keys(body.user)).toEqual(Object.keys(User.shape));
    expect(Object.keys(body.user.registration_steps)).toEqual(Object.keys(RegistrationSteps.shape));
    expect(Object.keys(body.user.nfe_cpf_response)).toEqual(Object.keys(CpfStatusResponse.shape));
    expect(body.user.addresses).toHaveLength(1);
    expect(Object.keys(body.user.addresses[0])).toEqual(Object.keys(Address.shape));
    expect(UserResponse.parse(body)).toEqual(body);
  });

  it('a company is answered with the contract keys too', async () => {
    const c = await createCustomer(t, { accountType: 'company' });
    await t.app.inject({
      method: 'POST',
      url: '/api/company',
      headers: bearer(c.token),
      payload: {
        cnpj: '11.222.333/0001-81',
        razao_social: 'Prata Teste Ltda',
        celular: '11987654321',
        email: 'contato@pratateste.com.br',
        cnae_principal: '4789-0/99',
        regime_tributario: 'simples',
      },
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(c.token) });
    expect(Object.keys(res.json().user.company)).toEqual(Object.keys(Company.shape));
  });

  it('never lets out a field the contract does not name, such as a password hash a handler put in by mistake', async () => {
    const leaky = await buildTestApp({
      database: t.database,
      routes: (app) => {
        app
          .withTypeProvider<ZodTypeProvider>()
          .get(
            '/api/test/leaky-user',
            { preHandler: authenticate, schema: { response: { 200: UserResponse } } },
            async (req) => {
              const row = currentUser(req);
              const answer = {
                user: {
                  ...(await presentUser(app.deps.database.db, row)),
                  password_hash: row.passwordHash,
                  passwordHash: row.passwordHash,
                },
                password_hash: row.passwordHash,
              };
              return answer;
            },
          );
      },
    });
    try {
      const c = await createCustomer(leaky);
      const [row] = await t.database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, c.id));
      expect(row?.hash).toMatch(/^\$argon2id\$/);
      const res = await leaky.app.inject({ method: 'GET', url: '/api/test/leaky-user', headers: bearer(c.token) });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(row!.hash);
      expect(res.body).not.toMatch(/password/i);
      expect(Object.keys(res.json())).toEqual(['user']);
      expect(Object.keys(res.json().user)).toEqual(Object.keys(User.shape));
    } finally {
      await leaky.app.close();
    }
  });

  it('answers a failure in the one error shape, its extra fields kept (closed_at)', async () => {
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'ninguem@exemplo.com.br', password: 'errada-123' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(Object.keys(wrong.json())).toEqual(['code', 'message', 'errors']);
    expect(wrong.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });

    const c = await createCustomer(t);
    const closed = await t.app.inject({ method: 'PUT', url: '/api/user/close-account', headers: bearer(c.token) });
    expect(closed.statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: c.email, password: c.password },
    });
    expect(res.statusCode).toBe(403);
    expect(ErrorResponse.safeParse(res.json()).success).toBe(true);
    expect(res.json()).toEqual({ code: 'ACCOUNT_CLOSED', message: expect.any(String), closed_at: expect.any(String) });
  });
});

describe('the OpenAPI document is made of the contracts', () => {
  type Operation = { responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }> };
  let paths: Record<string, Record<string, Operation>>;
  beforeAll(async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    paths = res.json().paths;
  });
  const schemaOf = (path: string, method: string, status: string, type = 'application/json') =>
    paths[path]?.[method]?.responses[status]?.content?.[type]?.schema as
      | { properties?: Record<string, { properties?: Record<string, unknown> }>; format?: string }
      | undefined;

  it('describes the answer of GET /api/user with the contract fields', () => {
    const user = schemaOf('/api/user', 'get', '200')?.properties?.user?.properties;
    expect(Object.keys(user ?? {})).toEqual(Object.keys(User.shape));
  });

  it('describes the answers of sign-in, the history and the back office', () => {
    expect(Object.keys(schemaOf('/api/login', 'post', '200')?.properties ?? {})).toEqual([
      'user',
      'second_step',
      'fallback_ready_at',
    ]);
    expect(Object.keys(schemaOf('/api/login/verification-code', 'post', '200')?.properties ?? {})).toEqual([
      'authToken',
      'user',
    ]);
    expect(Object.keys(schemaOf('/api/register', 'post', '201')?.properties ?? {})).toEqual(['user', 'message']);
    expect(schemaOf('/api/event-logs', 'get', '200')?.properties?.event_logs?.properties).toHaveProperty('per_page');
    expect(schemaOf('/api/admin/customers', 'get', '200')?.properties).toHaveProperty('data');
  });

  it('describes the failures of every route as ErrorResponse', () => {
    const failure = schemaOf('/api/login', 'post', '4XX') as { properties?: Record<string, { enum?: string[] }> };
    expect(failure?.properties?.code?.enum).toContain('INVALID_CREDENTIALS');
    expect(Object.keys(failure?.properties ?? {})).toEqual(['code', 'message', 'errors']);
    for (const [path, methods] of Object.entries(paths)) {
      for (const [method, op] of Object.entries(methods)) {
        expect(Object.keys(op.responses), `${method} ${path}`).toEqual(expect.arrayContaining(['4XX', '5XX']));
      }
    }
  });

  it('describes a document download as the file itself', () => {
    expect(schemaOf('/api/document/{id}', 'get', '200', 'application/pdf')).toMatchObject({ format: 'binary' });
    expect(schemaOf('/api/admin/documents/{id}', 'get', '200', 'image/jpeg')).toMatchObject({ format: 'binary' });
  });
});
