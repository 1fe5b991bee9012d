import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@prata/domain';
import { addresses, companies } from '@/db/schema/index';
import { hold, postBatch } from '@/ledger/index';
import { bearer, buildTestApp, createCustomer } from '../../../test/helpers';

describe('GET /api/user', () => {
  it('answers a new customer as before: no addresses, no company, zero balances', async () => {
    const t = await buildTestApp();
    const c = await createCustomer(t);
    const res = await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(c.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      id: c.id,
      email: c.email,
      account_type: 'individual',
      addresses: [],
      company: null,
      balance_brl: 0,
      balance_brl_held: 0,
      balance_ag: 0,
      balance_ag_held: 0,
      registration_complete: false,
      registration_steps: { personal: false, address: false, fatca: false, company: false },
    });
  });

  it('answers a company with addresses and money as before, byte for byte', async () => {
    const t = await buildTestApp();
    const c = await createCustomer(t, { accountType: 'company' });
    const db = t.database.db;
    await db.insert(companies).values({
      userId: c.id,
      cnpj: '11222333000181',
      razaoSocial: 'Joalheria Aurora Ltda',
      nomeFantasia: 'Aurora',
      celular: '11976543210',
      email: 'contato@aurora.com.br',
      cnaePrincipal: '4783102',
      cnaesSecundarios: null,
      regimeTributario: 'simples',
      site: null,
    });
    const address = {
      userId: c.id,
      type: 'Comercial',
      cep: '01310100',
      cityId: 3550308,
      neighborhood: 'Bela Vista',
      street: 'Avenida Paulista',
      unit: null,
    };
    await db.insert(addresses).values({ ...address, number: '2000', otherInfo: 'fundos "B"' });
    const [gone] = await db
      .insert(addresses)
      .values({ ...address, number: '1' })
      .returning({ id: addresses.id });
    await db.update(addresses).set({ deletedAt: new Date() }).where(eq(addresses.id, gone!.id));
    await db.insert(addresses).values({ ...address, type: 'Entrega', number: '10', cityId: 3304557 });
    const available = { customer: c.id, bucket: 'available' as const };
    await postBatch(
      db,
      [
        {
          id: `test.deposit:${c.id}:1`,
          debit: { system: 'pix:clearing' },
          credit: available,
          currency: 'BRL',
          amount: 1_234_56,
          code: 'deposit',
        },
        {
          id: `test.deposit:${c.id}:2`,
          debit: { system: 'vault' },
          credit: available,
          currency: 'AG',
          amount: 10_050,
          code: 'deposit',
        },
      ],
      { atomic: true },
    );
    await hold(db, {
      id: `test.hold:${c.id}`,
      holder: { customer: c.id },
      currency: 'BRL',
      amount: 200_01,
      reason: 'test',
      reference: `test:${c.id}`,
    });

    const res = await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(c.token) });
    expect(res.statusCode).toBe(200);
    const { user } = res.json();
    expect(user.addresses[0]).toEqual({
      id: expect.any(Number),
      type: 'Comercial',
      cep: '01310100',
      city: { id: 3550308, name: 'São Paulo', state: 'SP', description: 'São Paulo - SP' },
      city_id: 3550308,
      neighborhood: 'Bela Vista',
      street: 'Avenida Paulista',
      number: '2000',
      unit: null,
      other_info: 'fundos "B"',
    });
    expect(user.addresses.map((a: { number: string }) => a.number)).toEqual(['2000', '10']);
    expect(user.addresses[1].city.description).toBe('Rio de Janeiro - RJ');
    expect(user.company).toEqual({
      id: expect.any(Number),
      cnpj: '11222333000181',
      razao_social: 'Joalheria Aurora Ltda',
      nome_fantasia: 'Aurora',
      inscricao_estadual: null,
      inscricao_municipal: null,
      celular: '11976543210',
      email: 'contato@aurora.com.br',
      cnae_principal: '4783102',
      cnaes_secundarios: null,
      regime_tributario: 'simples',
      site: null,
    });
    expect(user).toMatchObject({ balance_brl: 1034.55, balance_brl_held: 200.01, balance_ag: 100.5 });
    expect(user.registration_complete).toBe(true);
  });
});

describe('GET /api/user without a live session', () => {
  it('answers 401 after sign-out, for a forged token and without a token', async () => {
    const t = await buildTestApp();
    const c = await createCustomer(t);
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(c.token) })).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(c.token) });
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(c.token) });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: 'UNAUTHENTICATED', message: MESSAGES.unauthenticated });
    const [head, , sig] = c.token.split('.');
    const forged = `${head}.${Buffer.from(JSON.stringify({ sub: '1', sid: 'x' })).toString('base64url')}.${sig}`;
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(forged) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/user' })).statusCode).toBe(401);
  });
});
