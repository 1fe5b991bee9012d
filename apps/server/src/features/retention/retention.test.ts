import { randomBytes, randomUUID } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, RetentionRule } from '@prata/domain';
import {
  bearer,
  buildTestApp,
  createCustomer,
  type Customer,
  onPostgres,
  openSecondPool,
  skippedOnPglite,
  staffMember,
  type TestApp,
} from '../../../test/helpers';
import { rows } from '@/db/sql';
import { seedSupportDemo } from '@/features/support/index';
import { runDueRules, runRuleNow, writeRetentionSettings } from './index';

/** `now() - period ± 1 minute`, as SQL: a row just past the period (`-1`) and one just inside it (`+1`). */
const past = (period: string) => sql.raw(`now() - interval '${period}' - interval '1 minute'`);
const inside = (period: string) => sql.raw(`now() - interval '${period}' + interval '1 minute'`);

/** How many rules the table holds (each pass of the job runs each due rule once). */
const ruleCount = async (app: TestApp) =>
  (await rows<{ n: number }>(app.database.db, sql`select count(*)::int as n from retention_rules`))[0]!.n;

const ids = async (t: TestApp, query: SQL) =>
  (await rows<{ id: string }>(t.database.db, query)).map((r) => String(r.id));

let t: TestApp;
let compliance: Customer;
let customer: Customer;

beforeAll(async () => {
  t = await buildTestApp();
  compliance = await staffMember(t, ['compliance'], 'Carla Conformidade');
  customer = await createCustomer(t, { name: 'Rita Retida' });
});

const actor = () => ({ userId: compliance.id, ip: '127.0.0.1' });
const runNow = (key: string, app: TestApp = t) => runRuleNow(app.app.deps, actor(), key);

