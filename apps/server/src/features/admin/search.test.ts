import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@prata/domain';
import { companies, users } from '@/db/schema/index';
import { bearer, buildTestApp, createCustomer, staffMember, type TestApp } from '../../../test/helpers';
import { SEARCH_TOTAL_CAP } from './customers';

let t: TestApp;
let ops: ReturnType<typeof bearer>;
let joao: number;
let empresa: number;

beforeAll(async () => {
  t = await buildTestApp();
  ops = bearer((await staffMember(t, ['compliance'], 'Olga Operadora')).token);
  const person = await createCustomer(t, { name: 'João Conceição Gonçalves', email: 'jcg.busca@provedor.com.br' });
  joao = person.id;
  await t.database.db.update(users).set({ cpf: '52998224725' }).where(eq(users.id, joao));
  const company = await createCustomer(t, { name: 'Ana Sócia', accountType: 'company' });
  empresa = company.id;
  await t.database.db.insert(companies).values({
    userId: empresa,
    cnpj: '11222333000181',
    razaoSocial: 'Ourivesaria Prateada Ltda',
    celular: '11987654321',
    email: company.email,
    cnaePrincipal: '4783-1/01',
    regimeTributario: 'simples',
  });
});

async function search(q: string, extra = '') {
  return t.app.inject({ method: 'GET', url: `/api/admin/customers?q=${encodeURIComponent(q)}${extra}`, headers: ops });
}

async function idsFound(q: string): Promise<number[]> {
  const res = await search(q);
  expect(res.statusCode).toBe(200);
  return res.json().data.map((row: { id: number }) => row.id);
}

describe('the operator searches customers', () => {
  it('finds part of a name with or without accents and in any case', async () => {
    for (const term of ['joao', 'João', 'CONCEIÇÃO', 'conceicao', 'çalv', 'calves'])
      expect(await idsFound(term), term).toEqual([joao]);
    const row = (await search('joao')).json().data[0];
    expect(row).toMatchObject({ name: 'João Conceição Gonçalves', cpf: '52998224725', status: 'pending' });
  });

  it('finds part of an e-mail and part of a razão social', async () => {
    expect(await idsFound('busca@prov')).toEqual([joao]);
    expect(await idsFound('JCG.BUSCA')).toEqual([joao]);
    expect(await idsFound('prateada')).toEqual([empresa]);
    expect((await search('prateada')).json().data[0]).toMatchObject({
      razao_social: 'Ourivesaria Prateada Ltda',
      cnpj: '11222333000181',
    });
  });

  it('finds a CPF or a CNPJ by its digits, with or without punctuation, whole or by its first digits', async () => {
    for (const term of ['529.982.247-25', '52998224725', '529.982', ' 5299 '])
      expect(await idsFound(term), term).toEqual([joao]);
    for (const term of ['11.222.333/0001-81', '11222333000181', '11.222.333'])
      expect(await idsFound(term), term).toEqual([empresa]);
    expect(await idsFound('000.000.000-00')).toEqual([]);
  });

  it('a term too short to compare answers its message and code, and LIKE wildcards are plain characters', async () => {
    for (const term of ['jo', 'Ã', '52', '5.2']) {
      const res = await search(term);
      expect(res.statusCode, term).toBe(422);
      expect(res.json()).toEqual({ code: 'SEARCH_TERM_TOO_SHORT', message: MESSAGES.searchTermTooShort(3) });
    }
    expect(await idsFound('%%%')).toEqual([]);
    expect(await idsFound('j_o')).toEqual([]);
    // no term: every customer, operators left out
    const all = (await search('')).json();
    expect(all.data.map((row: { id: number }) => row.id)).toEqual([empresa, joao]);
    expect(all).toMatchObject({ total: 2, per_page: 25 });
  });

  it('pages newest first without gaps or repeats, with the status filter', async () => {
    const created = await t.database.db
      .insert(users)
      .values(
        Array.from({ length: 30 }, (_, i) => ({
          name: `Paginação Teste ${i}`,
          email: `paginacao.${i}@exemplo.com.br`,
          passwordHash: 'x',
          accountType: 'individual' as const,
          approvedAt: i % 3 === 0 ? null : new Date(),
        })),
      )
      .returning({ id: users.id, approvedAt: users.approvedAt });
    const newestFirst = created.map((u) => u.id).sort((a, b) => b - a);
    const page1 = (await search('paginação')).json();
    const page2 = (await search('paginacao', '&page=2')).json();
    expect(page1).toMatchObject({ total: 30, per_page: 25 });
    expect(page2.total).toBe(30);
    expect([...page1.data, ...page2.data].map((row: { id: number }) => row.id)).toEqual(newestFirst);

    const pending = created.filter((u) => !u.approvedAt).map((u) => u.id);
    const pendingPage = (await search('paginacao', '&status=pending')).json();
    expect(pendingPage.total).toBe(10);
    expect(pendingPage.data.map((row: { id: number }) => row.id)).toEqual(pending.sort((a, b) => b - a));
    const approved = (await search('paginacao', '&status=approved&page=1')).json();
    expect(approved.total).toBe(20);
    expect(approved.data.every((row: { status: string }) => row.status === 'approved')).toBe(true);
  });

  it('a search counts up to SEARCH_TOTAL_CAP and says so past it; its last page still reads', async () => {
    await t.database.db.insert(users).values(
      Array.from({ length: SEARCH_TOTAL_CAP + 5 }, (_, i) => ({
        name: `Capada Contagem ${i}`,
        email: `capada.${i}@exemplo.com.br`,
        passwordHash: 'x',
        accountType: 'individual' as const,
      })),
    );
    const first = (await search('capada')).json();
    expect(first).toMatchObject({ total: SEARCH_TOTAL_CAP, total_capped: true, per_page: 25 });
    // the page after the cap's last full one (25 a page): the 5 past the cap
    const last = (await search('capada', `&page=${SEARCH_TOTAL_CAP / 25 + 1}`)).json();
    expect(last.data).toHaveLength(5);
    expect(last.total).toBe(SEARCH_TOTAL_CAP + 5);
    expect(last.total_capped).toBeUndefined();
  });
});
