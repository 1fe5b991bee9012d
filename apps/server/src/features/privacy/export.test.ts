import { randomUUID } from 'node:crypto';
import { PRIVACY_EXPORT_SECTIONS, PrivacyExportData } from '@prata/domain';
import { strFromU8, unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, multipart, signIn, type TestApp } from '../../../test/helpers';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
import { seedDemo } from '@/seed/demo';
import { runPrivacyJob } from './build';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemo(t.app.deps);
  token = await signIn(t, 'cliente@prata.dev', 'prata1234');
  await addWhatTheDemoLacks();
}, 300_000);

/**
 * The kinds of record the demo's history does not give Maria, added as she would through the product: a document, an
 * attachment on one of her tickets, a trading-limit request, a price alert and a saving plan.
 */
async function addWhatTheDemoLacks() {
  const send = async (method: 'POST', url: string, body: { payload: unknown; headers?: Record<string, string> }) => {
    const res = await t.app.inject({
      method,
      url,
      payload: body.payload as string,
      headers: { ...bearer(token), ...body.headers, 'idempotency-key': `demo-${randomUUID()}` },
    });
    expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(300);
    return res.json();
  };
  const pdf = (filename: string) => ({ filename, type: 'application/pdf', data: PDF });
  await send('POST', '/api/documents', multipart({}, { document: pdf('RG frente.pdf') }));
  const tickets = await t.app.inject({ method: 'GET', url: '/api/tickets', headers: bearer(token) });
  const open = tickets.json().tickets.data.find((k: { status: string }) => k.status !== 'closed');
  const ticketId = open.id;
  await send('POST', `/api/ticket/${ticketId}/attachment`, multipart({}, { file: pdf('comprovante.pdf') }));
  await send(
    'POST',
    '/api/trading-limit-increase',
    multipart(
      {
        new_limit: '100000,00',
        net_worth: '500000,00',
        monthly_income: '20000,00',
        profession: 'Arquiteta',
        company_name: 'Escritório Santos',
        company_cnpj: '11.222.333/0001-81',
        other_info: '',
      },
      { 'documents[]': pdf('declaracao-ir.pdf') },
    ),
  );
  await send('POST', '/api/price-alerts', { payload: { direction: 'above', price_per_gram: '12,00' } });
  await send('POST', '/api/saving-plans', {
    payload: { amount: '50,00', frequency: 'monthly', month_day: 10, payment_method: 'balance' },
  });
}

describe("the demo customer's copy of her data", () => {
  it('holds every kind of record, follows the schema, and carries her files', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/privacy/exports',
      headers: { ...bearer(token), 'idempotency-key': `privacy-${randomUUID()}` },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().export.id;
    let file: Buffer | undefined;
    for (let i = 0; i < 200 && !file; i++) {
      await runPrivacyJob(t.app.deps);
      const got = await t.app.inject({ method: 'GET', url: `/api/privacy/exports/${id}/file`, headers: bearer(token) });
      if (got.statusCode === 200) file = got.rawPayload;
      else await new Promise((r) => setTimeout(r, 100));
    }
    expect(file).toBeDefined();
    const zip = unzipSync(new Uint8Array(file!));
    const data = PrivacyExportData.parse(JSON.parse(strFromU8(zip['data.json']!)));
    expect(data.customer).toMatchObject({ email: 'cliente@prata.dev' });
    const empty = PRIVACY_EXPORT_SECTIONS.filter((s) => data.sections[s].length === 0);
    expect(empty).toEqual([]);
    // both sides of her ledger, in reais and in silver
    const movements = data.sections.ledger_movements;
    expect(new Set(movements.map((m) => `${m.currency}:${m.direction}`))).toEqual(
      new Set(['BRL:in', 'BRL:out', 'AG:in', 'AG:out']),
    );
    // every file listed is in the ZIP, byte for byte
    expect(data.files.length).toBeGreaterThan(0);
    for (const f of data.files) expect(zip[f.path]?.length, f.path).toBe(f.size_bytes);
    expect(new Set(data.files.map((f) => f.source))).toEqual(new Set(['document', 'ticket_attachment']));
  }, 300_000);
});
