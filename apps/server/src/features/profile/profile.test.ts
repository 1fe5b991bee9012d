import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@prata/domain';
import { LIMITS } from '@/limits';
import { nfeioCpfStatus } from '@/adapters/cpf-status/index';
import { users } from '@/db/schema/index';
import { bearer, buildTestApp, completeIndividual, createCustomer, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});

const personal = {
  name: 'Ana Cliente Teste',
  cpf: '529.982.247-25',
  nascimento: '1990-05-20',
  celular: '(11) 9 8765 4321',
  sexo: 'F',
  estado_civil: 'C',
  conjuge_nome: 'Pedro Teste',
  conjuge_cpf: '390.533.447-05',
  conjuge_nascimento: '1989-01-02',
};
const address = {
  type: 'Residencial',
  cep: '01310-100',
  city_id: 3550308,
  neighborhood: 'Bela Vista',
  street: 'Avenida Paulista',
  number: '1000',
  unit: 'Apto 12',
  other_info: '',
};
const fatca = {
  politicamente_exposto: false,
  americano: false,
  naturalizacao_americana: false,
  caracteristica_us_person: false,
  contribuinte_americano: true,
};
const company = {
  cnpj: '12.ABC.345/01DE-35',
  razao_social: 'Prata Teste Ltda',
  nome_fantasia: 'Prata Teste',
  inscricao_estadual: '123456789',
  inscricao_municipal: '',
  celular: '11987654321',
  email: 'contato@pratateste.com.br',
  cnae_principal: '4783-1/01',
  cnaes_secundarios: '',
  regime_tributario: 'presumido',
  site: 'https://pratateste.com.br',
};

