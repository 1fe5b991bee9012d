import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { desc, eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { expect, inject, onTestFinished } from 'vitest';
import { ErrorResponse } from '@prata/domain';
import { createAdapters, type Adapters } from '@/adapters/index';
import { buildApp } from '@/app';
import { loadConfig, type Config } from '@/config';
import { type Db, openDatabase, type OpenOptions, type Database } from '@/db/client';
import { withTransaction } from '@/db/tx';
import { outboxMessages, users } from '@/db/schema/index';
import { post } from '@/ledger/index';
import { writeMoneyInSettings } from '@/features/money/index';
import { HTTP_STATUS } from '@/plugins/errors';
import { withDatabase } from './global-setup';
import { finishDatabase, trackDatabase, trackSecondary } from './setup';

/**
 * How long a test's query waits for a pooled connection. The server's own wait (5 s, then 503) is a production
 * setting; a race test queues 200 operations on a pool of 10, and on a loaded machine the queue alone passed 5 s, so
 * tests wait longer: what they prove is the outcome, not the queue's speed (database-away.test.ts opens its own).
 */
const TEST_CONNECT_TIMEOUT_MS = 30_000;

/**
 * How long a test's statement may run. The requests' 10 s is a production setting; a test that seeds 10,000 customers
 * in one statement passed it on a loaded machine. database-away.test.ts proves the limit with pools of its own.
 */
const TEST_STATEMENT_TIMEOUT_MS = 120_000;

/** A fresh, migrated database of its own: a clone of the run's template (PostgreSQL) or a loaded dump (PGlite). */
export async function createTestDatabase(
  opts: {
    poolSize?: number;
    /** Called inside a test: check (reconcile) and close the database when the test ends, not after the file. */
    forThisTest?: boolean;
  } = {},
): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  let database: Database;
  if (url) {
    const name = `prata_t_${process.ppid}_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`create database ${name} template ${inject('templateDatabase')}`);
    } finally {
      await admin.end();
    }
    database = await openDatabase({
      url: withDatabase(url, name),
      poolSize: opts.poolSize ?? 10,
      connectTimeoutMs: TEST_CONNECT_TIMEOUT_MS,
      statementTimeoutMs: TEST_STATEMENT_TIMEOUT_MS,
    });
  } else {
    const dump = await readFile(inject('pgliteDump'));
    database = await openDatabase({ loadDataDir: new Blob([dump]) });
  }
  trackDatabase(database);
  if (opts.forThisTest) onTestFinished(() => finishDatabase(database));
  return database;
}

/** PostgreSQL only: another connection pool to the same database, as a second server instance would have. */
export async function openSecondPool(database: Database): Promise<Database> {
  if (!database.url) throw new Error('openSecondPool needs PostgreSQL (TEST_DATABASE_URL)');
  const second = await openDatabase({
    url: database.url,
    poolSize: 10,
    connectTimeoutMs: TEST_CONNECT_TIMEOUT_MS,
    statementTimeoutMs: TEST_STATEMENT_TIMEOUT_MS,
  });
  trackSecondary(second);
  return second;
}

/** PostgreSQL only: a pool of the test's own settings (a narrow pool, short limits), closed after the file. */
export async function openPoolWith(database: Database, opts: Omit<OpenOptions, 'url'>): Promise<Database> {
  if (!database.url) throw new Error('openPoolWith needs PostgreSQL (TEST_DATABASE_URL)');
  const pool = await openDatabase({ ...opts, url: database.url });
  trackSecondary(pool);
  return pool;
}

/**
 * A stuck holder: a transaction on `db` runs `statement`, then keeps what it took (a row, a table, the connection)
 * until `release()`. Answers once the statement has run; rejects if it fails.
 */
export async function holdInTransaction(db: Db, statement: SQL): Promise<{ release(): Promise<void> }> {
  let release = () => {};
  let held = () => {};
  const isHeld = new Promise<void>((resolve) => {
    held = resolve;
  });
  const done = withTransaction(db, async (tx) => {
    await tx.execute(statement);
    held();
    await new Promise<void>((resolve) => {
      release = resolve;
    });
  });
  await Promise.race([isHeld, done]);
  return {
    async release() {
      release();
      await done;
    },
  };
}

/**
 * Race and multi-instance tests prove something only on PostgreSQL: PGlite runs one query at a time, so a broken lock
 * would pass there. They run only with TEST_DATABASE_URL (CI always sets it) and say so when skipped.
 */
export const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
export function skippedOnPglite(what: string) {
  if (!onPostgres) console.log(`[PGlite] ${what}: pulado (só prova algo no PostgreSQL; defina TEST_DATABASE_URL)`);
}

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  adapters: Adapters;
  config: Config & { jwtSecret: string };
};

export async function buildTestApp(
  opts: {
    database?: Database;
    adapters?: Partial<Adapters>;
    config?: Partial<Config>;
    /** extra routes for a test (registered before the app is ready) */
    routes?: (app: FastifyInstance) => void;
  } = {},
): Promise<TestApp> {
  const database = opts.database ?? (await createTestDatabase());
  const base = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    REDIS_URL: process.env.REDIS_URL,
  } as NodeJS.ProcessEnv);
  const uploadsDir = await mkdtemp(path.join(tmpdir(), 'prata-uploads-'));
  const config = {
    ...base,
    uploadsDir,
    checkResponses: true,
    ...opts.config,
    jwtSecret: 'test-secret-test-secret-test-secret-0123',
  };
  const adapters = { ...createAdapters(config, {}, database.db), ...opts.adapters };
  const app = await buildApp({ config, database, adapters, outbox: { kick() {} } });
  opts.routes?.(app);
  await app.ready();
  // as boot.ts does; a test that changes no money setting keeps the migration's row, which holds the defaults
  if (opts.config?.money) await writeMoneyInSettings(database.db, config.money);
  return { app, database, adapters, config };
}

/** The messages queued for an e-mail address or phone, newest first. */
export async function outboxFor(database: Database, to: string) {
  return database.db
    .select()
    .from(outboxMessages)
    .where(eq(sql`lower(${outboxMessages.recipient})`, to.toLowerCase()))
    .orderBy(desc(outboxMessages.id));
}

/** The six-digit code in the newest message to `to`. */
export async function latestCode(database: Database, to: string): Promise<string> {
  const [m] = await outboxFor(database, to);
  const code = m?.textBody.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code in the outbox for ${to}`);
  return code;
}

