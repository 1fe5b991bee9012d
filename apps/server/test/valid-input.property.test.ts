import { randomUUID } from 'node:crypto';
import { faker } from '@faker-js/faker';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { fake, seed, setFaker } from 'zod-schema-faker/v4';
import type { RouteEntry } from '@/plugins/input';
import {
  approvedCustomer,
  bearer,
  buildTestApp,
  createCustomer,
  type Customer,
  freshCpf,
  fundCustomer,
  hasOneErrorShape,
  staffMember,
  type TestApp,
} from './helpers';

/**
 * Every route with a body or a query string, driven with input its own schema accepts: generated from the schema
 * (zod-schema-faker), with each text at its longest (in letters a column may count as more bytes), each number at its
 * ends, and the values a refinement wants (a CPF, a mobile number, a CEP, an amount typed "1.234,56", the last pages).
 * These get past the validation into the handlers, where a column shorter than its field, an int4 under a number the
 * contract allows or a value nobody thought of answers 500. No answer may be a 5xx; an error has the one shape.
 * VALID_INPUT_SEED replays a run; VALID_INPUT_RUNS sets the requests per route.
 */
const SEED = Number(process.env.VALID_INPUT_SEED ?? Date.now() % 1_000_000);
const RUNS_PER_ROUTE = Number(process.env.VALID_INPUT_RUNS ?? 3);

setFaker(faker);
seed(SEED);
const pick = <T>(items: readonly T[]): T => items[faker.number.int({ min: 0, max: items.length - 1 })]!;

/** Values refinements want, shaped as Brazilians type them and as the API's clients send them; the last pages. */
const KNOWN_VALUES = (): unknown[] => [
  freshCpf(),
  '529.982.247-25',
  '11.222.333/0001-81',
  '11222333000181',
  '11987654321',
  '(11) 98765-4321',
  '01310100',
  '01310-100',
  `fuzz.${randomUUID().slice(0, 8)}@exemplo.com.br`,
  'Senha-Forte-2027',
  '1990-05-20',
  '2027-02-28',
  '2027-01-31T12:00:00-03:00',
  '123456',
  '1.234,56',
  '0,01',
  '10',
  'SP',
  3_550_308,
  'Residencial',
  'https://exemplo.com.br/video',
  'pix@exemplo.com.br',
  '100000',
  '99999',
  // an id past int4 and the last a contract takes (2^53 − 1): no row has them
  '2147483648',
  '9007199254740991',
];

type Def = { type: string; innerType?: z.ZodType; in?: z.ZodType; out?: z.ZodType; options?: z.ZodType[] };
const defOf = (schema: z.ZodType) => (schema as unknown as { def: Def }).def;

/** The string and number schemas inside a field (under optional, default, pipe, union), for their bounds. */
function leaves(field: z.ZodType): z.ZodType[] {
  const def = defOf(field);
  if (def.type === 'string' || def.type === 'number') return [field];
  if (def.type === 'union') return (def.options ?? []).flatMap(leaves);
  const inner = def.innerType ?? def.in;
  return inner ? leaves(inner) : [];
}

/** A field's edges: the longest text (plain and accented, as a column counts bytes), the extreme numbers. */
function edges(field: z.ZodType): unknown[] {
  return leaves(field).flatMap((leaf): unknown[] => {
    if (defOf(leaf).type === 'string') {
      const { maxLength, minLength } = leaf as z.ZodString;
      const longest = maxLength ?? 300;
      return [
        'a'.repeat(longest),
        'ção'.repeat(Math.floor(longest / 3)),
        '😀'.repeat(Math.floor(longest / 2)),
        'a'.repeat(minLength ?? 0),
      ];
    }
    const { maxValue, minValue, isInt } = leaf as z.ZodNumber;
    const values = [maxValue, minValue, 0, 1, -1, 0.5, 2_147_483_647, 2_147_483_648, Number.MAX_SAFE_INTEGER];
    return values.filter(
      (v): v is number => typeof v === 'number' && Number.isFinite(v) && (!isInt || Number.isInteger(v)),
    );
  });
}

/** The schema under optional(), default(), nullable() and a pipe's input: an object or an array is built inside. */
function unwrapped(field: z.ZodType): z.ZodType {
  const def = defOf(field);
  const inner = def.type === 'union' ? undefined : (def.innerType ?? def.in);
  return inner ? unwrapped(inner) : field;
}

