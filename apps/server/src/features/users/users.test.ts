import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MESSAGES, minorToDecimal } from '@prata/domain';
import { addresses, companies } from '../../db/schema/index';
import { getBalances, hold, post } from '../../ledger/index';
import { bearer, buildTestApp, createCustomer, type TestApp } from '../../../test/helpers';
import { presentCompany } from './presenter';
import { findCompanyByUser, findUserById, listAddresses } from './repository';

/**
 * What GET /api/user answered when it read the addresses, the company and the balances one query at a time: the
 * one-query presenter must answer exactly this, key order included.
 */
async function answerOfBefore(t: TestApp, userId: number) {
  const db = t.database.db;
  const user = (await findUserById(db, userId))!;
  const addressList = await listAddresses(db, userId);
  const company = await findCompanyByUser(db, userId);
  const balances = await getBalances(db, userId);
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  const steps = {
    personal: Boolean(user.cpf && user.nascimento && user.celular && user.sexo && user.estadoCivil),
    address: addressList.length > 0,
    fatca: user.fatcaDeclaredAt !== null,
    company: company !== undefined,
  };
  return {
    user: {
      id: user.id,
      name: user.name,
      email: user.email,
      account_type: user.accountType,
      cpf: user.cpf,
      nascimento: user.nascimento,
      celular: user.celular,
      sexo: user.sexo,
      estado_civil: user.estadoCivil,
      conjuge_nome: user.conjugeNome,
      conjuge_cpf: user.conjugeCpf,
      conjuge_nascimento: user.conjugeNascimento,
      politicamente_exposto: user.politicamenteExposto,
      americano: user.americano,
      naturalizacao_americana: user.naturalizacaoAmericana,
      caracteristica_us_person: user.caracteristicaUsPerson,
      contribuinte_americano: user.contribuinteAmericano,
      nfe_cpf_response: user.nfeCpfResponse ?? null,
      email_verified_at: iso(user.emailVerifiedAt),
      approved_at: iso(user.approvedAt),
      registration_rejected_at: iso(user.registrationRejectedAt),
      registration_rejection_reason: user.registrationRejectionReason,
      closed_at: iso(user.closedAt),
      hide_balances: user.hideBalances,
      balance_brl: minorToDecimal(balances.BRL.available),
      balance_brl_held: minorToDecimal(balances.BRL.held),
      balance_ag: minorToDecimal(balances.AG.available),
      balance_ag_held: minorToDecimal(balances.AG.held),
      trading_limit: minorToDecimal(user.tradingLimitCents),
      staff_roles: user.staffRoles,
      registration_complete:
        user.accountType === 'company'
          ? steps.company && steps.address
          : steps.personal && steps.address && steps.fatca,
      registration_steps: steps,
      addresses: addressList,
      company: presentCompany(company),
      created_at: user.createdAt.toISOString(),
    },
  };
}

describe('GET /api/user', () => {
  it('answers a new customer as before: no addresses, no company, zero balances', async () => {
    const t = await buildTestApp();
    const c = await createCustomer(t);
    const res = await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(c.token) });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(JSON.stringify(await answerOfBefore(t, c.id)));
    expect(res.json().user).toMatchObject({ addresses: [], company: null, balance_brl: 0, balance_ag_held: 0 });
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
    await post(db, { type: 'test.deposit', id: c.id }, [
      { debit: { system: 'pix:clearing' }, credit: available, currency: 'BRL', amount: 1_234_56, code: 'deposit' },
      { debit: { system: 'vault' }, credit: available, currency: 'AG', amount: 10_050, code: 'deposit' },
    ]);
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
    expect(res.body).toBe(JSON.stringify(await answerOfBefore(t, c.id)));
    const { user } = res.json();
    expect(user.addresses.map((a: { number: string }) => a.number)).toEqual(['2000', '10']);
    expect(user.addresses[1].city.description).toBe('Rio de Janeiro - RJ');
    expect(user.company).toMatchObject({ cnpj: '11222333000181', razao_social: 'Joalheria Aurora Ltda' });
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
