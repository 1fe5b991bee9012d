import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { FAQ_ANSWER_MAX } from '@prata/domain';
import { z } from 'zod';
import { users } from '@/db/schema/index';
import { rows } from '@/db/sql';
import type { RouteEntry } from '@/plugins/input';
import { bearer, buildTestApp, completeIndividual, createCustomer, hasOneErrorShape, type TestApp } from './helpers';

/**
 * Every registered route, driven with generated bad input (bodies, queries, path parameters, content types), signed
 * out, as a customer and, on /api/admin, as an operator: no answer is a 5xx, every error has the one shape
 * `{ message, errors? }` with a Portuguese message, and the database is exactly as it was. New routes are covered as
 * they are registered (the app's route table). BAD_INPUT_SEED replays a run; BAD_INPUT_RUNS sets the cases per route.
 */
const SEED = Number(process.env.BAD_INPUT_SEED ?? Date.now() % 1_000_000);
const RUNS_PER_ROUTE = Number(process.env.BAD_INPUT_RUNS ?? 40);

/** mulberry32: small, seedable, good enough to pick cases */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  return { next, int, pick };
}
type Rng = ReturnType<typeof prng>;

const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0007\u001b[31m',
  'linha\nquebrada',
  '\u007f',
  'a'.repeat(300),
  'a'.repeat(5_000),
  'a'.repeat(100_000),
  `a@${'.'.repeat(50_000)}@`,
  '1'.repeat(10_000),
  '-1',
  '1e309',
  'NaN',
  '😀'.repeat(100),
  '\ud800',
  '<script>alert(1)</script>',
  "'; drop table users; --",
  '__proto__',
  '{"$gt": ""}',
];

/** A value that no field accepts: NUL, far too long, or a structure where a scalar goes. */
const CERTAINLY_BAD: Array<(rng: Rng) => unknown> = [
  () => 'x\u0000y',
  // one more than the longest text any field takes (an FAQ's answer, 20,000): at exactly 20,000 one was accepted
  () => 'a'.repeat(FAQ_ANSWER_MAX + 1),
  () => ({ nested: { deeper: ['\u0000'] } }),
  () => nestedArrays(1_000),
  () => [null, '\u0000'],
];

function nestedArrays(depth: number): unknown {
  let v: unknown = [];
  for (let i = 0; i < depth; i += 1) v = [v];
  return v;
}

function junk(rng: Rng, depth = 0): unknown {
  switch (rng.int(depth > 1 ? 6 : 8)) {
    case 0:
      return null;
    case 1:
      return rng.pick([0, -1, 1.5, 1e308, -0, Number.MAX_SAFE_INTEGER + 2]);
    case 2:
      return rng.pick([true, false]);
    case 3:
    case 4:
    case 5:
      return rng.pick(NASTY_STRINGS);
    case 6:
      return Array.from({ length: rng.int(4) }, () => junk(rng, depth + 1));
    default:
      return { [rng.pick(['a', 'constructor', 'email', '\u0000'])]: junk(rng, depth + 1) };
  }
}

type Shape = Record<string, z.ZodType>;

/** The object shapes a body schema accepts (each option of a union; the input side of a transform). */
function objectShapes(schema: unknown): Shape[] {
  if (!(schema instanceof z.ZodType)) return [];
  const def = (schema as unknown as { def: Record<string, unknown> & { type: string } }).def;
  if (def.type === 'object') return [def.shape as Shape];
  if (def.type === 'union') return (def.options as z.ZodType[]).flatMap(objectShapes);
  if (def.type === 'pipe') return objectShapes(def.in);
  return [];
}

const literalOf = (field: z.ZodType) => {
  const def = (field as unknown as { def: { type: string; values?: unknown[] } }).def;
  return def.type === 'literal' ? def.values?.[0] : undefined;
};

/** An object for one of the schema's shapes: junk everywhere, one field certainly bad, discriminators kept. */
function badObject(rng: Rng, schema: unknown): Record<string, unknown> {
  const shapes = objectShapes(schema);
  if (shapes.length === 0) return { [rng.pick(['a', 'email', 'id'])]: rng.pick(CERTAINLY_BAD)(rng) };
  const shape = rng.pick(shapes);
  const keys = Object.keys(shape).filter((k) => literalOf(shape[k]!) === undefined);
  const body: Record<string, unknown> = {};
  for (const [k, field] of Object.entries(shape)) {
    const literal = literalOf(field);
    if (literal !== undefined) body[k] = literal;
    else if (rng.next() < 0.8) body[k] = junk(rng);
  }
  if (keys.length > 0) body[rng.pick(keys)] = rng.pick(CERTAINLY_BAD)(rng);
  return body;
}