describe('each rule erases what is past its period, and nothing else', () => {
  it('codes_and_tokens: used or expired links, codes and visitor proofs, 30 days after they died', async () => {
    const db = t.database.db;
    const token = async (expires: SQL, used: SQL | null) =>
      (
        await rows<{ id: string }>(
          db,
          sql`insert into one_time_tokens (user_id, purpose, token_hash, expires_at, used_at)
              values (${customer.id}, 'password_reset', ${randomBytes(32).toString('hex')}, ${expires}, ${used})
              returning id::text as id`,
        )
      )[0]!.id;
    const code = async (expires: SQL, consumed: SQL | null) =>
      (
        await rows<{ id: string }>(
          db,
          sql`insert into verification_codes (user_id, subject, purpose, channel, code_hash, expires_at, consumed_at)
              values (null, 'v@exemplo.com.br', 'ticket', 'email', ${randomBytes(32).toString('hex')}, ${expires},
                      ${consumed}) returning id::text as id`,
        )
      )[0]!.id;
    const proof = async (expires: SQL) =>
      (
        await rows<{ id: string }>(
          db,
          sql`insert into ticket_email_proofs (email, token_hash, expires_at)
              values ('v@exemplo.com.br', ${randomBytes(32).toString('hex')}, ${expires}) returning id::text as id`,
        )
      )[0]!.id;
    const gone = [
      await token(past('30 days'), null),
      // used before the period, though it would still be valid: dead from its use
      await token(sql`now() + interval '1 day'`, past('30 days')),
    ];
    const kept = [await token(inside('30 days'), null), await token(sql`now() + interval '1 day'`, null)];
    const goneCodes = [await code(past('30 days'), null), await code(sql`now()`, past('30 days'))];
    const keptCodes = [
      await code(inside('30 days'), null),
      await code(sql`now() + interval '1 day'`, inside('30 days')),
    ];
    const goneProof = await proof(past('30 days'));
    const keptProof = await proof(inside('30 days'));

    const { run } = await runNow('codes_and_tokens');
    expect(run.error).toBeNull();
    expect(run.erased).toBe(5);
    const tokens = await ids(
      t,
      sql`select id from one_time_tokens where id in (${sql.join([...gone, ...kept], sql`, `)})`,
    );
    expect(tokens.sort()).toEqual(kept.sort());
    const codes = await ids(
      t,
      sql`select id from verification_codes where id in (${sql.join([...goneCodes, ...keptCodes], sql`, `)})`,
    );
    expect(codes.sort()).toEqual(keptCodes.sort());
    expect(await ids(t, sql`select id from ticket_email_proofs where id in (${goneProof}, ${keptProof})`)).toEqual([
      keptProof,
    ]);
  });

  it('sessions: 6 months after the session ended (Marco Civil art. 15), never sooner', async () => {
    const session = async (expires: SQL, revoked: SQL | null = null) => {
      const id = randomUUID();
      await t.database.db.execute(
        sql`insert into sessions (id, user_id, created_at, expires_at, revoked_at, ip, user_agent)
            values (${id}, ${customer.id}, ${expires} - interval '8 hours', ${expires}, ${revoked}, '10.0.0.1', 'Teste')`,
      );
      return id;
    };
    const gone = await session(past('6 months'));
    const goneRevoked = await session(past('6 months'), past('6 months'));
    const kept = await session(inside('6 months'));
    // revoked more than 6 months ago, but valid until inside the period: kept until 6 months after its end
    const keptRevoked = await session(inside('6 months'), past('7 months'));
    // past the period, but a new-device e-mail's link still names it: it waits for the link to go
    const named = await session(past('6 months'));
    await t.database.db.execute(
      sql`insert into one_time_tokens (user_id, purpose, token_hash, expires_at, session_id)
          values (${customer.id}, 'session_end', ${randomBytes(32).toString('hex')}, now() + interval '1 day', ${named})`,
    );
    const { run } = await runNow('sessions');
    expect([run.error, run.erased]).toEqual([null, 2]);
    const left = await ids(
      t,
      sql`select id from sessions where id in (${gone}, ${goneRevoked}, ${kept}, ${keptRevoked}, ${named})`,
    );
    expect(left.sort()).toEqual([kept, keptRevoked, named].sort());
    // the customer's own live session is untouched
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(customer.token) })).statusCode).toBe(
      200,
    );
  });

  it('rejected_registration_documents: the files and rows sent up to the rejection, 90 days after it', async () => {
    const db = t.database.db;
    const storage = t.adapters.storage;
    const document = async (userId: number, createdAt: SQL) => {
      const key = `u${userId}/${randomBytes(16).toString('hex')}.pdf`;
      await storage.put(key, Buffer.from('%PDF-1.4 teste'));
      const [row] = await rows<{ id: string }>(
        db,
        sql`insert into documents (user_id, purpose, original_name, storage_key, mime_type, size_bytes, sha256, created_at)
            values (${userId}, 'profile', 'rg.pdf', ${key}, 'application/pdf', 14, ${'0'.repeat(64)}, ${createdAt})
            returning id::text as id`,
      );
      return { id: row!.id, key };
    };
    const reject = (userId: number, at: SQL, approved = false) =>
      db.execute(
        sql`update users set registration_rejected_at = ${at}, registration_rejection_reason = 'Documento ilegível',
                   approved_at = ${approved ? sql`now()` : null} where id = ${userId}`,
      );
    const old = await createCustomer(t, { name: 'Otávio Recusado' });
    const recent = await createCustomer(t, { name: 'Renata Recusada' });
    const approved = await createCustomer(t, { name: 'Alice Aprovada' });
    const before = await document(old.id, past('100 days'));
    const after = await document(old.id, sql`now() - interval '10 days'`);
    const recentDoc = await document(recent.id, past('95 days'));
    const approvedDoc = await document(approved.id, past('100 days'));
    await reject(old.id, past('90 days'));
    await reject(recent.id, inside('90 days'));
    await reject(approved.id, past('90 days'), true);

    const { run } = await runNow('rejected_registration_documents');
    expect([run.error, run.erased]).toEqual([null, 1]);
    const left = await ids(
      t,
      sql`select id from documents where id in (${before.id}, ${after.id}, ${recentDoc.id}, ${approvedDoc.id})`,
    );
    expect(left.sort()).toEqual([after.id, recentDoc.id, approvedDoc.id].sort());
    await expect(storage.get(before.key)).rejects.toMatchObject({ code: 'ENOENT' });
    expect((await storage.get(after.key)).length).toBeGreaterThan(0);
    // walked once: the next run finds nothing to do for that customer
    expect((await runNow('rejected_registration_documents')).run.erased).toBe(0);
  });

  it('visitor_ticket_contacts: the e-mail of closed tickets without an account, 6 months after closing', async () => {
    await seedSupportDemo(t.database.db);
    const [support] = await rows<{ categoryId: number; subcategoryId: number }>(
      t.database.db,
      sql`select category_id::int as "categoryId", id::int as "subcategoryId" from ticket_subcategories limit 1`,
    );
    const ticket = async (o: { userId: number | null; closedAt: SQL | null; email: string }) =>
      (
        await rows<{ id: string }>(
          t.database.db,
          sql`insert into tickets (user_id, email, visitor, category_id, subcategory_id, subject, description, status,
                                   closed_at)
              values (${o.userId}, ${o.email}, ${o.userId === null}, ${support!.categoryId}, ${support!.subcategoryId},
                      'Dúvida', 'Texto do chamado', ${o.closedAt ? 'closed' : 'pending'}, ${o.closedAt})
              returning id::text as id`,
        )
      )[0]!.id;
    const gone = await ticket({ userId: null, closedAt: past('6 months'), email: 'visitante@exemplo.com.br' });
    const recent = await ticket({ userId: null, closedAt: inside('6 months'), email: 'recente@exemplo.com.br' });
    const open = await ticket({ userId: null, closedAt: null, email: 'aberto@exemplo.com.br' });
    const customers = await ticket({ userId: customer.id, closedAt: past('7 months'), email: customer.email });
    const { run } = await runNow('visitor_ticket_contacts');
    expect([run.error, run.erased]).toEqual([null, 1]);
    const emails = await rows<{ id: string; email: string; erased: boolean; subject: string }>(
      t.database.db,
      sql`select id, email, contact_erased_at is not null as erased, subject from tickets
           where id in (${gone}, ${recent}, ${open}, ${customers}) order by id`,
    );
    expect(emails.map((e) => [e.email, e.erased, e.subject])).toEqual([
      [`anonimizado-${gone}@anonimo.invalid`, true, 'Dúvida'],
      ['recente@exemplo.com.br', false, 'Dúvida'],
      ['aberto@exemplo.com.br', false, 'Dúvida'],
      [customer.email, false, 'Dúvida'],
    ]);
  });

  it('idempotency_keys: 7 days, and never before IDEMPOTENCY_TTL_SECONDS', async () => {
    const key = async (createdAt: SQL) => {
      const k = `k-${randomBytes(6).toString('hex')}`;
      await t.database.db.execute(
        sql`insert into idempotency_keys (scope, key, request_hash, state, created_at)
            values ('test', ${k}, 'h', 'done', ${createdAt})`,
      );
      return k;
    };
    const gone = await key(past('7 days'));
    const kept = await key(inside('7 days'));
    expect((await runNow('idempotency_keys')).run.erased).toBeGreaterThanOrEqual(1);
    expect(await ids(t, sql`select key as id from idempotency_keys where key in (${gone}, ${kept})`)).toEqual([kept]);
    // a TTL longer than the rule's period wins: a key younger than it stays
    const long = await buildTestApp({
      database: t.database,
      config: { windows: { ...t.config.windows, idempotencyTtlSeconds: 30 * 86_400 } },
    });
    const young = await key(past('7 days'));
    const { run } = await runRuleNow(long.app.deps, actor(), 'idempotency_keys');
    expect(run.error).toBeNull();
    expect(await ids(t, sql`select key as id from idempotency_keys where key = ${young}`)).toEqual([young]);
  });

  it('outbox_messages and dev_mailbox: delivered messages after 90 days (a pending one never), mailbox after 7', async () => {
    const message = async (status: string, createdAt: SQL) =>
      (
        await rows<{ id: string }>(
          t.database.db,
          sql`insert into outbox_messages (channel, recipient, subject, text_body, status, created_at)
              values ('email', 'a@exemplo.com.br', 'Aviso', 'Texto', ${status}, ${createdAt}) returning id::text as id`,
        )
      )[0]!.id;
    const sent = await message('sent', past('90 days'));
    const failed = await message('failed', past('90 days'));
    const pending = await message('pending', past('90 days'));
    const recent = await message('sent', inside('90 days'));
    expect((await runNow('outbox_messages')).run.erased).toBe(2);
    const left = await ids(
      t,
      sql`select id from outbox_messages where id in (${sent}, ${failed}, ${pending}, ${recent})`,
    );
    expect(left.sort()).toEqual([pending, recent].sort());

    const mail = async (createdAt: SQL) =>
      (
        await rows<{ id: string }>(
          t.database.db,
          sql`insert into dev_mailbox (channel, recipient, text_body, created_at)
              values ('email', 'a@exemplo.com.br', 'Código 123456', ${createdAt}) returning id::text as id`,
        )
      )[0]!.id;
    const oldMail = await mail(past('7 days'));
    const newMail = await mail(inside('7 days'));
    expect((await runNow('dev_mailbox')).run.erased).toBe(1);
    expect(await ids(t, sql`select id from dev_mailbox where id in (${oldMail}, ${newMail})`)).toEqual([newMail]);
  });

  it('chat_conversations: its period is CHAT_RETENTION_SECONDS, written into the rule', async () => {
    const short = await buildTestApp({
      database: t.database,
      config: { windows: { ...t.config.windows, chatRetentionSeconds: 3600 } },
    });
    await writeRetentionSettings(t.database.db, short.config);
    const [rule] = await rows<{ s: number }>(
      t.database.db,
      sql`select extract(epoch from period)::int as s from retention_rules where key = 'chat_conversations'`,
    );
    expect(rule!.s).toBe(3600);
    await writeRetentionSettings(t.database.db, t.config);
  });
});

