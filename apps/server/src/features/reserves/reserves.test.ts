import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { brasiliaDayEnd, brasiliaIsoDate, lastClosedBrasiliaDay, MESSAGES, verifyReserveProof } from '@prata/domain';
import {
  approvedCustomer,
  bearer,
  buildTestApp,
  createCustomer,
  fundCustomer,
  multipart,
  staffMember,
  type Customer,
  type TestApp,
} from '../../../test/helpers';
import { rows } from '@/db/sql';
import { post } from '@/ledger/index';
import { buildClosedDays, buildReserveDay, seedReservesDemo } from './index';
import { runRuleNow } from '@/features/retention/index';
import { reservesSecret } from './salts';

const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(200, 32)]);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
/** A day far in the past for the builds given their own end (the ledger's transfers are all "now" in a test). */
const TEST_DAY = '2020-01-15';

const barForm = (fields: Record<string, string>, file: Buffer | null = PDF) =>
  multipart(fields, file ? { document: { filename: 'laudo.pdf', type: 'application/pdf', data: file } } : {});

async function dbNow(t: TestApp): Promise<Date> {
  const [r] = await rows<{ now: string }>(t.database.db, sql`select clock_timestamp()::text as now`);
  return new Date(r!.now);
}

async function moveSilver(t: TestApp, from: number, to: number, amount: number) {
  const r = await post(t.database.db, {
    id: `test-move:${randomUUID()}`,
    debit: { customer: from, bucket: 'available' },
    credit: { customer: to, bucket: 'available' },
    currency: 'AG',
    amount,
    code: 'test.move',
  });
  expect(r.ok).toBe(true);
}