function multipart(fields: Record<string, unknown>, opts: { truncate?: boolean; file?: boolean } = {}) {
  const boundary = 'b0undary';
  let out = '';
  for (const [k, v] of Object.entries(fields)) {
    const value = typeof v === 'string' ? v : (JSON.stringify(v) ?? '');
    out += `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${value}\r\n`;
  }
  if (opts.file) {
    out += `--${boundary}\r\nContent-Disposition: form-data; name="documents[]"; filename="\u0000.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\u0000\r\n`;
  }
  out += opts.truncate
    ? `--${boundary}\r\nContent-Disposition: form-data; name="x"\r\n\r\nsem fim`
    : `--${boundary}--\r\n`;
  return { payload: out, contentType: `multipart/form-data; boundary=${boundary}` };
}

const BAD_PARAMS = [
  'abc',
  '-1',
  '0',
  '1.5',
  '9'.repeat(30),
  'a'.repeat(150),
  '%00',
  '%0A1',
  '1%00',
  '%E0%A4%A',
  '%C0%AF',
  '%F0%9F%98%80',
  '%20',
  '..%2F..%2Fetc',
  'NaN',
  'Infinity',
  "1'--",
];
/** an id that exists nowhere: the parameter is fine, so the rest of the request is what gets refused */
const ABSENT_ID = '987654321';

/** Values no query parameter takes: too long, control characters, or the name twice (an array). */
const BAD_QUERY_VALUES = ['a'.repeat(5_000), '%00', 'a%01', '%7F', 'a&{key}=b'];
/** ...and, for a number or a choice, these too */
const BAD_CHOICES = ['0', '-1', 'abc', '1.5', '9'.repeat(40), 'todos', ''];

function badQuery(rng: Rng, schema: unknown): string {
  const shape = objectShapes(schema)[0] ?? {};
  const keys = Object.keys(shape);
  if (keys.length === 0) return `x=${rng.pick(BAD_QUERY_VALUES)}`;
  const key = rng.pick(keys);
  const type = innerType(shape[key]!);
  const values = type === 'string' ? BAD_QUERY_VALUES : [...BAD_QUERY_VALUES, ...BAD_CHOICES];
  return `${key}=${rng.pick(values).replace('{key}', key)}`;
}

type Def = { type: string; innerType?: z.ZodType; in?: z.ZodType };
const defOf = (schema: z.ZodType) => (schema as unknown as { def: Def }).def;

/** The type under default(), optional() and friends */
function innerType(field: z.ZodType): string {
  let def = defOf(field);
  for (let inner = def.innerType ?? def.in; inner; inner = def.innerType ?? def.in) def = defOf(inner);
  return def.type;
}

type Case = InjectOptions & { label: string; mustRefuse: boolean };

const hasBody = (method: string) => method !== 'GET' && method !== 'HEAD';
const paramNames = (url: string) => url.split('/').filter((s) => s.startsWith(':') || s === '*');

function fill(url: string, rng: Rng, bad: boolean): string {
  const target = bad ? rng.int(paramNames(url).length) : -1;
  let i = -1;
  return url
    .split('/')
    .map((s) => {
      if (!(s.startsWith(':') || s === '*')) return s;
      i += 1;
      return i === target ? rng.pick(BAD_PARAMS) : ABSENT_ID;
    })
    .join('/');
}