describe('the batch loop', () => {
  const oldSessions = async (n: number) => {
    for (let i = 0; i < n; i++)
      await t.database.db.execute(
        sql`insert into sessions (id, user_id, expires_at) values (${randomUUID()}, ${customer.id}, ${past('7 months')})`,
      );
  };

  it('erases in batches of the rule’s size, each in its own transaction, until a batch finds less', async () => {
    await t.database.db.execute(sql`update retention_rules set batch_size = 2 where key = 'sessions'`);
    try {
      await oldSessions(5);
      const { run } = await runNow('sessions');
      expect([run.erased, run.batches, run.more_left]).toEqual([5, 3, false]);
    } finally {
      await t.database.db.execute(sql`update retention_rules set batch_size = 500 where key = 'sessions'`);
    }
  });

  it('stops at its bound with rows left, says so, and the rule is due again at once', async () => {
    await t.database.db.execute(sql`update retention_rules set batch_size = 2 where key = 'sessions'`);
    try {
      await oldSessions(5);
      await t.database.db.execute(sql`update retention_rules set next_run_at = now()`);
      const made = await runDueRules(t.app.deps, { maxBatches: 2 });
      const [run] = await rows<{ erased: number; batches: number; more_left: boolean }>(
        t.database.db,
        sql`select erased, batches, more_left from retention_runs where rule_key = 'sessions' and id in (${sql.join(made, sql`, `)})`,
      );
      expect(run).toEqual({ erased: 4, batches: 2, more_left: true });
      const [rule] = await rows<{ due: boolean }>(
        t.database.db,
        sql`select next_run_at <= now() as due from retention_rules where key = 'sessions'`,
      );
      expect(rule!.due).toBe(true);
      // the next pass takes the rest
      await runDueRules(t.app.deps);
      expect(
        (
          await rows<{ n: number }>(
            t.database.db,
            sql`select count(*)::int as n from sessions s where expires_at < now() - interval '6 months'
                   and not exists (select 1 from one_time_tokens t where t.session_id = s.id)`,
          )
        )[0]!.n,
      ).toBe(0);
    } finally {
      await t.database.db.execute(sql`update retention_rules set batch_size = 500 where key = 'sessions'`);
    }
  });
});

