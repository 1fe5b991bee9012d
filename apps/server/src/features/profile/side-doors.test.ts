import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@prata/domain';
import { auditLog, companies, eventLogs, users } from '@/db/schema/index';
import {
  bearer,
  buildTestApp,
  completeIndividual,
  createCustomer,
  type Customer,
  freshCpf,
  latestCode,
  outboxFor,
  type TestApp,
} from '../../../test/helpers';

/**
 * No account can be taken over through side doors: the mobile number that receives SMS sign-in codes
 * (and a company's contact e-mail) changes only with a code sent to the account's e-mail; identity data approved by
 * operators is locked; every such change is in the audit log.
 */

let t: TestApp;
let operator: Customer;
beforeAll(async () => {
  t = await buildTestApp();
  operator = await createCustomer(t, { name: 'Olga Operadora' });
  await t.database.db
    .update(users)
    .set({ staffRoles: ['compliance'] })
    .where(eq(users.id, operator.id));
});

const personal = (cpf: string, patch: Record<string, unknown> = {}) => ({
  name: 'Ana Cliente Teste',
  cpf,
  nascimento: '1990-05-20',
  celular: '11987654321',
  sexo: 'F',
  estado_civil: 'S',
  ...patch,
});

async function individual() {
  const c = await createCustomer(t);
  const cpf = freshCpf();
  await completeIndividual(t, c, cpf);
  return { c, cpf, h: bearer(c.token) };
}

async function storedUser(id: number) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
  return row!;
}

async function auditOf(userId: number, action: string) {
  return t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetId, String(userId)), eq(auditLog.action, action)))
    .orderBy(desc(auditLog.id));
}