function generate(route: RouteEntry, rng: Rng): Case {
  const { method } = route;
  const schema = route.schema ?? {};
  const params = paramNames(route.url).length > 0;
  const aspects: string[] = ['control-query'];
  if (params) aspects.push('params');
  if (schema.querystring) aspects.push('query');
  if (hasBody(method)) aspects.push('json', 'json', 'json', 'raw-json', 'content-type', 'multipart', 'multipart');
  const aspect = rng.pick(aspects);
  const url = fill(route.url, rng, aspect === 'params');
  const base = { method: method as InjectOptions['method'], label: aspect, mustRefuse: true };
  switch (aspect) {
    case 'control-query':
      return { ...base, url: `${url}?${rng.pick(['x', 'page', 'q'])}=${rng.pick(['%00', 'a%01', '%1B', '%7F'])}` };
    case 'params':
      // a text parameter (a city search) may be answered; an id never is
      return { ...base, url, mustRefuse: hasBody(method) };
    case 'query':
      return { ...base, url: `${url}?${badQuery(rng, schema.querystring)}` };
    case 'json': {
      const body = rng.next() < 0.85 ? badObject(rng, schema.body) : rng.pick(CERTAINLY_BAD)(rng);
      return { ...base, url, payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } };
    }
    case 'raw-json':
      return {
        ...base,
        url,
        headers: { 'content-type': 'application/json' },
        payload: rng.pick([
          '',
          '{',
          '{"a":',
          'nul',
          '{"a":1}}',
          '[1,]',
          '\u0000',
          '{"__proto__":{"admin":true}}',
          '{"constructor":{"prototype":{"x":1}}}',
          `${'['.repeat(10_000)}${']'.repeat(10_000)}`,
          `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`,
          `"${'a'.repeat(200_000)}"`,
        ]),
      };
    case 'content-type':
      return {
        ...base,
        url,
        headers: {
          'content-type': rng.pick([
            'text/plain',
            'application/x-www-form-urlencoded',
            'application/xml',
            'application/octet-stream',
            'multipart/form-data',
            'multipart/form-data; boundary=',
            ';;;',
            'application/json; charset=utf-16',
          ]),
        },
        payload: rng.pick(['a=b', '<a/>', '{"a":1}', '\u0000\u0001', '--x\r\n']),
      };
    default: {
      const form = multipart(badObject(rng, schema.body) as Record<string, unknown>, {
        truncate: rng.next() < 0.4,
        file: rng.next() < 0.5,
      });
      return { ...base, url, payload: form.payload, headers: { 'content-type': form.contentType } };
    }
  }
}

/** Row counts and a checksum of every table. None is excluded: the rate limits count in Redis or in memory, and
 * nothing else is written for a refused request (if a table ever counts failed attempts, exclude it here, saying so). */
async function snapshot(t: TestApp): Promise<Record<string, string>> {
  const tables = await rows<{ name: string }>(
    t.database.db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    const [r] = await rows<{ n: number; sum: string | null }>(
      t.database.db,
      sql.raw(`select count(*)::int as n, md5(string_agg(t::text, '|' order by t::text)) as sum from "${name}" t`),
    );
    out[name] = `${r?.n}:${r?.sum ?? ''}`;
  }
  return out;
}

let t: TestApp;
let customerToken: string;
let operatorToken: string;
beforeAll(async () => {
  t = await buildTestApp();
  const customer = await createCustomer(t);
  await completeIndividual(t, customer);
  customerToken = customer.token;
  const operator = await createCustomer(t, { name: 'Olga Operadora' });
  await t.database.db
    .update(users)
    .set({ staffRoles: ['admin'] })
    .where(eq(users.id, operator.id));
  operatorToken = operator.token;
});

describe(`every route refuses bad input (seed ${SEED})`, () => {
  it('with a 4xx in one shape, and the database unchanged', { timeout: 120_000 }, async () => {
    const routes = t.app.routeTable;
    expect(routes.length).toBeGreaterThan(30);
    expect(routes.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining(['POST /api/login', 'POST /api/documents', 'PUT /api/address/:id']),
    );
    const before = await snapshot(t);
    const rng = prng(SEED);
    const failures: string[] = [];
    let requests = 0;
    for (const route of routes) {
      for (let run = 0; run < RUNS_PER_ROUTE; run += 1) {
        const c = generate(route, rng);
        const identities = [undefined, customerToken, ...(route.url.startsWith('/api/admin') ? [operatorToken] : [])];
        const token = rng.pick(identities);
        const { label, mustRefuse, ...request } = c;
        const headers = { ...(request.headers as Record<string, string>), ...(token ? bearer(token) : {}) };
        const res = await t.app.inject({ ...request, headers, remoteAddress: `10.9.${rng.int(250)}.${rng.int(250)}` });
        requests += 1;
        const where = `${route.method} ${route.url} [${label}] ${String(request.url).slice(0, 80)} ${String(request.payload ?? '').slice(0, 80)} → ${res.statusCode} ${res.body.slice(0, 160)}`;
        if (process.env.BAD_INPUT_DEBUG) console.log(where.slice(0, 300));
        if (res.statusCode >= 500) failures.push(`5xx: ${where}`);
        else if (mustRefuse && res.statusCode < 400) failures.push(`accepted: ${where}`);
        if (res.statusCode >= 400 && !hasOneErrorShape(res)) failures.push(`shape: ${where}`);
      }
    }
    expect(failures).toEqual([]);
    expect(requests).toBe(routes.length * RUNS_PER_ROUTE);
    expect(await snapshot(t)).toEqual(before);
  });
});