describe('a failing rule', () => {
  it('records its error, and the other rules still run', async () => {
    const db = t.database.db;
    await db.execute(sql`create function retention_test_refuse() returns trigger language plpgsql as $$
      begin raise exception 'exclusão recusada pelo teste'; end $$`);
    await db.execute(sql`create trigger retention_test_refuse before delete on sessions
      for each row execute function retention_test_refuse()`);
    try {
      await db.execute(
        sql`insert into sessions (id, user_id, expires_at) values (${randomUUID()}, ${customer.id}, ${past('7 months')})`,
      );
      const mail = (
        await rows<{ id: string }>(
          db,
          sql`insert into dev_mailbox (channel, recipient, text_body, created_at)
              values ('email', 'b@exemplo.com.br', 'x', ${past('8 days')}) returning id::text as id`,
        )
      )[0]!.id;
      await db.execute(sql`update retention_rules set next_run_at = now()`);
      const made = await runDueRules(t.app.deps);
      const runs = await rows<{ rule_key: string; error: string | null; finished: boolean }>(
        db,
        sql`select rule_key, error, finished_at is not null as finished from retention_runs
             where id in (${sql.join(made, sql`, `)}) order by id`,
      );
      expect(runs).toHaveLength(await ruleCount(t));
      expect(runs.every((r) => r.finished)).toBe(true);
      expect(runs.find((r) => r.rule_key === 'sessions')!.error).toContain('exclusão recusada pelo teste');
      expect(runs.filter((r) => r.error !== null).map((r) => r.rule_key)).toEqual(['sessions']);
      expect(await ids(t, sql`select id from dev_mailbox where id = ${mail}`)).toEqual([]);
      // ran once: not due again before its next time
      expect(await runDueRules(t.app.deps)).toEqual([]);
    } finally {
      await db.execute(sql`drop trigger retention_test_refuse on sessions`);
      await db.execute(sql`drop function retention_test_refuse()`);
    }
  });
});

