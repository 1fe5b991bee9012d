import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { isValidCnpj, MESSAGES } from '@prata/domain';
import { tradingLimitRequests } from '@/db/schema/index';
import { bearer, buildTestApp, completeIndividual, createCustomer, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});

const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n% prata\n'), Buffer.alloc(200, 32), Buffer.from('\n%%EOF\n')]);

/** A multipart body with text fields and one PDF under documents[]. */
function form(fields: Record<string, string>, token: string) {
  const boundary = `----prata${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
  );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="documents[]"; filename="balanco.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    PDF,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` },
  };
}

/** A valid numeric CNPJ no other test uses. */
function freshCnpj(): string {
  for (;;) {
    const base = `${String(10_000_000 + Math.floor(Math.random() * 89_999_999))}0001`;
    for (const dv1 of '0123456789') {
      for (const dv2 of '0123456789') if (isValidCnpj(base + dv1 + dv2)) return base + dv1 + dv2;
    }
  }
}

async function completeCompany() {
  const c = await createCustomer(t, { accountType: 'company' });
  const h = bearer(c.token);
  const cnpj = freshCnpj();
  const company = await t.app.inject({
    method: 'POST',
    url: '/api/company',
    headers: h,
    payload: {
      cnpj,
      razao_social: 'Metais Horizonte Ltda',
      celular: '11987654321',
      email: `fin${Math.random().toString(36).slice(2, 8)}@horizonte.com.br`,
      cnae_principal: '4783-1/01',
      regime_tributario: 'simples',
    },
  });
  expect(company.statusCode).toBe(201);
  const address = await t.app.inject({
    method: 'POST',
    url: '/api/address',
    headers: h,
    payload: {
      type: 'Comercial',
      cep: '01310-100',
      city_id: 3550308,
      neighborhood: 'Bela Vista',
      street: 'Avenida Paulista',
      number: '1000',
    },
  });
  expect(address.statusCode).toBe(201);
  return { ...c, cnpj };
}

const money = { new_limit: '500000.00', net_worth: '3000000,00', monthly_income: '200000', other_info: '' };

describe('trading-limit increase by a company', () => {
  it('asks no profession: the request is in the company’s own name (razão social and CNPJ)', async () => {
    const co = await completeCompany();
    const res = await t.app.inject({ method: 'POST', url: '/api/trading-limit-increase', ...form(money, co.token) });
    expect(res.statusCode).toBe(201);
    expect(res.json().tradingLimitRequest).toMatchObject({
      company_name: 'Metais Horizonte Ltda',
      company_cnpj: co.cnpj,
      profession: '',
      status: 'pending',
    });
    const [row] = await t.database.db.select().from(tradingLimitRequests).where(eq(tradingLimitRequests.userId, co.id));
    expect(row).toMatchObject({ companyName: 'Metais Horizonte Ltda', companyCnpj: co.cnpj, profession: '' });
  });

  it('whatever a company sends as company data, the request carries its own', async () => {
    const co = await completeCompany();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/trading-limit-increase',
      ...form({ ...money, company_name: 'Outra Empresa', company_cnpj: '11.222.333/0001-81' }, co.token),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().tradingLimitRequest).toMatchObject({
      company_name: 'Metais Horizonte Ltda',
      company_cnpj: co.cnpj,
    });
  });

  it('a person still has to say their profession and company', async () => {
    const c = await createCustomer(t);
    await completeIndividual(t, c);
    const res = await t.app.inject({ method: 'POST', url: '/api/trading-limit-increase', ...form(money, c.token) });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      profession: [MESSAGES.professionRequired],
      company_name: [MESSAGES.companyNameRequired],
      company_cnpj: [MESSAGES.cnpjInvalid],
    });
  });
});