async function approve(c: Customer) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/admin/customers/${c.id}/review`,
    headers: bearer(operator.token),
    payload: { decision: 'approve' },
  });
  expect(res.statusCode).toBe(200);
}

describe('changing the mobile number of an individual', () => {
  it('the first number (register/finish) needs no code', async () => {
    const c = await createCustomer(t);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/user/pessoais',
      headers: bearer(c.token),
      payload: personal(freshCpf()),
    });
    expect(res.statusCode).toBe(200);
    expect((await storedUser(c.id)).celular).toBe('11987654321');
    expect(await auditOf(c.id, 'customer.contact_changed')).toEqual([]);
  });

  it('a session alone cannot change it: 422 asking for a code, and the number stays', async () => {
    const { c, cpf, h } = await individual();
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/user/pessoais',
      headers: h,
      payload: personal(cpf, { celular: '21998887777' }),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      message: MESSAGES.contactCodeRequired,
      errors: { code: [MESSAGES.contactCodeRequired] },
      code: 'CONTACT_CODE_REQUIRED',
    });
    expect((await storedUser(c.id)).celular).toBe('11987654321');

    // Other fields still save without a code while the number stays the same.
    const same = await t.app.inject({
      method: 'PUT',
      url: '/api/user/pessoais',
      headers: h,
      payload: personal(cpf, { sexo: 'N', estado_civil: 'D' }),
    });
    expect(same.statusCode).toBe(200);
    expect(same.json().user).toMatchObject({ sexo: 'N', estado_civil: 'D', celular: '11987654321' });
  });

  it('with the code from the e-mail, bound to the new number: a code for number A cannot confirm number B', async () => {
    const { c, cpf, h } = await individual();
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/user/contact-code',
      headers: h,
      payload: { celular: '(21) 9 9888 7777' },
    });
    expect(asked.statusCode).toBe(200);
    expect(asked.json().message).toBe(MESSAGES.codeSentEmail);
    const [mail] = await outboxFor(t.database, c.email);
    expect(mail!.textBody).toContain('(21) 99888-7777');
    const code = await latestCode(t.database, c.email);

    const other = await t.app.inject({
      method: 'PUT',
      url: '/api/user/pessoais',
      headers: h,
      payload: personal(cpf, { celular: '31991112222', code }),
    });
    expect(other.statusCode).toBe(422);
    expect(other.json().errors.code).toEqual([MESSAGES.codeInvalid]);
    expect((await storedUser(c.id)).celular).toBe('11987654321');

    const wrong = await t.app.inject({
      method: 'PUT',
      url: '/api/user/pessoais',
      headers: h,
      payload: personal(cpf, { celular: '21998887777', code: code === '000000' ? '111111' : '000000' }),
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.code).toEqual([MESSAGES.codeInvalid]);

    const ok = await t.app.inject({
      method: 'PUT',
      url: '/api/user/pessoais',
      headers: h,
      payload: personal(cpf, { celular: '21998887777', code }),
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.celular).toBe('21998887777');
    expect((await storedUser(c.id)).celular).toBe('21998887777');

    // single use
    const again = await t.app.inject({
      method: 'PUT',
      url: '/api/user/pessoais',
      headers: h,
      payload: personal(cpf, { celular: '11987654321', code }),
    });
    expect(again.statusCode).toBe(422);
    expect((await storedUser(c.id)).celular).toBe('21998887777');

    // the owner hears of it at the account's e-mail, reads it in the history, and operators in the audit log
    const [notice] = await outboxFor(t.database, c.email);
    expect(notice!.subject).toBe('Seus dados de contato foram alterados');
    expect(notice!.textBody).toContain('celular: de (11) 98765-4321 para (21) 99888-7777');
    const events = await t.database.db.select().from(eventLogs).where(eq(eventLogs.userId, c.id));
    expect(events.map((e) => e.description)).toContain(
      'Dados de contato alterados (celular: de (11) 98765-4321 para (21) 99888-7777)',
    );
    const [entry] = await auditOf(c.id, 'customer.contact_changed');
    expect(entry).toMatchObject({
      actorUserId: c.id,
      targetType: 'user',
      details: { changes: [{ field: 'celular', from: '11987654321', to: '21998887777' }] },
    });
  });

  it('asking for a code for the stored number is refused; a second code waits 60 seconds', async () => {
    const { h } = await individual();
    const same = await t.app.inject({
      method: 'POST',
      url: '/api/user/contact-code',
      headers: h,
      payload: { celular: '11987654321' },
    });
    expect(same.statusCode).toBe(422);
    expect(same.json().message).toBe(MESSAGES.contactUnchanged);
    expect(same.json().code).toBe('CONTACT_UNCHANGED');
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/user/contact-code',
      headers: h,
      payload: { celular: '21998887777' },
    });
    expect(first.statusCode).toBe(200);
    // the windows the dialog counts with, the server's own
    expect(first.json()).toEqual({
      message: MESSAGES.codeSentEmail,
      resendAfterSeconds: t.config.windows.codeResendSeconds,
      validForSeconds: t.config.windows.codeTtlSeconds,
    });
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/user/contact-code',
      headers: h,
      payload: { celular: '21998887777' },
    });
    expect(second.statusCode).toBe(429);
  });

  it('needs a session', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/contact-code',
      payload: { celular: '21998887777' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('the login e-mail', () => {
  it('no route changes it: extra fields are ignored and a company e-mail is only the contact e-mail', async () => {
    const { c, cpf, h } = await individual();
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/user/pessoais',
      headers: h,
      payload: { ...personal(cpf), email: 'invasor@exemplo.com' },
    });
    expect(res.statusCode).toBe(200);
    expect((await storedUser(c.id)).email).toBe(c.email);
  });
});

describe('identity data after the operators approved the registration', () => {
  it('before approval, a name change saves and is audited with what changed', async () => {
    const { c, cpf, h } = await individual();
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/user/pessoais',
      headers: h,
      payload: personal(cpf, { name: 'Ana Cliente Souza', nascimento: '1990-05-21' }),
    });
    expect(res.statusCode).toBe(200);
    const [entry] = await auditOf(c.id, 'customer.identity_changed');
    expect(entry).toMatchObject({
      actorUserId: c.id,
      details: {
        changes: [
          { field: 'name', from: 'Ana Cliente Teste', to: 'Ana Cliente Souza' },
          { field: 'nascimento', from: '1990-05-20', to: '1990-05-21' },
        ],
      },
    });
  });

  it('after approval, name and birth date are locked with a message saying how to ask; the rest stays editable', async () => {
    const { c, cpf, h } = await individual();
    await approve(c);
    for (const patch of [{ name: 'Outra Pessoa' }, { nascimento: '1980-01-01' }]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/user/pessoais',
        headers: h,
        payload: personal(cpf, patch),
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(MESSAGES.identityLocked);
      expect(res.json().code).toBe('IDENTITY_LOCKED');
      expect(res.json().errors[Object.keys(patch)[0]!]).toEqual([MESSAGES.identityLocked]);
    }
    const row = await storedUser(c.id);
    expect(row).toMatchObject({ name: 'Ana Cliente Teste', nascimento: '1990-05-20' });
    expect(await auditOf(c.id, 'customer.identity_changed')).toEqual([]);

    const allowed = await t.app.inject({
      method: 'PUT',
      url: '/api/user/pessoais',
      headers: h,
      payload: personal(cpf, { estado_civil: 'C', conjuge_nome: 'Pedro Teste', sexo: 'M' }),
    });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json().user).toMatchObject({ estado_civil: 'C', conjuge_nome: 'Pedro Teste', sexo: 'M' });
    expect((await storedUser(c.id)).approvedAt).not.toBeNull();
  });
});

const company = {
  cnpj: '11.444.777/0001-61',
  razao_social: 'Prata Porta Lateral Ltda',
  nome_fantasia: 'Porta Lateral',
  inscricao_estadual: '',
  inscricao_municipal: '',
  celular: '11987654321',
  email: 'contato@portalateral.com.br',
  cnae_principal: '4783-1/01',
  cnaes_secundarios: '',
  regime_tributario: 'simples',
  site: '',
};

describe('company data', () => {
  it('contact changes need the code (the SMS number follows); CNPJ and razão social lock once approved', async () => {
    const c = await createCustomer(t, { accountType: 'company' });
    const h = bearer(c.token);
    const created = await t.app.inject({ method: 'POST', url: '/api/company', headers: h, payload: company });
    expect(created.statusCode).toBe(201);
    const id = created.json().company.id as number;
    expect((await storedUser(c.id)).celular).toBe('11987654321');

    const noCode = await t.app.inject({
      method: 'PUT',
      url: `/api/company/${id}`,
      headers: h,
      payload: { ...company, email: 'financeiro@invasor.com' },
    });
    expect(noCode.statusCode).toBe(422);
    expect(noCode.json().code).toBe('CONTACT_CODE_REQUIRED');

    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/user/contact-code',
      headers: h,
      payload: { celular: '21998887777', email: 'Financeiro@PortaLateral.com.br' },
    });
    expect(asked.statusCode).toBe(200);
    const code = await latestCode(t.database, c.email);
    // bound to both values: the number alone does not pass with this code
    const partial = await t.app.inject({
      method: 'PUT',
      url: `/api/company/${id}`,
      headers: h,
      payload: { ...company, celular: '21998887777', code },
    });
    expect(partial.statusCode).toBe(422);
    const ok = await t.app.inject({
      method: 'PUT',
      url: `/api/company/${id}`,
      headers: h,
      payload: { ...company, celular: '21998887777', email: 'financeiro@portalateral.com.br', code },
    });
    expect(ok.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(companies).where(eq(companies.id, id));
    expect(row).toMatchObject({ celular: '21998887777', email: 'financeiro@portalateral.com.br' });
    const account = await storedUser(c.id);
    expect(account).toMatchObject({ celular: '21998887777', email: c.email });
    // the replaced contact e-mail hears of it too
    const [notice] = await outboxFor(t.database, 'contato@portalateral.com.br');
    expect(notice!.subject).toBe('Seus dados de contato foram alterados');
    const [entry] = await auditOf(c.id, 'customer.contact_changed');
    expect(entry!.details).toEqual({
      changes: [
        { field: 'celular', from: '11987654321', to: '21998887777' },
        { field: 'email', from: 'contato@portalateral.com.br', to: 'financeiro@portalateral.com.br' },
      ],
    });

    const current = { ...company, celular: '21998887777', email: 'financeiro@portalateral.com.br' };
    await t.app.inject({
      method: 'POST',
      url: '/api/address',
      headers: h,
      payload: {
        type: 'Comercial',
        cep: '01310100',
        city_id: 3550308,
        neighborhood: 'Bela Vista',
        street: 'Avenida Paulista',
        number: '1000',
      },
    });
    await approve(c);
    const locked = await t.app.inject({
      method: 'PUT',
      url: `/api/company/${id}`,
      headers: h,
      payload: { ...current, razao_social: 'Outra Empresa Ltda' },
    });
    expect(locked.statusCode).toBe(422);
    expect(locked.json().errors.razao_social).toEqual([MESSAGES.identityLocked]);
    const fantasia = await t.app.inject({
      method: 'PUT',
      url: `/api/company/${id}`,
      headers: h,
      payload: { ...current, nome_fantasia: 'Nova Fantasia' },
    });
    expect(fantasia.statusCode).toBe(200);
    expect(fantasia.json().company).toMatchObject({
      nome_fantasia: 'Nova Fantasia',
      razao_social: company.razao_social,
    });
  });
});

describe("the customer's audit log in the back office", () => {
  it('reads in Portuguese, masks sensitive values, is paginated, and is for operators only', async () => {
    const { c, cpf, h } = await individual();
    await t.app.inject({
      method: 'PUT',
      url: '/api/user/pessoais',
      headers: h,
      payload: personal(cpf, { name: 'Ana Cliente Lima' }),
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/user/contact-code',
      headers: h,
      payload: { celular: '21998887777' },
    });
    const code = await latestCode(t.database, c.email);
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/user/pessoais',
      headers: h,
      payload: personal(cpf, { name: 'Ana Cliente Lima', celular: '21998887777', code }),
    });
    expect(changed.statusCode).toBe(200);
    await approve(c);

    const denied = await t.app.inject({ method: 'GET', url: `/api/admin/customers/${c.id}/audit`, headers: h });
    expect(denied.statusCode).toBe(403);

    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/customers/${c.id}/audit?page=1`,
      headers: bearer(operator.token),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total: 3, per_page: 25 });
    expect(body.data.map((e: { description: string }) => e.description)).toEqual([
      'Cadastro aprovado',
      'Dados de contato alterados pelo cliente (confirmado com código enviado ao e-mail)',
      'Dados de identificação alterados pelo cliente',
    ]);
    expect(body.data[1]).toMatchObject({
      action: 'customer.contact_changed',
      actor: { id: c.id, email: c.email },
      target: `Cliente nº ${c.id}`,
      details: ['Celular: de (11) 9****-4321 para (21) 9****-7777'],
    });
    expect(body.data[2].details).toEqual(['Nome: de Ana Cliente Teste para Ana Cliente Lima']);
    expect(JSON.stringify(body)).not.toContain('21998887777');

    const other = await createCustomer(t);
    const empty = await t.app.inject({
      method: 'GET',
      url: `/api/admin/customers/${other.id}/audit`,
      headers: bearer(operator.token),
    });
    expect(empty.json()).toEqual({ data: [], total: 0, per_page: 25 });
    const staff = await t.app.inject({
      method: 'GET',
      url: `/api/admin/customers/${operator.id}/audit`,
      headers: bearer(operator.token),
    });
    expect(staff.statusCode).toBe(404);
  });
});