describe('two instances at once (PostgreSQL)', () => {
  it('20 passes of the job on two instances make one run per rule, and erase each row once', async () => {
    if (!onPostgres) return skippedOnPglite('duas instâncias (a corrida precisa de PostgreSQL)');
    const a = await buildTestApp();
    const b = await buildTestApp({ database: await openSecondPool(a.database) });
    const c = await createCustomer(a, { name: 'Paulo Paralelo' });
    for (let i = 0; i < 30; i++)
      await a.database.db.execute(
        sql`insert into sessions (id, user_id, expires_at) values (${randomUUID()}, ${c.id}, ${past('7 months')})`,
      );
    await a.database.db.execute(sql`update retention_rules set next_run_at = now(), batch_size = 4`);
    const passes = await Promise.all(Array.from({ length: 20 }, (_, i) => runDueRules((i % 2 ? b : a).app.deps)));
    expect(passes.flat()).toHaveLength(await ruleCount(a));
    const runs = await rows<{ rule_key: string; n: number; erased: number }>(
      a.database.db,
      sql`select rule_key, count(*)::int as n, sum(erased)::int as erased from retention_runs group by rule_key`,
    );
    expect(runs).toHaveLength(await ruleCount(a));
    expect(runs.every((r) => r.n === 1)).toBe(true);
    expect(runs.find((r) => r.rule_key === 'sessions')!.erased).toBe(30);
  });

  it('20 operators’ clicks at once on one rule: one run, the others told it is running', async () => {
    if (!onPostgres) return skippedOnPglite('cliques simultâneos (a corrida precisa de PostgreSQL)');
    const a = await buildTestApp();
    const b = await buildTestApp({ database: await openSecondPool(a.database) });
    const op = await staffMember(a, ['compliance'], 'Olga Operadora');
    const answers = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        runRuleNow((i % 2 ? b : a).app.deps, { userId: op.id, ip: '::1' }, 'sessions'),
      ),
    );
    const done = answers.filter((x) => x.status === 'fulfilled');
    const refused = answers.filter((x) => x.status === 'rejected') as PromiseRejectedResult[];
    expect(done.length + refused.length).toBe(20);
    expect(refused.every((r) => (r.reason as { code: string }).code === 'RETENTION_RUN_IN_PROGRESS')).toBe(true);
    const [open] = await rows<{ n: number }>(
      a.database.db,
      sql`select count(*)::int as n from retention_runs where finished_at is null`,
    );
    expect(open!.n).toBe(0);
  });
});