/** The first link in the newest message to `to` whose path starts with `prefix`. */
export async function latestLink(database: Database, to: string, prefix: string): Promise<URL> {
  for (const m of await outboxFor(database, to)) {
    const hit = m.textBody.match(/https?:\/\/\S+/g)?.find((u) => new URL(u).pathname.startsWith(prefix));
    if (hit) return new URL(hit);
  }
  throw new Error(`no ${prefix} link in the outbox for ${to}`);
}

export function bearer(token: string): InjectOptions['headers'] {
  return { authorization: `Bearer ${token}` };
}

let customerSeq = 0;
export type Customer = { id: number; email: string; password: string; token: string };

/**
 * A customer signed in the way a person does it: register, open the verification link from the outbox,
 * password, e-mail code. Options finish the registration too.
 */
export async function createCustomer(
  t: TestApp,
  opts: { accountType?: 'individual' | 'company'; email?: string; password?: string; name?: string } = {},
): Promise<Customer> {
  customerSeq += 1;
  // Each customer arrives from an address of its own, as people do (the per-address rate limits stay out of the way).
  const remoteAddress = `10.${(customerSeq >> 8) & 255}.${customerSeq & 255}.${1 + Math.floor(Math.random() * 250)}`;
  // the random part after a letter: six hex characters are all digits one time in sixteen, and a message naming the
  // address (a transfer's code names its receiver) then held a second six-digit number before its code
  const email = opts.email ?? `cliente${customerSeq}.x${randomBytes(3).toString('hex')}@exemplo.com.br`;
  const password = opts.password ?? 'senha-forte-123';
  const reg = await t.app.inject({
    method: 'POST',
    url: '/api/register',
    remoteAddress,
    payload: {
      name: opts.name ?? 'Ana Cliente Teste',
      email,
      email_confirmation: email,
      password,
      password_confirmation: password,
      account_type: opts.accountType ?? 'individual',
    },
  });
  if (reg.statusCode !== 201) throw new Error(`register: ${reg.statusCode} ${reg.body}`);
  const link = await latestLink(t.database, email, '/email/verify/');
  const token = link.pathname.split('/').pop()!;
  const verified = await t.app.inject({ method: 'POST', url: `/api/register/verify/${token}`, remoteAddress });
  if (verified.statusCode !== 200) throw new Error(`verify: ${verified.body}`);
  const authToken = await signIn(t, email, password, remoteAddress);
  return { id: reg.json().user.id, email, password, token: authToken };
}

/** Password, then the e-mail code; returns the bearer token. */
export async function signIn(
  t: TestApp,
  email: string,
  password: string,
  remoteAddress = '127.0.0.1',
): Promise<string> {
  const method = await t.app.inject({
    method: 'POST',
    remoteAddress,
    url: '/api/login/verification-method',
    payload: { email, password, verificationMethod: 'email' },
  });
  if (method.statusCode !== 200) throw new Error(`verification-method: ${method.statusCode} ${method.body}`);
  const code = await latestCode(t.database, email);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/login/verification-code',
    payload: { email, code },
    remoteAddress,
  });
  if (res.statusCode !== 200) throw new Error(`verification-code: ${res.statusCode} ${res.body}`);
  return res.json().authToken as string;
}

/** A valid CPF nobody else in this test process got. */
export function freshCpf(): string {
  const base = String(100_000_000 + Math.floor(Math.random() * 800_000_000))
    .slice(0, 9)
    .split('')
    .map(Number);
  for (const n of [9, 10]) {
    const sum = base.slice(0, n).reduce((acc, d, i) => acc + d * (n + 1 - i), 0);
    base.push(((sum * 10) % 11) % 10);
  }
  const cpf = base.join('');
  if (usedCpfs.has(cpf) || /^(\d)\1+$/.test(cpf)) return freshCpf();
  usedCpfs.add(cpf);
  return cpf;
}
const usedCpfs = new Set<string>(['52998224725', '39053344705', '98765432100']);

