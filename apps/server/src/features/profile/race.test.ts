import { and, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addresses, bankingInformation, companies, documents } from '@/db/schema/index';
import {
  bearer,
  buildTestApp,
  createCustomer,
  multipart,
  onPostgres,
  skippedOnPglite,
  type TestApp,
} from '../../../test/helpers';
import { MAX_ADDRESSES } from './addresses';
import { MAX_BANKING_ENTRIES } from './banking';
import { MAX_DOCUMENTS } from './documents';

skippedOnPglite('profile counts under concurrency');

const AT_ONCE = 20;
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(200, 32)]);
const paulista = {
  type: 'Residencial',
  cep: '01310-100',
  city_id: 3550308,
  neighborhood: 'Bela Vista',
  street: 'Avenida Paulista',
  number: '1000',
  unit: null,
  other_info: null,
};

let t: TestApp;
beforeAll(async () => {
  if (onPostgres) t = await buildTestApp();
});

/** AT_ONCE requests fired together: every answer is `ok` or the refusal `refused`, never anything else. */
type Answer = { statusCode: number; json: () => { code?: string } };

async function fire(send: (i: number) => Promise<Answer>, ok: number, refused: string) {
  const answers = await Promise.all(Array.from({ length: AT_ONCE }, (_, i) => send(i)));
  for (const a of answers) {
    if (a.statusCode !== ok) expect([a.statusCode, a.json().code]).toEqual([expect.any(Number), refused]);
  }
  return answers.filter((a) => a.statusCode === ok).length;
}

describe.skipIf(!onPostgres)("a customer's lists hold their limits under concurrent requests (PostgreSQL)", () => {
  it(`${AT_ONCE} addresses at once on ${MAX_ADDRESSES - 5} saved: the list stops at ${MAX_ADDRESSES}`, async () => {
    const c = await createCustomer(t);
    const { cep: _cep, city_id: _city, other_info: _other, ...row } = paulista;
    await t.database.db
      .insert(addresses)
      .values(
        Array.from({ length: MAX_ADDRESSES - 5 }, () => ({ ...row, userId: c.id, cep: '01310100', cityId: 3550308 })),
      );
    const created = await fire(
      (i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/address',
          headers: bearer(c.token),
          payload: { ...paulista, number: String(i + 1) },
        }),
      201,
      'LIST_LIMIT_REACHED',
    );
    const kept = await t.database.db
      .select()
      .from(addresses)
      .where(and(eq(addresses.userId, c.id), isNull(addresses.deletedAt)));
    expect([created, kept.length]).toEqual([5, MAX_ADDRESSES]);
  });

  it(`${AT_ONCE} bank accounts at once: at most ${MAX_BANKING_ENTRIES} kept`, async () => {
    const c = await createCustomer(t);
    const created = await fire(
      (i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/banking-information',
          headers: bearer(c.token),
          payload: {
            type: 'account',
            account_type: 'checking',
            bank_number: '341',
            branch_number: '1234',
            account_number: `5678${String(i).padStart(2, '0')}-0`,
          },
        }),
      201,
      'LIST_LIMIT_REACHED',
    );
    const kept = await t.database.db
      .select()
      .from(bankingInformation)
      .where(and(eq(bankingInformation.userId, c.id), isNull(bankingInformation.deletedAt)));
    expect([created, kept.length]).toEqual([MAX_BANKING_ENTRIES, MAX_BANKING_ENTRIES]);
  });

  it(`the same Pix key sent ${AT_ONCE} times at once is kept once`, async () => {
    const c = await createCustomer(t);
    const created = await fire(
      () =>
        t.app.inject({
          method: 'POST',
          url: '/api/banking-information',
          headers: bearer(c.token),
          payload: { type: 'pix', key_type: 'email', key: c.email },
        }),
      201,
      'ALREADY_EXISTS',
    );
    const kept = await t.database.db.select().from(bankingInformation).where(eq(bankingInformation.userId, c.id));
    expect([created, kept.length]).toEqual([1, 1]);
  });

  it(`${AT_ONCE} documents at once on ${MAX_DOCUMENTS - 5} kept: the list stops at ${MAX_DOCUMENTS}`, async () => {
    const c = await createCustomer(t);
    await t.database.db.insert(documents).values(
      Array.from({ length: MAX_DOCUMENTS - 5 }, (_, i) => ({
        userId: c.id,
        purpose: 'profile' as const,
        originalName: `antigo-${i}.pdf`,
        storageKey: `u${c.id}/antigo-${i}.pdf`,
        mimeType: 'application/pdf' as const,
        sizeBytes: PDF.length,
        sha256: '0'.repeat(64),
      })),
    );
    const created = await fire(
      (i) => {
        const form = multipart({}, { document: { filename: `rg-${i}.pdf`, type: 'application/pdf', data: PDF } });
        return t.app.inject({
          method: 'POST',
          url: '/api/documents',
          headers: { ...bearer(c.token), ...form.headers },
          payload: form.payload,
        });
      },
      201,
      'LIST_LIMIT_REACHED',
    );
    const kept = await t.database.db
      .select()
      .from(documents)
      .where(and(eq(documents.userId, c.id), isNull(documents.deletedAt)));
    expect([created, kept.length]).toEqual([5, MAX_DOCUMENTS]);
  });

  it(`${AT_ONCE} companies at once for one account: one is created, the others are 409, none is a 500`, async () => {
    const c = await createCustomer(t, { accountType: 'company' });
    const created = await fire(
      () =>
        t.app.inject({
          method: 'POST',
          url: '/api/company',
          headers: bearer(c.token),
          payload: {
            cnpj: '12.ABC.345/01DE-35',
            razao_social: 'Corrida Ltda',
            celular: '11987654321',
            email: 'financeiro@corrida.com.br',
            cnae_principal: '4783-1/01',
            regime_tributario: 'simples',
          },
        }),
      201,
      'ALREADY_EXISTS',
    );
    const kept = await t.database.db.select().from(companies).where(eq(companies.userId, c.id));
    expect([created, kept.length]).toEqual([1, 1]);
  });
});