describe('proof of reserves', () => {
  let t: TestApp;
  let ana: Customer;
  let bia: Customer;
  let late: Customer;
  let logistics: Customer;
  let finance: Customer;
  let endsAt: Date;
  let root: string;
  let secret: string;

  beforeAll(async () => {
    t = await buildTestApp();
    secret = await reservesSecret(t.app.deps, t.database.db);
    ana = await approvedCustomer(t, { name: 'Ana Reserva' });
    bia = await approvedCustomer(t, { name: 'Bia Reserva' });
    logistics = await staffMember(t, ['logistics'], 'Lia Logística');
    finance = await staffMember(t, ['finance']);
    await fundCustomer(t.database, ana.id, 'AG', 12_345);
    await fundCustomer(t.database, bia.id, 'AG', 50_000);
    await new Promise((r) => setTimeout(r, 20));
    endsAt = await dbNow(t);
    await new Promise((r) => setTimeout(r, 20));
  });

  it('answers no proof before the first day is built', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/reserves' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ latest: null, bars: [], barsCg: 0, differenceCg: null, history: [] });
    const proof = await t.app.inject({ method: 'GET', url: '/api/reserves/proof', headers: bearer(ana.token) });
    expect([proof.statusCode, proof.json().message]).toEqual([404, MESSAGES.reservesNoProofYet]);
  });

  it("the day's root is reproducible: transfers after the day's end leave the rebuilt root unchanged", async () => {
    const first = await buildReserveDay(t.database.db, { day: TEST_DAY, source: 'daily', secret, endsAt });
    expect(first!.proof).toMatchObject({ day: TEST_DAY, customersCg: 62_345, customerCount: 4, liabilitiesCg: 62_345 });
    // every customer with a silver account is a leaf, those at zero too (the two operators here)
    root = first!.proof.root;
    // the same day claimed again by the daily job: nothing to do
    expect(await buildReserveDay(t.database.db, { day: TEST_DAY, source: 'daily', secret, endsAt })).toBeNull();

    // after the day's end: silver moves, more arrives, a new customer opens an account
    await moveSilver(t, bia.id, ana.id, 5_000);
    await fundCustomer(t.database, ana.id, 'AG', 777);
    late = await approvedCustomer(t, { name: 'Caio Depois' });
    await fundCustomer(t.database, late.id, 'AG', 900);

    let idleAllowed: string | undefined;
    const again = await buildReserveDay(t.database.db, {
      day: TEST_DAY,
      source: 'operator',
      secret,
      endsAt,
      builtBy: finance.id,
      // the build computes its tree between two statements: longer than a pooled connection lets a transaction idle
      afterBuild: async (tx) => {
        const [setting] = await rows<{ idle: string }>(
          tx,
          sql`select current_setting('idle_in_transaction_session_timeout') as idle`,
        );
        idleAllowed = setting?.idle;
      },
    });
    expect(idleAllowed).toBe('10min');
    expect(again!.previousRoot).toBe(root);
    expect(again!.proof.root).toBe(root);
    expect(again!.proof.customersCg).toBe(62_345);
  });

  it("a customer's own proof verifies in the browser's way; no session is 401, no leaf is 404", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/reserves/proof', headers: bearer(ana.token) });
    expect(res.statusCode).toBe(200);
    const proof = res.json();
    expect(proof).toMatchObject({ version: 2, day: TEST_DAY, centigrams: 12_345, root, leafCount: 4 });
    const published = { root, totalCg: 62_345 };
    expect([proof.rootSum, await verifyReserveProof(proof, published)]).toEqual([62_345, 'ok']);
    expect(await verifyReserveProof({ ...proof, availableCg: 12_346, centigrams: 12_346 })).toBe('leaf');

    const other = (
      await t.app.inject({ method: 'GET', url: '/api/reserves/proof', headers: bearer(bia.token) })
    ).json();
    expect(other.centigrams).toBe(50_000);
    expect(other.salt).not.toBe(proof.salt);
    expect(await verifyReserveProof(other, published)).toBe('ok');

    // Caio had no account at the day's end: there is no leaf of his, and nobody else's is shown to him
    const none = await t.app.inject({
      method: 'GET',
      url: `/api/reserves/proof?day=${TEST_DAY}`,
      headers: bearer(late.token),
    });
    expect([none.statusCode, none.json().code, none.json().message]).toEqual([
      404,
      'NOT_FOUND',
      MESSAGES.reservesNotInProof,
    ]);
    const missingDay = await t.app.inject({
      method: 'GET',
      url: '/api/reserves/proof?day=2019-01-01',
      headers: bearer(ana.token),
    });
    expect(missingDay.statusCode).toBe(404);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/reserves/proof' });
    expect(anonymous.statusCode).toBe(401);
    const badDay = await t.app.inject({
      method: 'GET',
      url: '/api/reserves/proof?day=ontem',
      headers: bearer(ana.token),
    });
    expect([badDay.statusCode, badDay.json().code]).toEqual([422, 'VALIDATION_FAILED']);
  });

  it('logistics lists bars with the auditor PDF; the public sees them and the difference; a shortfall alerts', async () => {
    const form = barForm({ serial: 'AG-0001', refiner: 'Umicore', weightCg: '50000' });
    const customerTry = await t.app.inject({
      method: 'POST',
      url: '/api/admin/reserves/bars',
      ...form,
      headers: { ...form.headers, ...bearer(ana.token) },
    });
    expect([customerTry.statusCode, customerTry.json().code]).toEqual([403, 'FORBIDDEN']);

    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/reserves/bars',
      payload: form.payload,
      headers: { ...form.headers, ...bearer(logistics.token) },
    });
    expect(created.statusCode).toBe(201);
    const bar = created.json().bar;
    expect(bar).toMatchObject({ serial: 'AG-0001', refiner: 'Umicore', weightCg: 50_000, documentName: 'laudo.pdf' });

    const dup = barForm({ serial: 'ag-0001', refiner: 'Outra', weightCg: '100' });
    const taken = await t.app.inject({
      method: 'POST',
      url: '/api/admin/reserves/bars',
      payload: dup.payload,
      headers: { ...dup.headers, ...bearer(logistics.token) },
    });
    expect([taken.statusCode, taken.json().code]).toEqual([409, 'ALREADY_EXISTS']);
    const png = barForm({ serial: 'AG-0002', refiner: 'Umicore', weightCg: '100' }, PNG);
    const notPdf = await t.app.inject({
      method: 'POST',
      url: '/api/admin/reserves/bars',
      payload: png.payload,
      headers: { ...png.headers, ...bearer(logistics.token) },
    });
    expect([notPdf.statusCode, notPdf.json().code, notPdf.json().message]).toEqual([
      422,
      'FILE_TYPE_NOT_ALLOWED',
      MESSAGES.reservesBarDocumentNotPdf,
    ]);
    const noFile = barForm({ serial: 'AG-0002', refiner: 'Umicore', weightCg: '0' }, null);
    const invalid = await t.app.inject({
      method: 'POST',
      url: '/api/admin/reserves/bars',
      payload: noFile.payload,
      headers: { ...noFile.headers, ...bearer(logistics.token) },
    });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors).toMatchObject({
      weightCg: [MESSAGES.reservesBarWeightInvalid],
      document: [MESSAGES.reservesBarDocumentRequired],
    });

    // 500 g listed against 623,45 g owed: the back office raises the alert
    let admin = (
      await t.app.inject({ method: 'GET', url: '/api/admin/reserves', headers: bearer(finance.token) })
    ).json();
    expect(admin).toMatchObject({ shortfall: true, barsCg: 50_000, differenceCg: 50_000 - 62_345 });

    const second = barForm({ serial: 'AG-0002', refiner: 'Heraeus', weightCg: '10000' });
    const id2 = (
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/reserves/bars',
        payload: second.payload,
        headers: { ...second.headers, ...bearer(logistics.token) },
      })
    ).json().bar.id;
    const fix = barForm({ serial: 'AG-0002', refiner: 'Heraeus', weightCg: '20000' }, null);
    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/reserves/bars/${id2}`,
      payload: fix.payload,
      headers: { ...fix.headers, ...bearer(logistics.token) },
    });
    expect([changed.statusCode, changed.json().bar.weightCg]).toEqual([200, 20_000]);
    admin = (await t.app.inject({ method: 'GET', url: '/api/admin/reserves', headers: bearer(finance.token) })).json();
    expect(admin).toMatchObject({ shortfall: false, barsCg: 70_000, differenceCg: 70_000 - 62_345 });

    const pub = (await t.app.inject({ method: 'GET', url: '/api/reserves' })).json();
    expect(pub.latest).toMatchObject({ day: TEST_DAY, root, liabilitiesCg: 62_345 });
    expect(pub.bars.map((b: { serial: string }) => b.serial)).toEqual(['AG-0001', 'AG-0002']);
    expect(pub.differenceCg).toBe(7_655);
    expect(pub).not.toHaveProperty('ledgerVaultCg');
    const doc = await t.app.inject({ method: 'GET', url: `/api/reserves/bars/${bar.id}/document` });
    expect(doc.statusCode).toBe(200);
    expect(doc.headers['content-type']).toBe('application/pdf');
    expect(doc.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/reserves/bars/${id2}`,
      headers: bearer(logistics.token),
    });
    expect(removed.json().message).toBe(MESSAGES.reservesBarRemoved);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/reserves/bars/${id2}`,
      headers: bearer(logistics.token),
    });
    expect(again.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/reserves' })).json().barsCg).toBe(50_000);
  });

  it('an operator rebuilds a closed day (default yesterday); a day not yet over is refused', async () => {
    const forbidden = await t.app.inject({
      method: 'POST',
      url: '/api/admin/reserves/rebuild',
      payload: {},
      headers: bearer(logistics.token),
    });
    expect(forbidden.statusCode).toBe(403);
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/admin/reserves/rebuild',
      payload: {},
      headers: bearer(finance.token),
    });
    expect(first.statusCode).toBe(200);
    const yesterday = lastClosedBrasiliaDay();
    expect(first.json()).toMatchObject({
      proof: { day: yesterday, barsCg: 50_000 },
      previousRoot: null,
      message: MESSAGES.reservesRebuilt,
    });
    const second = (
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/reserves/rebuild',
        payload: { day: yesterday },
        headers: bearer(finance.token),
      })
    ).json();
    expect(second.previousRoot).toBe(first.json().proof.root);
    expect(second.proof.root).toBe(first.json().proof.root);
    const future = await t.app.inject({
      method: 'POST',
      url: '/api/admin/reserves/rebuild',
      payload: { day: '2999-01-01' },
      headers: bearer(finance.token),
    });
    expect([future.statusCode, future.json().code]).toEqual([422, 'VALIDATION_FAILED']);
    // every operator action is in the audit log
    const audit = await rows<{ action: string; n: number }>(
      t.database.db,
      sql`select action, count(*)::int as n from audit_log where action like 'reserves.%' group by action order by action`,
    );
    expect(audit).toEqual([
      { action: 'reserves.bar_added', n: 2 },
      { action: 'reserves.bar_removed', n: 1 },
      { action: 'reserves.bar_updated', n: 1 },
      { action: 'reserves.rebuilt', n: 2 },
    ]);
    // the history keeps every day, newest first
    const pub = (await t.app.inject({ method: 'GET', url: '/api/reserves' })).json();
    expect(pub.latest.day).toBe(yesterday);
    expect(pub.history.map((d: { day: string }) => d.day)).toEqual([TEST_DAY]);
  });
});

describe('the daily job', () => {
  it('builds each closed day once, even with two instances at the same moment, and fills a gap after downtime', async () => {
    const t = await buildTestApp();
    const c = await createCustomer(t);
    await fundCustomer(t.database, c.id, 'AG', 1_000);
    const now = new Date('2026-11-28T04:00:00Z');
    const secret = await reservesSecret(t.app.deps, t.database.db);
    const [one, two] = await Promise.all([
      buildClosedDays(t.database.db, secret, now),
      buildClosedDays(t.database.db, secret, now),
    ]);
    expect([...one, ...two]).toEqual(['2026-11-27']);
    // five minutes after midnight in Brasília is still inside the grace: nothing new
    expect(await buildClosedDays(t.database.db, secret, new Date('2026-11-29T03:04:00Z'))).toEqual([]);
    // three days later: the two days missed and the day that just ended
    expect(await buildClosedDays(t.database.db, secret, new Date('2026-12-01T03:10:00Z'))).toEqual([
      '2026-11-28',
      '2026-11-29',
      '2026-11-30',
    ]);
    const days = await rows<{ day: string; builds: number }>(
      t.database.db,
      sql`select to_char(day, 'YYYY-MM-DD') as day, builds from reserve_days order by day`,
    );
    expect(days).toEqual([
      { day: '2026-11-27', builds: 1 },
      { day: '2026-11-28', builds: 1 },
      { day: '2026-11-29', builds: 1 },
      { day: '2026-11-30', builds: 1 },
    ]);
  });
});

describe("the development build of today's proof so far", () => {
  it('exists only with the dev mailbox; the daily job builds the day again after its real end', async () => {
    const plain = await buildTestApp();
    expect((await plain.app.inject({ method: 'POST', url: '/api/dev/reserves/today' })).statusCode).toBe(404);

    const t = await buildTestApp({ config: { devMailbox: true } });
    const c = await createCustomer(t);
    await fundCustomer(t.database, c.id, 'AG', 2_500);
    const built = await t.app.inject({ method: 'POST', url: '/api/dev/reserves/today' });
    const today = brasiliaIsoDate();
    expect([built.statusCode, built.json().proof.day, built.json().proof.customersCg]).toEqual([200, today, 2_500]);
    const proof = (await t.app.inject({ method: 'GET', url: '/api/reserves/proof', headers: bearer(c.token) })).json();
    expect([proof.day, proof.centigrams, await verifyReserveProof(proof)]).toEqual([today, 2_500, 'ok']);

    const afterEnd = new Date(brasiliaDayEnd(today).getTime() + 10 * 60_000);
    const secret = await reservesSecret(t.app.deps, t.database.db);
    expect(await buildClosedDays(t.database.db, secret, afterEnd)).toEqual([today]);
    expect(await buildClosedDays(t.database.db, secret, afterEnd)).toEqual([]);
    const [row] = await rows<{ builds: number; ends_at: string }>(
      t.database.db,
      sql`select builds, ends_at::text from reserve_days where day = ${today}::date`,
    );
    expect(row!.builds).toBe(2);
    expect(new Date(row!.ends_at).getTime()).toBe(brasiliaDayEnd(today).getTime());
  });
});

describe('the demo vault', () => {
  it('lists whole-kilogram bars holding the ledger vault, with their PDF, once', async () => {
    const t = await buildTestApp();
    await createCustomer(t, { email: 'operador@prata.dev' });
    const c = await createCustomer(t);
    await fundCustomer(t.database, c.id, 'AG', 250_000);
    await seedReservesDemo(t.app.deps);
    await seedReservesDemo(t.app.deps);
    const pub = (await t.app.inject({ method: 'GET', url: '/api/reserves' })).json();
    expect(pub.bars.map((b: { weightCg: number }) => b.weightCg)).toEqual([100_000, 100_000, 100_000]);
    const doc = await t.app.inject({ method: 'GET', url: `/api/reserves/bars/${pub.bars[0].id}/document` });
    expect(doc.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('proof of reserves: leaves kept for the retention period', () => {
  it('erases the leaves of days past the period; the day stays public and its proof answers RESERVES_PROOF_EXPIRED', async () => {
    const t = await buildTestApp();
    const ana = await approvedCustomer(t, { name: 'Ana Antiga' });
    await fundCustomer(t.database, ana.id, 'AG', 7_000);
    const secret = await reservesSecret(t.app.deps, t.database.db);
    const now = await dbNow(t);
    const recent = lastClosedBrasiliaDay(now);
    await buildReserveDay(t.database.db, { day: TEST_DAY, source: 'daily', secret, endsAt: now });
    await buildReserveDay(t.database.db, { day: recent, source: 'daily', secret, endsAt: now });
    const proofOf = (day: string) =>
      t.app.inject({ method: 'GET', url: `/api/reserves/proof?day=${day}`, headers: bearer(ana.token) });
    expect((await proofOf(TEST_DAY)).statusCode).toBe(200);

    const run = await runRuleNow(t.app.deps, { userId: ana.id, ip: '127.0.0.1' }, 'reserve_leaves');
    expect(run.run.erased).toBe(1);

    const old = await proofOf(TEST_DAY);
    expect([old.statusCode, old.json().code, old.json().message]).toEqual([
      410,
      'RESERVES_PROOF_EXPIRED',
      MESSAGES.reservesProofExpired(90),
    ]);
    expect((await proofOf(recent)).statusCode).toBe(200);
    const [day] = await rows<{ root: string; customer_count: number }>(
      t.database.db,
      sql`select root, customer_count from reserve_days where day = ${TEST_DAY}::date`,
    );
    expect(day!.customer_count).toBe(1);
    expect(day!.root).toMatch(/^[0-9a-f]{64}$/);
  });
});