/** Personal data, an address in São Paulo and FATCA: the registration of an individual, complete. */
export async function completeIndividual(t: TestApp, c: Customer, cpf = freshCpf()) {
  const h = bearer(c.token);
  const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: h });
  const name = (me.json() as { user: { name: string } }).user.name;
  const steps = [
    {
      method: 'PUT' as const,
      url: '/api/user/pessoais',
      payload: {
        name,
        cpf,
        nascimento: '1990-05-20',
        celular: '11987654321',
        sexo: 'F',
        estado_civil: 'S',
      },
    },
    {
      method: 'POST' as const,
      url: '/api/address',
      payload: {
        type: 'Residencial',
        cep: '01310100',
        city_id: 3550308,
        neighborhood: 'Bela Vista',
        street: 'Avenida Paulista',
        number: '1000',
      },
    },
    {
      method: 'PUT' as const,
      url: '/api/user/fatca',
      payload: {
        politicamente_exposto: false,
        americano: false,
        naturalizacao_americana: false,
        caracteristica_us_person: false,
        contribuinte_americano: false,
      },
    },
  ];
  for (const s of steps) {
    const r = await t.app.inject({ ...s, headers: h });
    if (r.statusCode >= 300) throw new Error(`${s.url}: ${r.statusCode} ${r.body}`);
  }
}

/** A customer whose registration is complete and approved by an operator: money calls are open to them. */
export async function approvedCustomer(
  t: TestApp,
  opts: { name?: string; cpf?: string } = {},
): Promise<Customer & { cpf: string }> {
  const c = await createCustomer(t, { name: opts.name });
  const cpf = opts.cpf ?? freshCpf();
  await completeIndividual(t, c, cpf);
  await t.database.db.update(users).set({ approvedAt: new Date() }).where(eq(users.id, c.id));
  return { ...c, cpf };
}

/** A signed-in operator with these roles. */
export async function staffMember(t: TestApp, roles: string[], name = 'Fábio Financeiro'): Promise<Customer> {
  const s = await createCustomer(t, { name });
  await t.database.db.update(users).set({ staffRoles: roles }).where(eq(users.id, s.id));
  return s;
}

/** A multipart body of text fields and files, as a browser's FormData sends it. */
export function multipart(
  fields: Record<string, string>,
  files: Record<string, { filename: string; type: string; data: Buffer }> = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----prata${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const [name, f] of Object.entries(files)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${f.filename}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/**
 * Money paid into a customer's available balance through the ledger: reais (centavos) from the Pix clearing account,
 * as a deposit would, or silver (centigrams) from the vault. `code` is the transfer's (a test's own by default).
 */
export async function fundCustomer(
  database: Database,
  customerId: number,
  currency: 'BRL' | 'AG',
  amount: number,
  code = 'test.fund',
): Promise<void> {
  const r = await post(database.db, {
    id: `test-fund:${randomUUID()}`,
    debit: { system: currency === 'BRL' ? 'pix:clearing' : 'vault' },
    credit: { customer: customerId, bucket: 'available' },
    currency,
    amount,
    code,
  });
  if (!r.ok) throw new Error(`test funding refused: ${JSON.stringify(r)}`);
}

/**
 * Sends the same request twice under one Idempotency-Key (as the web's one intention does on a double click): the first
 * answer is a success and the second is the first, replayed. Answers the first.
 */
export async function sameKeyTwice(t: TestApp, request: () => InjectOptions) {
  const key = `intencao-${randomUUID()}`;
  const send = () => {
    const options = request();
    return t.app.inject({ ...options, headers: { ...options.headers, 'idempotency-key': key } });
  };
  const first = await send();
  const second = await send();
  expect(first.statusCode, first.body).toBeLessThan(300);
  expect([second.statusCode, second.body]).toEqual([first.statusCode, first.body]);
  expect(second.headers['idempotent-replayed']).toBe('true');
  return first;
}

/**
 * `{ code, message, errors? }`: the domain's ErrorResponse with a known code, never Fastify's `{ statusCode, error }`,
 * with words a person can read (pt-BR), and the code's status.
 */
export function hasOneErrorShape(res: { statusCode: number; headers: Record<string, unknown>; body: string }): boolean {
  if (!String(res.headers['content-type'] ?? '').includes('application/json')) return false;
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return false;
  }
  const parsed = ErrorResponse.safeParse(body);
  if (!parsed.success || parsed.data.message.length === 0) return false;
  const keys = Object.keys(parsed.data);
  return (
    !keys.some((k) => ['statusCode', 'error', 'stack'].includes(k)) &&
    !/^[A-Z_]+$/.test(parsed.data.message) &&
    HTTP_STATUS[parsed.data.code] === res.statusCode
  );
}