/** A value the field takes: generated, at an edge, or a known one; undefined when none of them is taken. */
function valueFor(field: z.ZodType, depth = 0): { value: unknown } | undefined {
  const candidates: unknown[] = [...edges(field), ...KNOWN_VALUES()];
  const inner = unwrapped(field);
  const innerDef = defOf(inner) as Def & { element?: z.ZodType };
  if (depth < 3 && objectShapes(inner).length > 0) candidates.push(validBody(inner, depth + 1));
  if (depth < 3 && innerDef.type === 'array' && innerDef.element) {
    const element = valueFor(innerDef.element, depth + 1);
    if (element) candidates.push([element.value]);
  }
  for (let i = 0; i < 3; i += 1) {
    try {
      candidates.push(fake(field));
    } catch {
      // a type the generator does not know (a custom check): the edges and the known values remain
    }
  }
  const taken = candidates.filter((c) => field.safeParse(c).success);
  return taken.length > 0 ? { value: pick(taken) } : undefined;
}

type Shape = Record<string, z.ZodType>;
function objectShapes(schema: z.ZodType): Shape[] {
  const def = defOf(schema) as Def & { shape?: Shape };
  if (def.type === 'object') return [def.shape ?? {}];
  if (def.type === 'union') return (def.options ?? []).flatMap(objectShapes);
  if (def.type === 'pipe' && def.in) return objectShapes(def.in);
  return [];
}

/** A body the route's schema accepts, field by field, or undefined when no candidate passes the whole schema. */
function validBody(schema: z.ZodType, depth = 0): Record<string, unknown> | undefined {
  const shapes = objectShapes(schema);
  for (let attempt = 0; attempt < 8 && shapes.length > 0; attempt += 1) {
    const body: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(pick(shapes))) {
      if (field.safeParse(undefined).success && faker.datatype.boolean(0.3)) continue;
      const found = valueFor(field, depth);
      if (found) body[key] = found.value;
    }
    // a confirmation repeats its field (e-mail, password)
    for (const key of Object.keys(body)) {
      const base = key.replace(/_confirmation$/, '');
      if (base !== key && base in body) body[key] = body[base];
    }
    const parsed = schema.safeParse(body);
    if (parsed.success) return body;
    if (process.env.VALID_INPUT_DEBUG && attempt === 7 && depth === 0)
      console.log('refused', JSON.stringify(body).slice(0, 300), JSON.stringify(parsed.error.issues).slice(0, 600));
  }
  return undefined;
}

/** Routes whose body carries a file (multipart): no JSON body passes their schema. */
const FILE_ROUTES = [
  'POST /api/documents',
  'POST /api/deposit/ted',
  'POST /api/admin/silver-product-types/:id/images',
  'POST /api/ticket/:id/attachment',
  'POST /api/admin/tickets/:id/attachment',
  'POST /api/admin/reserves/bars',
];

const fill = (url: string) => url.replace(/:[A-Za-z_]+|\*/g, () => pick(['1', '2', '987654321']));

let t: TestApp;
const identities: { customer?: Customer; company?: Customer; operator?: Customer } = {};
const freshCustomer = async () => {
  const c = await approvedCustomer(t, { name: 'Fernanda Fuzz Souza' });
  await fundCustomer(t.database, c.id, 'BRL', 500_000_00);
  await fundCustomer(t.database, c.id, 'AG', 10_000_00);
  return c;
};
beforeAll(async () => {
  t = await buildTestApp();
  identities.customer = await freshCustomer();
  identities.operator = await staffMember(t, ['admin'], 'Olga Operadora');
  identities.company = await createCustomer(t, { accountType: 'company', name: 'Paulo Pessoa Jurídica' });
});

/** The identity's session still answers (a valid body may have signed it out, closed it or changed its roles). */
async function stillSignedIn(who: Customer, admin: boolean): Promise<boolean> {
  const res = await t.app.inject({
    method: 'GET',
    url: admin ? '/api/admin/users' : '/api/user',
    headers: bearer(who.token),
  });
  return res.statusCode === 200;
}

type Outcome = { succeeded: boolean; failure?: string };

