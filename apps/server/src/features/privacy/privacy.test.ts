import { randomUUID } from 'node:crypto';
import { PrivacyExportData } from '@prata/domain';
import { sql } from 'drizzle-orm';
import { unzipSync, strFromU8 } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  approvedCustomer,
  bearer,
  buildTestApp,
  type Customer,
  latestLink,
  onPostgres,
  skippedOnPglite,
  staffMember,
  type TestApp,
} from '../../../test/helpers';
import { rows } from '@/db/sql';
import { runPrivacyJob } from './build';

let t: TestApp;
let ana: Customer;
let bia: Customer;
let compliance: Customer;

const withKey = (token: string) => ({ ...bearer(token), 'idempotency-key': `privacy-${randomUUID()}` });
const requestExport = (c: Customer) =>
  t.app.inject({ method: 'POST', url: '/api/privacy/exports', headers: withKey(c.token) });
const overview = async (c: Customer) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/privacy', headers: bearer(c.token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
/** Runs the job until the export is ready (the app's own runner may have built it first). */
async function ready(c: Customer, id: number) {
  for (let i = 0; i < 100; i++) {
    await runPrivacyJob(t.app.deps);
    const found = (await overview(c)).exports.find((e: { id: number }) => e.id === id);
    if (found?.status === 'ready') return found;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`export ${id} never became ready`);
}

beforeAll(async () => {
  t = await buildTestApp();
  ana = await approvedCustomer(t, { name: 'Ana Privada' });
  bia = await approvedCustomer(t, { name: 'Bia Privada' });
  compliance = await staffMember(t, ['compliance'], 'Carla Conformidade');
}, 120_000);

describe('the privacy tab', () => {
  it('shows the processors, the encarregado and the registration consents of the current versions', async () => {
    const o = await overview(ana);
    expect(o.processors.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['Asaas Gestão Financeira', 'NFE.io', 'Zenvia', 'ViaCEP']),
    );
    expect(o.dpo).toEqual({ name: expect.any(String), email: 'encarregado@prata.dev' });
    expect(o.consents.termos).toMatchObject({ version: '2026-11', current_version: '2026-11' });
    expect(o.consents.privacidade).toMatchObject({ version: '2026-12', current_version: '2026-12' });
    expect(o.consents.marketing).toEqual({ opted_in: false, changed_at: null });
    expect(o.next_export_at).toBeNull();
  });

  it('records the marketing opt-in and its revocation with their times, each audited', async () => {
    const on = await t.app.inject({
      method: 'PUT',
      url: '/api/privacy/consents/marketing',
      headers: bearer(ana.token),
      payload: { opted_in: true },
    });
    expect(on.statusCode, on.body).toBe(200);
    expect((await overview(ana)).consents.marketing).toMatchObject({ opted_in: true });
    const off = await t.app.inject({
      method: 'PUT',
      url: '/api/privacy/consents/marketing',
      headers: bearer(ana.token),
      payload: { opted_in: false },
    });
    expect(off.json()).toMatchObject({ opted_in: false, message: expect.stringContaining('não receberá') });
    const kept = await rows<{ granted: boolean }>(
      t.database.db,
      sql`select granted from consents where user_id = ${ana.id} and kind = 'marketing' order by id`,
    );
    expect(kept.map((k) => k.granted)).toEqual([true, false]);
    const audited = await rows<{ action: string }>(
      t.database.db,
      sql`select action from audit_log where target_type = 'user' and target_id = ${String(ana.id)}
           and action like 'privacy.marketing.%' order by id`,
    );
    expect(audited.map((a) => a.action)).toEqual(['privacy.marketing.granted', 'privacy.marketing.revoked']);
  });

  it('refuses a consent without a choice, unchanged', async () => {
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/privacy/consents/marketing',
      headers: bearer(bia.token),
      payload: { opted_in: 'talvez' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((await overview(bia)).consents.marketing.changed_at).toBeNull();
  });

  it('needs a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/privacy'],
      ['POST', '/api/privacy/exports'],
      ['GET', '/api/privacy/exports/1/file'],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
    }
  });

  it('serves the privacy policy publicly, versioned, with the encarregado', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/privacidade' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      version: '2026-12',
      html: expect.stringContaining('Política de Privacidade'),
      dpo: { email: 'encarregado@prata.dev' },
    });
  });
});