describe('the back office: GET /api/admin/retention and POST /api/admin/retention/rules/:key/run', () => {
  const get = (token: string, query = '') =>
    t.app.inject({ method: 'GET', url: `/api/admin/retention${query}`, headers: bearer(token) });
  const run = (token: string, key: string, idempotencyKey = `run-${randomBytes(6).toString('hex')}`) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/retention/rules/${key}/run`,
      headers: { ...bearer(token), 'idempotency-key': idempotencyKey },
      payload: {},
    });

  it('is for compliance only: a customer and other operators are refused (403), a visitor 401', async () => {
    const support = await staffMember(t, ['support'], 'Sara Suporte');
    for (const token of [customer.token, support.token]) {
      const list = await get(token);
      expect([list.statusCode, list.json().code]).toEqual([403, 'FORBIDDEN']);
      const ran = await run(token, 'sessions');
      expect([ran.statusCode, ran.json().code]).toEqual([403, 'FORBIDDEN']);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/retention' })).statusCode).toBe(401);
  });

  it('lists the rules with their legal basis and period, and each rule’s last run', async () => {
    await runNow('dev_mailbox');
    const res = await get(compliance.token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const rules = body.rules.map((r: unknown) => RetentionRule.parse(r));
    expect(rules.map((r: RetentionRule) => r.key)).toEqual([
      'codes_and_tokens',
      'sessions',
      'rejected_registration_documents',
      'visitor_ticket_contacts',
      'chat_conversations',
      'idempotency_keys',
      'outbox_messages',
      'dev_mailbox',
      'aml_records',
      'reserve_leaves',
    ]);
    const sessions = rules.find((r: RetentionRule) => r.key === 'sessions')!;
    expect(sessions.period).toBe('6 meses');
    expect(sessions.legal_basis).toContain('Marco Civil');
    expect(rules.find((r: RetentionRule) => r.key === 'chat_conversations')!.period).toBe('90 dias');
    expect(rules.find((r: RetentionRule) => r.key === 'dev_mailbox')!.last_run).toMatchObject({
      rule: 'dev_mailbox',
      trigger: 'operator',
      requested_by: 'Carla Conformidade',
      error: null,
    });
    expect(body.runs.data[0].id).toBeGreaterThan(body.runs.data.at(-1).id - 1);
  });

  it('pages the runs by id, newest first', async () => {
    for (let i = 0; i < 3; i++) await runNow('dev_mailbox');
    const first = (await get(compliance.token)).json();
    const newest = first.runs.data[0].id as number;
    const next = (await get(compliance.token, `?before=${newest}`)).json();
    expect(next.runs.data[0].id).toBeLessThan(newest);
    expect((await get(compliance.token, '?before=abc')).statusCode).toBe(422);
  });

  it('runs a rule now once per Idempotency-Key, writes the audit, and refuses unknown or disabled rules', async () => {
    const key = `run-${randomBytes(6).toString('hex')}`;
    const first = await run(compliance.token, 'codes_and_tokens', key);
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toMatch(
      /^Códigos e links de uso único: \d+ registros? eliminados? ou anonimizados?\.$/,
    );
    const again = await run(compliance.token, 'codes_and_tokens', key);
    expect(again.json().run.id).toBe(first.json().run.id);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const [audit] = await rows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from audit_log where action = 'retention.run'
           and details->>'run_id' = ${String(first.json().run.id)}`,
    );
    expect(audit!.n).toBe(1);

    const unknown = await run(compliance.token, 'nao_existe');
    expect([unknown.statusCode, unknown.json().code, unknown.json().message]).toEqual([
      404,
      'NOT_FOUND',
      MESSAGES.retentionRuleNotFound,
    ]);
    const bad = await run(compliance.token, 'DROP TABLE');
    expect(bad.statusCode).toBe(422);

    await t.database.db.execute(sql`update retention_rules set enabled = false where key = 'dev_mailbox'`);
    try {
      const disabled = await run(compliance.token, 'dev_mailbox');
      expect([disabled.statusCode, disabled.json().code]).toEqual([409, 'RETENTION_RULE_DISABLED']);
    } finally {
      await t.database.db.execute(sql`update retention_rules set enabled = true where key = 'dev_mailbox'`);
    }
  });

  it('refuses a second run of a rule while one runs (409), and a run left by a dead instance is closed', async () => {
    const db = t.database.db;
    await db.execute(
      sql`insert into retention_runs (rule_key, trigger, cutoff, started_at) values ('dev_mailbox', 'schedule', now(), now())`,
    );
    const busy = await run(compliance.token, 'dev_mailbox');
    expect([busy.statusCode, busy.json().code, busy.json().message]).toEqual([
      409,
      'RETENTION_RUN_IN_PROGRESS',
      MESSAGES.retentionRunInProgress,
    ]);
    await db.execute(
      sql`update retention_runs set started_at = now() - interval '16 minutes'
           where rule_key = 'dev_mailbox' and finished_at is null`,
    );
    const ok = await run(compliance.token, 'dev_mailbox');
    expect(ok.statusCode).toBe(200);
    const [dead] = await rows<{ error: string }>(
      db,
      sql`select error from retention_runs where rule_key = 'dev_mailbox' and started_at < now() - interval '15 minutes'`,
    );
    expect(dead!.error).toBe(MESSAGES.retentionRunInterrupted);
  });
});