/** Sends one request as the route's identity; replaces the identity when the request ended its session. */
async function send(route: RouteEntry, part: { body?: unknown; query?: string }): Promise<Outcome> {
  const admin = route.url.startsWith('/api/admin');
  // a company's own routes answer only a company's account
  const company = route.url.startsWith('/api/company');
  const who = admin ? identities.operator! : company ? identities.company! : identities.customer!;
  const headers: Record<string, string> = { ...(bearer(who.token) as Record<string, string>) };
  if (part.body !== undefined) headers['content-type'] = 'application/json';
  if (route.idempotent) headers['idempotency-key'] = `fuzz-${randomUUID()}`;
  const request: InjectOptions = {
    method: route.method as InjectOptions['method'],
    url: `${fill(route.url)}${part.query ? `?${part.query}` : ''}`,
    ...(part.body !== undefined ? { payload: JSON.stringify(part.body) } : {}),
    headers,
    remoteAddress: `10.8.${faker.number.int(250)}.${faker.number.int(250)}`,
  };
  const res = await t.app.inject(request);
  const where = `${route.method} ${route.url} ${String(request.url).slice(0, 200)} ${String(request.payload ?? '').slice(0, 200)} → ${res.statusCode} ${res.body.slice(0, 200)}`;
  if (process.env.VALID_INPUT_DEBUG) console.log(where.slice(0, 500));
  if (!(await stillSignedIn(who, admin))) {
    if (admin) identities.operator = await staffMember(t, ['admin'], 'Olga Operadora');
    else if (company)
      identities.company = await createCustomer(t, { accountType: 'company', name: 'Paulo Pessoa Jurídica' });
    else identities.customer = await freshCustomer();
  }
  if (res.statusCode >= 500) return { succeeded: false, failure: `5xx: ${where}` };
  if (res.statusCode >= 400 && !hasOneErrorShape(res)) return { succeeded: false, failure: `shape: ${where}` };
  return { succeeded: res.statusCode < 300 };
}

/**
 * Drives each route RUNS_PER_ROUTE times with what `make` builds: answers the failures, the routes never reached and
 * the ones answered 2xx.
 */
async function drive(
  routes: RouteEntry[],
  make: (route: RouteEntry) => { body?: unknown; query?: string } | undefined,
) {
  const failures: string[] = [];
  const unreached: string[] = [];
  const succeeded = new Set<string>();
  for (const route of routes) {
    const name = `${route.method} ${route.url}`;
    let sent = 0;
    for (let run = 0; run < RUNS_PER_ROUTE; run += 1) {
      const part = make(route);
      if (!part) continue;
      const outcome = await send(route, part);
      sent += 1;
      if (outcome.failure) failures.push(outcome.failure);
      if (outcome.succeeded) succeeded.add(name);
    }
    if (sent === 0) unreached.push(name);
  }
  if (process.env.VALID_INPUT_DEBUG) console.log({ unreached, succeeded: [...succeeded] });
  return { failures, unreached, succeeded };
}

/** A query string the schema accepts as Fastify reads it (each value a text, a repeated name a list), or undefined. */
function validQuery(schema: z.ZodType): string | undefined {
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const values = validBody(unwrapped(schema));
    if (!values) return undefined;
    const params = new URLSearchParams();
    const read: Record<string, string | string[]> = {};
    for (const [key, value] of Object.entries(values)) {
      if (value === null || (typeof value === 'object' && !Array.isArray(value))) continue;
      const texts = [value].flat().map(String);
      for (const text of texts) params.append(key, text);
      read[key] = Array.isArray(value) ? texts : texts[0]!;
    }
    if (schema.safeParse(read).success) return params.toString();
  }
  return undefined;
}

describe(`every route takes input its schema accepts without a 5xx (seed ${SEED})`, () => {
  it('a body: answers each with a success or an error in one shape', { timeout: 240_000 }, async () => {
    const routes = t.app.routeTable.filter((r: RouteEntry) => r.method !== 'GET' && r.schema?.body);
    const { failures, unreached, succeeded } = await drive(routes, (route) => {
      const schema = route.schema?.body as z.ZodType;
      const body = validBody(unwrapped(schema)) ?? valueFor(schema)?.value;
      return body === undefined ? undefined : { body };
    });
    expect(failures).toEqual([]);
    // every route that takes JSON gets a body it accepts (a file is sent by the routes' own tests), and the handlers
    // take a good share of them
    expect(unreached.sort()).toEqual([...FILE_ROUTES].sort());
    expect(succeeded.size).toBeGreaterThan(routes.length / 4);
  });

  it('a query string: the lists, searches and reports answer a success or an error in one shape', {
    timeout: 240_000,
  }, async () => {
    const routes = t.app.routeTable.filter((r: RouteEntry) => r.schema?.querystring);
    const { failures, unreached, succeeded } = await drive(routes, (route) => {
      const query = validQuery(route.schema?.querystring as z.ZodType);
      return query === undefined ? undefined : { query };
    });
    expect(failures).toEqual([]);
    expect(unreached).toEqual([]);
    expect(succeeded.size).toBeGreaterThan(routes.length / 2);
  });
});