/** The fields of a schema's object shapes, and of the objects inside its arrays (`icms[].state`). */
function fieldsOf(schema: unknown, prefix = ''): Array<[string, z.ZodType]> {
  return objectShapes(schema).flatMap((shape) =>
    Object.entries(shape).flatMap(([key, field]): Array<[string, z.ZodType]> => {
      let def = defOf(field) as Def & { element?: z.ZodType };
      for (let inner = def.innerType ?? def.in; inner; inner = def.innerType ?? def.in) def = defOf(inner);
      const nested = def.type === 'array' && def.element ? fieldsOf(def.element, `${prefix}${key}[].`) : [];
      return [[`${prefix}${key}`, field], ...nested];
    }),
  );
}

/** A day and an instant; the same with the month out of range, which only a field of codes or free text takes. */
const DAY = ['2027-02-28', '2027-28-02'] as const;
const INSTANT = ['2027-01-31T12:00:00-03:00', '2027-31-01T12:00:00-03:00'] as const;
/** Shaped as a day or an instant, refused by a column of type date or timestamptz. */
const IMPOSSIBLE_DAYS = ['2027-02-31', '2027-04-31', '0000-01-01'];
const IMPOSSIBLE_INSTANTS = ['0000-01-01T00:00:00Z', '2027-02-31T00:00:00Z'];

describe('a field that takes a date takes only one a column keeps', () => {
  it('refuses 31 February and the year 0 wherever a day or an instant is taken', () => {
    const problems: string[] = [];
    const dated: string[] = [];
    for (const route of t.app.routeTable) {
      for (const part of ['body', 'querystring'] as const) {
        for (const [name, field] of fieldsOf(route.schema?.[part])) {
          const takes = (value: string) => field.safeParse(value).success;
          const where = `${route.method} ${route.url} ${name}`;
          for (const [[shaped, notADate], impossible] of [
            [DAY, IMPOSSIBLE_DAYS],
            [INSTANT, IMPOSSIBLE_INSTANTS],
          ] as const) {
            // a date field takes the date and refuses the month 28 or 31; a field of codes or free text takes both
            if (!takes(shaped) || takes(notADate)) continue;
            dated.push(where);
            for (const value of impossible) if (takes(value)) problems.push(`${where} takes ${value}`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
    // the check reaches the fields it is about
    expect(dated).toEqual(
      expect.arrayContaining([
        'POST /api/saving-plans end_date',
        'PUT /api/user/pessoais conjuge_nascimento',
        'POST /api/admin/coupons valid_from',
      ]),
    );
  });
});

/** Past int4 (2^31), past what a JSON number keeps exactly (2^53 + 1): ids a client may send, no row has. */
const HUGE_IDS = ['2147483648', '1000000000000000', '9007199254740993'];

describe('an id past any row', () => {
  it('in every path parameter is answered, never a 5xx, and changes nothing', { timeout: 120_000 }, async () => {
    const before = await snapshot(t);
    const failures: string[] = [];
    let requests = 0;
    for (const route of t.app.routeTable) {
      if (paramNames(route.url).length === 0) continue;
      const token = route.url.startsWith('/api/admin') ? operatorToken : customerToken;
      for (const id of HUGE_IDS) {
        const url = route.url.replace(/:[A-Za-z_]+|\*/g, id);
        const res = await t.app.inject({
          method: route.method as InjectOptions['method'],
          url,
          headers: bearer(token),
          ...(hasBody(route.method) ? { payload: {} } : {}),
        });
        requests += 1;
        if (res.statusCode >= 500)
          failures.push(`${route.method} ${url} → ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThan(100);
    expect(await snapshot(t)).toEqual(before);
  });
});