describe('finishing the registration of an individual', () => {
  it('personal data, address and FATCA make the registration complete', async () => {
    const c = await createCustomer(t);
    const h = bearer(c.token);
    const start = await t.app.inject({ method: 'GET', url: '/api/register/finish', headers: h });
    expect(start.json().user.registration_steps).toEqual({
      personal: false,
      address: false,
      fatca: false,
      company: false,
    });
    expect(start.json().company).toBeNull();

    const status = await t.app.inject({
      method: 'PUT',
      url: '/api/user/cpf-status',
      headers: h,
      payload: { cpf: '52998224725', nascimento: '1990-05-20' },
    });
    expect(status.statusCode).toBe(200);
    expect(status.json()).toMatchObject({ federalTaxNumber: '52998224725', status: 'Regular', birthOn: '1990-05-20' });

    const p = await t.app.inject({ method: 'PUT', url: '/api/user/pessoais', headers: h, payload: personal });
    expect(p.statusCode).toBe(200);
    expect(p.json().message).toBe(MESSAGES.personalDataSaved);
    expect(p.json().user).toMatchObject({
      cpf: '52998224725',
      celular: '11987654321',
      conjuge_cpf: '39053344705',
      estado_civil: 'C',
    });
    expect(p.json().user.nfe_cpf_response).toMatchObject({ federalTaxNumber: '52998224725', status: 'Regular' });

    const a = await t.app.inject({ method: 'POST', url: '/api/address', headers: h, payload: address });
    expect(a.statusCode).toBe(201);
    expect(a.json().address).toMatchObject({
      cep: '01310100',
      city_id: 3550308,
      city: { id: 3550308, name: 'São Paulo', state: 'SP', description: 'São Paulo - SP' },
      unit: 'Apto 12',
      other_info: null,
    });

    const f = await t.app.inject({ method: 'PUT', url: '/api/user/fatca', headers: h, payload: fatca });
    expect(f.statusCode).toBe(200);
    expect(f.json().user).toMatchObject({ contribuinte_americano: true, registration_complete: true });

    const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: h });
    expect(me.json().user.registration_complete).toBe(true);
    expect(me.json().user.addresses).toHaveLength(1);
  });

  it('drops the spouse fields unless married or in a stable union', async () => {
    const c = await createCustomer(t);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/user/pessoais',
      headers: bearer(c.token),
      payload: { ...personal, cpf: '11144477735', estado_civil: 'S' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ conjuge_nome: null, conjuge_cpf: null, conjuge_nascimento: null });
  });

  it.each([
    [{ name: '' }, 'name', MESSAGES.nameRequired],
    [{ cpf: '111.111.111-11' }, 'cpf', MESSAGES.cpfInvalid],
    [{ cpf: '529.982.247-24' }, 'cpf', MESSAGES.cpfInvalid],
    [{ nascimento: '' }, 'nascimento', MESSAGES.birthDateRequired],
    [{ nascimento: '2001-02-30' }, 'nascimento', MESSAGES.birthDateInvalid],
    [{ celular: '' }, 'celular', MESSAGES.mobileRequired],
    [{ celular: '1187654321' }, 'celular', MESSAGES.mobileInvalid],
    [{ sexo: '' }, 'sexo', MESSAGES.sexRequired],
    [{ sexo: 'X' }, 'sexo', MESSAGES.sexRequired],
    [{ estado_civil: undefined }, 'estado_civil', MESSAGES.maritalStatusRequired],
    [{ conjuge_cpf: '123' }, 'conjuge_cpf', MESSAGES.cpfInvalid],
    [{ conjuge_nascimento: '1990-02-30' }, 'conjuge_nascimento', MESSAGES.birthDateInvalid],
  ])('personal data %j → %s: %s', async (patch, field, message) => {
    const c = await createCustomer(t);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/user/pessoais',
      headers: bearer(c.token),
      payload: { ...personal, ...patch },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toContain(message);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, c.id));
    expect(row!.cpf).toBeNull();
  });

  it('refuses minors, a CPF of another account, and changing the CPF', async () => {
    const a = await createCustomer(t);
    const b = await createCustomer(t);
    const minor = await t.app.inject({
      method: 'PUT',
      url: '/api/user/pessoais',
      headers: bearer(a.token),
      payload: { ...personal, nascimento: '2015-01-01' },
    });
    expect(minor.json().message).toBe(MESSAGES.underage);
    const ok = await t.app.inject({
      method: 'PUT',
      url: '/api/user/pessoais',
      headers: bearer(a.token),
      payload: { ...personal, cpf: '86288366757' },
    });
    expect(ok.statusCode).toBe(200);
    const taken = await t.app.inject({
      method: 'PUT',
      url: '/api/user/pessoais',
      headers: bearer(b.token),
      payload: { ...personal, cpf: '86288366757' },
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().message).toBe(MESSAGES.cpfTaken);
    const change = await t.app.inject({
      method: 'PUT',
      url: '/api/user/pessoais',
      headers: bearer(a.token),
      payload: { ...personal, cpf: '39053344705' },
    });
    expect(change.statusCode).toBe(422);
    expect(change.json().errors.cpf).toBeDefined();
  });

  it.each([
    [{ type: '' }, 'type', MESSAGES.addressTypeRequired],
    [{ cep: '' }, 'cep', MESSAGES.cepRequired],
    [{ cep: '01310-10' }, 'cep', MESSAGES.cepIncomplete],
    [{ city_id: undefined }, 'city_id', MESSAGES.cityRequired],
    [{ neighborhood: '' }, 'neighborhood', MESSAGES.neighborhoodRequired],
    [{ street: ' ' }, 'street', MESSAGES.streetRequired],
    [{ number: '' }, 'number', MESSAGES.numberRequired],
    [{ city_id: 1234567 }, 'city_id', MESSAGES.cityNotFound],
  ])('address %j → %s', async (patch, field, message) => {
    const c = await createCustomer(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/address',
      headers: bearer(c.token),
      payload: { ...address, ...patch },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toContain(message);
  });

  it('FATCA needs all five answers, and only individuals declare it', async () => {
    const c = await createCustomer(t);
    const partial = await t.app.inject({
      method: 'PUT',
      url: '/api/user/fatca',
      headers: bearer(c.token),
      payload: { americano: false },
    });
    expect(partial.statusCode).toBe(422);
    expect(partial.json().message).toBe(MESSAGES.fatcaRequired);
    const co = await createCustomer(t, { accountType: 'company' });
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/user/fatca',
      headers: bearer(co.token),
      payload: fatca,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MESSAGES.onlyIndividuals);
    expect(res.json().code).toBe('ACCOUNT_TYPE_MISMATCH');
  });

  it('the CPF status check works for visitors, and refuses an invalid CPF', async () => {
    const ok = await t.app.inject({
      method: 'PUT',
      url: '/api/user/cpf-status',
      payload: { cpf: '39053344705', nascimento: '1980-01-01' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().status).toBe('Regular');
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/user/cpf-status',
      payload: { cpf: '12345678900', nascimento: '1980-01-01' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe(MESSAGES.cpfInvalid);
    const statuses: number[] = [];
    // A visitor is limited per address (LIMIT_CPF_CHECK_ADDRESS).
    for (let i = 0; i < LIMITS.cpfCheckAddress.max; i++) {
      const r = await t.app.inject({
        method: 'PUT',
        url: '/api/user/cpf-status',
        remoteAddress: '10.9.9.9',
        payload: { cpf: '39053344705', nascimento: '1980-01-01' },
      });
      statuses.push(r.statusCode);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(LIMITS.cpfCheckAddress.max);
    const limited = await t.app.inject({
      method: 'PUT',
      url: '/api/user/cpf-status',
      remoteAddress: '10.9.9.9',
      payload: { cpf: '39053344705', nascimento: '1980-01-01' },
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(MESSAGES.tooManyRequests);
    expect(limited.json().code).toBe('RATE_LIMITED');
  });

  it('the service unreachable is 503 CPF_STATUS_UNAVAILABLE, logged, and stores nothing (not "CPF inválido")', async () => {
    // a port nothing listens on: the NFE.io client's fetch is refused
    const away = await buildTestApp({
      database: t.database,
      adapters: { cpfStatus: nfeioCpfStatus('chave', 'http://127.0.0.1:9') },
    });
    const c = await createCustomer(away);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const r = await away.app.inject({
        method: 'PUT',
        url: '/api/user/cpf-status',
        headers: bearer(c.token),
        payload: { cpf: '52998224725', nascimento: '1990-05-20' },
      });
      expect([r.statusCode, r.json()]).toEqual([
        503,
        { code: 'CPF_STATUS_UNAVAILABLE', message: MESSAGES.cpfStatusUnavailable },
      ]);
      expect(logged.mock.calls.map(([line]) => JSON.parse(String(line)).msg)).toEqual([
        'cpf status: the service gave no answer',
      ]);
      const [row] = await t.database.db.select().from(users).where(eq(users.id, c.id));
      expect(row?.nfeCpfResponse).toBeNull();
    } finally {
      logged.mockRestore();
      await away.app.close();
    }
  });
});

describe('finishing the registration of a company', () => {
  it('company data (alphanumeric CNPJ) and an address make it complete; PUT edits it', async () => {
    const c = await createCustomer(t, { accountType: 'company' });
    const h = bearer(c.token);
    const created = await t.app.inject({ method: 'POST', url: '/api/company', headers: h, payload: company });
    expect(created.statusCode).toBe(201);
    expect(created.json().company).toMatchObject({
      cnpj: '12ABC34501DE35',
      razao_social: 'Prata Teste Ltda',
      inscricao_municipal: null,
    });
    const twice = await t.app.inject({ method: 'POST', url: '/api/company', headers: h, payload: company });
    expect(twice.statusCode).toBe(409);
    await t.app.inject({ method: 'POST', url: '/api/address', headers: h, payload: { ...address, type: 'Comercial' } });
    const finish = await t.app.inject({ method: 'GET', url: '/api/register/finish', headers: h });
    expect(finish.json().user.registration_complete).toBe(true);
    const id = created.json().company.id;
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/company/${id}`,
      headers: h,
      payload: { ...company, nome_fantasia: 'Nova Fantasia' },
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().company.nome_fantasia).toBe('Nova Fantasia');
  });

  it("another customer's company answers 404 and is not changed", async () => {
    const owner = await createCustomer(t, { accountType: 'company' });
    const other = await createCustomer(t, { accountType: 'company' });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/company',
      headers: bearer(owner.token),
      payload: { ...company, cnpj: '11222333000181' },
    });
    const id = created.json().company.id;
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/company/${id}`,
      headers: bearer(other.token),
      payload: { ...company, cnpj: '11222333000181', razao_social: 'Invasor' },
    });
    expect(res.statusCode).toBe(404);
    const finish = await t.app.inject({ method: 'GET', url: '/api/register/finish', headers: bearer(owner.token) });
    expect(finish.json().company.razao_social).toBe('Prata Teste Ltda');
    const taken = await t.app.inject({
      method: 'POST',
      url: '/api/company',
      headers: bearer(other.token),
      payload: { ...company, cnpj: '11222333000181' },
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().message).toBe(MESSAGES.cnpjTaken);
  });

  it.each([
    [{ cnpj: '11.222.333/0001-82' }, 'cnpj', MESSAGES.cnpjInvalid],
    [{ razao_social: '' }, 'razao_social', MESSAGES.razaoSocialRequired],
    [{ celular: '' }, 'celular', MESSAGES.companyMobileRequired],
    [{ email: '' }, 'email', MESSAGES.companyEmailRequired],
    [{ email: 'x@' }, 'email', MESSAGES.emailInvalid],
    [{ cnae_principal: '' }, 'cnae_principal', MESSAGES.mainActivityRequired],
    [{ regime_tributario: 'mei' }, 'regime_tributario', MESSAGES.taxRegimeRequired],
  ])('company %j → %s', async (patch, field, message) => {
    const c = await createCustomer(t, { accountType: 'company' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/company',
      headers: bearer(c.token),
      payload: { ...company, ...patch },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toContain(message);
  });

  it('individuals cannot create a company', async () => {
    const c = await createCustomer(t);
    const res = await t.app.inject({ method: 'POST', url: '/api/company', headers: bearer(c.token), payload: company });
    expect(res.statusCode).toBe(403);
  });
});

describe('balances visibility', () => {
  it('toggles hide_balances', async () => {
    const c = await createCustomer(t);
    await completeIndividual(t, c, '74416364857');
    const on = await t.app.inject({
      method: 'PUT',
      url: '/api/user/toggle-balances-visibility',
      headers: bearer(c.token),
    });
    expect(on.json()).toEqual({ hide_balances: true });
    const off = await t.app.inject({
      method: 'PUT',
      url: '/api/user/toggle-balances-visibility',
      headers: bearer(c.token),
    });
    expect(off.json()).toEqual({ hide_balances: false });
  });
});