describe('Baixar meus dados', () => {
  let exportId: number;

  it('creates an export due in 15 days, builds it, e-mails a link that downloads the ZIP', async () => {
    const res = await requestExport(ana);
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().export;
    exportId = created.id;
    expect(Date.parse(created.due_at) - Date.parse(created.created_at)).toBe(15 * 86_400_000);
    const done = await ready(ana, exportId);
    expect(done.expires_at).not.toBeNull();
    expect(Date.parse(done.expires_at) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);

    const link = await latestLink(t.database, ana.email, '/api/privacy/download/');
    const download = await t.app.inject({ method: 'GET', url: link.pathname });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="prata-meus-dados-/);
    const zip = unzipSync(new Uint8Array(download.rawPayload));
    expect(Object.keys(zip)).toEqual(expect.arrayContaining(['data.json', 'resumo.pdf', 'LEIA-ME.txt']));
    const data = PrivacyExportData.parse(JSON.parse(strFromU8(zip['data.json']!)));
    expect(data.customer).toMatchObject({ id: ana.id, email: ana.email, name: 'Ana Privada' });
    expect(JSON.stringify(data)).not.toContain('password_hash');
    expect(data.sections.consents.length).toBe(4);
    expect(strFromU8(zip['resumo.pdf']!.subarray(0, 5))).toBe('%PDF-');

    // the tab's button, with the session
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/privacy/exports/${exportId}/file`,
      headers: bearer(ana.token),
    });
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(download.rawPayload)).toBe(true);
  });

  it("another customer's export answers 404, by id and with a made-up link", async () => {
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/privacy/exports/${exportId}/file`,
      headers: bearer(bia.token),
    });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ code: 'NOT_FOUND' });
    const guessed = await t.app.inject({ method: 'GET', url: `/api/privacy/download/${'A'.repeat(43)}` });
    expect(guessed.statusCode).toBe(404);
    const malformed = await t.app.inject({ method: 'GET', url: '/api/privacy/download/..%2F..%2Fetc' });
    expect(malformed.statusCode).toBe(422);
  });

  it('refuses a second export within 24 hours with a stable code and the time it may be asked again', async () => {
    const again = await requestExport(ana);
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({ code: 'PRIVACY_EXPORT_TOO_SOON', retry_at: expect.any(String) });
    expect((await overview(ana)).next_export_at).toBe(again.json().retry_at);
    const [n] = await rows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from privacy_requests where user_id = ${ana.id}`,
    );
    expect(n!.n).toBe(1);
  });

  it('the same Idempotency-Key twice creates one request', async () => {
    const key = `privacy-${randomUUID()}`;
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/privacy/exports',
        headers: { ...bearer(bia.token), 'idempotency-key': key },
      });
    const first = await send();
    const second = await send();
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json().export.id).toBe(first.json().export.id);
  });

  it('20 requests at once create one export (PostgreSQL)', async () => {
    if (!onPostgres) return skippedOnPglite('20 export requests at once');
    const cid = await approvedCustomer(t, { name: 'Cida Concorrente' });
    const answers = await Promise.all(Array.from({ length: 20 }, () => requestExport(cid)));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(19);
  });

  it('deletes the file when the link expires; the link then answers 404', async () => {
    const link = await latestLink(t.database, ana.email, '/api/privacy/download/');
    await t.database.db.execute(
      sql`update privacy_requests set expires_at = now() - interval '1 second' where id = ${exportId}`,
    );
    await runPrivacyJob(t.app.deps);
    expect((await t.app.inject({ method: 'GET', url: link.pathname })).statusCode).toBe(404);
    expect((await overview(ana)).exports[0]).toMatchObject({ id: exportId, status: 'expired', expires_at: null });
  });
});

describe('the back office', () => {
  it('lists the requests oldest due first, with the deadline, paged by a cursor; customers get 403', async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: '/api/admin/privacy/requests?status=all',
      headers: bearer(compliance.token),
    });
    expect(page.statusCode, page.body).toBe(200);
    const body = page.json();
    expect(body.data.length).toBeGreaterThanOrEqual(2);
    const dues = body.data.map((r: { due_at: string }) => r.due_at);
    expect([...dues].sort()).toEqual(dues);
    expect(body.data[0]).toMatchObject({ kind: 'export', customer: { name: expect.any(String) }, overdue: false });
    const forbidden = await t.app.inject({
      method: 'GET',
      url: '/api/admin/privacy/requests',
      headers: bearer(ana.token),
    });
    expect(forbidden.statusCode).toBe(403);
    const badCursor = await t.app.inject({
      method: 'GET',
      url: '/api/admin/privacy/requests?cursor=abc',
      headers: bearer(compliance.token),
    });
    expect(badCursor.statusCode).toBe(422);
  });

  it('pages through more requests than a page without repeating or skipping one (due within one millisecond)', async () => {
    await t.database.db.execute(
      sql`insert into privacy_requests (user_id, kind, due_at, created_at)
          select ${bia.id}, 'access', now() + (g || ' microseconds')::interval, now() - interval '1 day'
            from generate_series(1, 30) g`,
    );
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/admin/privacy/requests?status=all${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(compliance.token) });
      expect(res.statusCode, res.body).toBe(200);
      seen.push(...res.json().data.map((r: { id: number }) => r.id));
      cursor = res.json().next_cursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    const [n] = await rows<{ n: number }>(t.database.db, sql`select count(*)::int as n from privacy_requests`);
    expect(seen.length).toBe(n!.n);
  });

  it('keeps the processors register: create, edit, refuse a duplicate name, audit each change', async () => {
    const body = {
      name: 'Correios',
      service: 'Entrega das barras',
      data_categories: 'Nome, endereço e telefone',
      purpose: 'Entregar as retiradas de prata física',
      legal_basis: 'Execução de contrato (LGPD art. 7º, V)',
      country: 'Brasil',
    };
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/privacy/processors',
      headers: withKey(compliance.token),
      payload: body,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().processor.id;
    const dup = await t.app.inject({
      method: 'POST',
      url: '/api/admin/privacy/processors',
      headers: withKey(compliance.token),
      payload: { ...body, name: 'correios' },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'ALREADY_EXISTS' });
    const off = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/privacy/processors/${id}`,
      headers: bearer(compliance.token),
      payload: { ...body, active: false },
    });
    expect(off.statusCode).toBe(200);
    expect((await overview(ana)).processors.map((p: { name: string }) => p.name)).not.toContain('Correios');
    const empty = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/privacy/processors/${id}`,
      headers: bearer(compliance.token),
      payload: { ...body, name: '' },
    });
    expect(empty.statusCode).toBe(422);
    const missing = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/privacy/processors/999999',
      headers: bearer(compliance.token),
      payload: body,
    });
    expect(missing.statusCode).toBe(404);
    const audited = await rows<{ action: string }>(
      t.database.db,
      sql`select action from audit_log where target_type = 'data_processor' and target_id = ${String(id)} order by id`,
    );
    expect(audited.map((a) => a.action)).toEqual(['privacy.processor.created', 'privacy.processor.updated']);
  });
});
