import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@prata/domain';
import { documents, sessions, users, verificationCodes } from '@/db/schema/index';
import { post as postLedger } from '@/ledger/index';
import {
  bearer,
  buildTestApp,
  completeIndividual,
  createCustomer,
  freshCpf,
  signIn,
  type TestApp,
} from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});

const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n% prata\n'), Buffer.alloc(200, 32), Buffer.from('\n%%EOF\n')]);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(300, 0)]);

/** A multipart body with text fields and files. */
function form(
  fields: Record<string, string>,
  files: Array<{ field: string; name: string; type: string; data: Buffer }>,
  auth?: string | { authorization?: string | string[] | number | undefined },
) {
  const boundary = `----prata${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  const authorization = typeof auth === 'string' ? `Bearer ${auth}` : String(auth?.authorization ?? '');
  return {
    payload: Buffer.concat(parts),
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      ...(authorization ? { authorization } : {}),
    },
  };
}

async function completeCustomer(cpf = freshCpf()) {
  const c = await createCustomer(t);
  await completeIndividual(t, c, cpf);
  return c;
}

describe('GET /api/user/index', () => {
  it('answers 403 with the server message while the registration is incomplete, then everything the tabs show', async () => {
    const c = await createCustomer(t);
    const early = await t.app.inject({ method: 'GET', url: '/api/user/index', headers: bearer(c.token) });
    expect(early.statusCode).toBe(403);
    expect(early.json().message).toBe(MESSAGES.registrationIncomplete);
    expect(early.json().code).toBe('REGISTRATION_INCOMPLETE');
    const cpf = freshCpf();
    await completeIndividual(t, c, cpf);
    const res = await t.app.inject({ method: 'GET', url: '/api/user/index', headers: bearer(c.token) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual([
      'addresses',
      'bankingInformation',
      'company',
      'documents',
      'tradingLimitRequests',
      'user',
    ]);
    expect(body.user).toMatchObject({ cpf, trading_limit: 50000 });
    expect(body.addresses).toHaveLength(1);
  });
});

describe('addresses', () => {
  it('adds, reads, edits and deletes its own addresses; another customer gets 404 and changes nothing', async () => {
    const a = await completeCustomer();
    const b = await createCustomer(t);
    const base = {
      type: 'Comercial',
      cep: '13010-111',
      city_id: 3509502,
      neighborhood: 'Centro',
      street: 'Rua Barão de Jaguara',
      number: '900',
    };
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/address',
      headers: bearer(a.token),
      payload: base,
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().address.id;
    expect(created.json().address.city.description).toBe('Campinas - SP');

    const read = await t.app.inject({ method: 'GET', url: `/api/address/${id}`, headers: bearer(a.token) });
    expect(read.json().address).toMatchObject({ id, street: 'Rua Barão de Jaguara' });

    for (const req of [
      { method: 'GET' as const, url: `/api/address/${id}` },
      { method: 'PUT' as const, url: `/api/address/${id}`, payload: { ...base, street: 'Invasão' } },
      { method: 'DELETE' as const, url: `/api/address/${id}` },
    ]) {
      const res = await t.app.inject({ ...req, headers: bearer(b.token) });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/address/${id}`,
      headers: bearer(a.token),
      payload: { ...base, number: '901', unit: 'Sala 3' },
    });
    expect(edited.json().address).toMatchObject({ number: '901', unit: 'Sala 3', street: 'Rua Barão de Jaguara' });
    const badEdit = await t.app.inject({
      method: 'PUT',
      url: `/api/address/${id}`,
      headers: bearer(a.token),
      payload: { ...base, cep: '130' },
    });
    expect(badEdit.json().errors.cep).toEqual([MESSAGES.cepIncomplete]);

    const removed = await t.app.inject({ method: 'DELETE', url: `/api/address/${id}`, headers: bearer(a.token) });
    expect(removed.json()).toMatchObject({ message: MESSAGES.addressDeleted, address: { id } });
    const [last] = (await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(a.token) })).json().user
      .addresses;
    const keep = await t.app.inject({ method: 'DELETE', url: `/api/address/${last.id}`, headers: bearer(a.token) });
    expect(keep.statusCode).toBe(422);
    expect(keep.json().message).toBe(MESSAGES.lastAddress);
    expect(keep.json().code).toBe('LAST_ADDRESS');
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/address/${id}`, headers: bearer(a.token) })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/address/abc', headers: bearer(a.token) })).statusCode).toBe(
      422,
    );
  });
});

describe('documents', () => {
  it('uploads a PDF and an image, lists and downloads them as attachments; only the owner reads them', async () => {
    const a = await completeCustomer();
    const b = await createCustomer(t);
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/documents',
      ...form(
        {},
        [{ field: 'document', name: '../../etc/RG frente.pdf', type: 'application/pdf', data: PDF }],
        a.token,
      ),
    });
    expect(up.statusCode).toBe(201);
    expect(up.json()).toMatchObject({
      message: MESSAGES.documentUploaded,
      document: { original_name: 'RG frente.pdf', mime_type: 'application/pdf' },
    });
    const id = up.json().document.id;
    // A PNG sent with a lying name and type is stored as what it is.
    const png = await t.app.inject({
      method: 'POST',
      url: '/api/documents',
      ...form({}, [{ field: 'document', name: 'comprovante.pdf', type: 'application/pdf', data: PNG }], a.token),
    });
    expect(png.json().document).toMatchObject({ original_name: 'comprovante.png', mime_type: 'image/png' });

    const dl = await t.app.inject({ method: 'GET', url: `/api/document/${id}`, headers: bearer(a.token) });
    expect(dl.statusCode).toBe(200);
    expect(dl.rawPayload.equals(PDF)).toBe(true);
    expect(dl.headers['content-type']).toBe('application/pdf');
    expect(dl.headers['content-disposition']).toBe(
      `attachment; filename="RG frente.pdf"; filename*=UTF-8''RG%20frente.pdf`,
    );
    expect(dl.headers['x-content-type-options']).toBe('nosniff');
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/document/${id}`, headers: bearer(b.token) })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/document/${id}` })).statusCode).toBe(401);

    const index = await t.app.inject({ method: 'GET', url: '/api/user/index', headers: bearer(a.token) });
    expect(index.json().documents.map((d: { id: number }) => d.id)).toEqual([png.json().document.id, id]);
  });

  it('refuses a renamed .exe, an empty form and a file of 5,242,881 bytes, and accepts exactly 5,242,880', async () => {
    const a = await completeCustomer();
    const before = await t.database.db.select().from(documents).where(eq(documents.userId, a.id));
    const exe = await t.app.inject({
      method: 'POST',
      url: '/api/documents',
      ...form({}, [{ field: 'document', name: 'contrato.pdf', type: 'application/pdf', data: EXE }], a.token),
    });
    expect(exe.statusCode).toBe(422);
    expect(exe.json().message).toBe(MESSAGES.fileTypeNotAllowed);
    expect(exe.json().code).toBe('FILE_TYPE_NOT_ALLOWED');
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/documents',
      ...form({ x: '1' }, [], a.token),
    });
    expect(none.statusCode).toBe(422);
    expect(none.json().message).toBe(MESSAGES.documentRequired);
    const fake = await t.app.inject({
      method: 'POST',
      url: '/api/documents',
      headers: bearer(a.token),
      payload: { document: { filename: 'a.pdf', data: 'JVBERi0=' } },
    });
    expect(fake.statusCode).toBe(422);

    const big = Buffer.concat([PDF, Buffer.alloc(5_242_881 - PDF.length, 32)]);
    const tooBig = await t.app.inject({
      method: 'POST',
      url: '/api/documents',
      ...form({}, [{ field: 'document', name: 'grande.pdf', type: 'application/pdf', data: big }], a.token),
    });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe('O arquivo é muito grande. O tamanho máximo permitido é 5.00 MB.');
    expect(tooBig.json().code).toBe('FILE_TOO_LARGE');
    expect(await t.database.db.select().from(documents).where(eq(documents.userId, a.id))).toHaveLength(before.length);

    const exact = await t.app.inject({
      method: 'POST',
      url: '/api/documents',
      ...form(
        {},
        [{ field: 'document', name: 'limite.pdf', type: 'application/pdf', data: big.subarray(0, 5_242_880) }],
        a.token,
      ),
    });
    expect(exact.statusCode).toBe(201);
    expect(exact.json().document.size_bytes).toBe(5_242_880);
  });
});

describe('bank details', () => {
  it('accepts the own CPF and e-mail as Pix keys and a bank account; refuses a CNPJ key for an individual', async () => {
    const a = await completeCustomer('98765432100');
    const h = bearer(a.token);
    const cpf = await t.app.inject({
      method: 'POST',
      url: '/api/banking-information',
      headers: h,
      payload: { type: 'pix', key_type: 'cpf', key: '987.654.321-00' },
    });
    expect(cpf.statusCode).toBe(201);
    expect(cpf.json()).toMatchObject({
      message: MESSAGES.bankingSaved,
      bankingInformation: { type: 'pix', key_type: 'cpf', key: '98765432100' },
    });
    const email = await t.app.inject({
      method: 'POST',
      url: '/api/banking-information',
      headers: h,
      payload: { type: 'pix', key_type: 'email', key: a.email.toUpperCase() },
    });
    expect(email.statusCode).toBe(201);
    const acct = await t.app.inject({
      method: 'POST',
      url: '/api/banking-information',
      headers: h,
      payload: {
        type: 'account',
        account_type: 'checking',
        bank_number: '341',
        branch_number: '0001',
        account_number: '12345-6',
      },
    });
    expect(acct.json().bankingInformation).toMatchObject({
      bank_number: '341',
      branch_number: '0001',
      account_number: '123456',
    });

    const cnpj = await t.app.inject({
      method: 'POST',
      url: '/api/banking-information',
      headers: h,
      payload: { type: 'pix', key_type: 'cnpj', key: '11.222.333/0001-81' },
    });
    expect(cnpj.statusCode).toBe(422);
    expect(cnpj.json().message).toBe(MESSAGES.pixKeyTypeNotAllowed);
    const otherCpf = await t.app.inject({
      method: 'POST',
      url: '/api/banking-information',
      headers: h,
      payload: { type: 'pix', key_type: 'cpf', key: '529.982.247-25' },
    });
    expect(otherCpf.json().message).toBe(MESSAGES.pixCpfRequired);
    const otherEmail = await t.app.inject({
      method: 'POST',
      url: '/api/banking-information',
      headers: h,
      payload: { type: 'pix', key_type: 'email', key: 'outra@pessoa.com' },
    });
    expect(otherEmail.json().message).toBe(MESSAGES.pixEmailRequired);
    const badEmail = await t.app.inject({
      method: 'POST',
      url: '/api/banking-information',
      headers: h,
      payload: { type: 'pix', key_type: 'email', key: 'nao-e-email' },
    });
    expect(badEmail.json().message).toBe(MESSAGES.emailInvalid);
    const dup = await t.app.inject({
      method: 'POST',
      url: '/api/banking-information',
      headers: h,
      payload: { type: 'pix', key_type: 'cpf', key: '98765432100' },
    });
    expect(dup.json().message).toBe(MESSAGES.bankingDuplicate);
    expect(dup.json().code).toBe('ALREADY_EXISTS');
    for (const field of ['bank_number', 'branch_number', 'account_number']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/banking-information',
        headers: h,
        payload: {
          type: 'account',
          account_type: 'checking',
          bank_number: '341',
          branch_number: '1',
          account_number: '2',
          [field]: '',
        },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors[field]).toEqual([MESSAGES.bankAccountNumberRequired]);
    }

    const b = await createCustomer(t);
    const id = acct.json().bankingInformation.id;
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/banking-information/${id}`, headers: bearer(b.token) }))
        .statusCode,
    ).toBe(404);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/banking-information/${id}`, headers: h });
    expect(del.json()).toMatchObject({ message: MESSAGES.bankingDeleted, bankingInformation: { id } });
    const index = await t.app.inject({ method: 'GET', url: '/api/user/index', headers: h });
    expect(index.json().bankingInformation).toHaveLength(2);
  });

  it('refuses a CPF key for a company and accepts its own CNPJ', async () => {
    const co = await createCustomer(t, { accountType: 'company' });
    const h = bearer(co.token);
    await t.app.inject({
      method: 'POST',
      url: '/api/company',
      headers: h,
      payload: {
        cnpj: '12.ABC.345/01DE-35',
        razao_social: 'Empresa Pix Ltda',
        celular: '11987654321',
        email: 'fin@pix.com.br',
        cnae_principal: '4783-1/01',
        regime_tributario: 'simples',
      },
    });
    const cpf = await t.app.inject({
      method: 'POST',
      url: '/api/banking-information',
      headers: h,
      payload: { type: 'pix', key_type: 'cpf', key: '529.982.247-25' },
    });
    expect(cpf.statusCode).toBe(422);
    expect(cpf.json().message).toBe(MESSAGES.pixKeyTypeNotAllowed);
    const cnpj = await t.app.inject({
      method: 'POST',
      url: '/api/banking-information',
      headers: h,
      payload: { type: 'pix', key_type: 'cnpj', key: '12.abc.345/01de-35' },
    });
    expect(cnpj.statusCode).toBe(201);
    expect(cnpj.json().bankingInformation.key).toBe('12ABC34501DE35');
    const contact = await t.app.inject({
      method: 'POST',
      url: '/api/banking-information',
      headers: h,
      payload: { type: 'pix', key_type: 'email', key: 'fin@pix.com.br' },
    });
    expect(contact.statusCode).toBe(201);
  });
});

describe('trading-limit increase', () => {
  const fields = {
    new_limit: '250000.00',
    net_worth: '1.500.000,00',
    monthly_income: '45000',
    profession: 'Engenheira',
    company_name: 'Construtora Alfa',
    company_cnpj: '11.222.333/0001-81',
    other_info: '',
  };

  it('stores the request with its documents; a second one waits for the first', async () => {
    const a = await completeCustomer();
    const h = bearer(a.token);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/trading-limit-increase',
      ...form(
        fields,
        [
          { field: 'documents[]', name: 'ir.pdf', type: 'application/pdf', data: PDF },
          { field: 'documents[]', name: 'holerite.png', type: 'image/png', data: PNG },
        ],
        h,
      ),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: MESSAGES.limitRequested,
      tradingLimitRequest: {
        new_limit: 250000,
        net_worth: 1500000,
        monthly_income: 45000,
        status: 'pending',
        company_cnpj: '11222333000181',
      },
    });
    const docs = await t.database.db.select().from(documents).where(eq(documents.userId, a.id));
    expect(docs.filter((d) => d.purpose === 'trading_limit')).toHaveLength(2);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/trading-limit-increase',
      ...form(fields, [{ field: 'documents[]', name: 'ir.pdf', type: 'application/pdf', data: PDF }], h),
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe(MESSAGES.limitPendingExists);
    expect(again.json().code).toBe('LIMIT_REQUEST_PENDING');
  });

  it.each([
    [{ profession: '' }, 'profession', MESSAGES.professionRequired],
    [{ company_name: '' }, 'company_name', MESSAGES.companyNameRequired],
    [{ company_cnpj: '11.222.333/0001-00' }, 'company_cnpj', MESSAGES.cnpjInvalid],
    [{ new_limit: '' }, 'new_limit', MESSAGES.newLimitRequired],
    [{ new_limit: '12,345' }, 'new_limit', MESSAGES.amountInvalid],
    [{ new_limit: '100' }, 'new_limit', MESSAGES.newLimitTooLow],
  ])('%j → %s', async (patch, field, message) => {
    const a = await completeCustomer();
    const h = bearer(a.token);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/trading-limit-increase',
      ...form(
        { ...fields, ...patch },
        [{ field: 'documents[]', name: 'ir.pdf', type: 'application/pdf', data: PDF }],
        h,
      ),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toContain(message);
  });

  it('needs at least one document', async () => {
    const a = await completeCustomer();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/trading-limit-increase',
      ...form(fields, [], a.token),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(MESSAGES.limitDocumentsRequired);
  });
});

describe('password change', () => {
  it('checks the current password, ends the other sessions and lets the new password sign in', async () => {
    const a = await createCustomer(t);
    const other = await t.database.db
      .insert(sessions)
      .values({ id: crypto.randomUUID(), userId: a.id, expiresAt: new Date(Date.now() + 3600_000) })
      .returning();
    const h = bearer(a.token);
    const wrong = await t.app.inject({
      method: 'PUT',
      url: '/api/password',
      headers: h,
      payload: { password_current: 'errada-000', password: 'nova-senha-99', password_confirmation: 'nova-senha-99' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.password_current).toEqual([MESSAGES.passwordCurrentWrong]);
    for (const [payload, field, message] of [
      [
        { password_current: '', password: 'nova-senha-99', password_confirmation: 'nova-senha-99' },
        'password_current',
        MESSAGES.currentPasswordRequired,
      ],
      [
        { password_current: a.password, password: '', password_confirmation: '' },
        'password',
        MESSAGES.newPasswordRequired,
      ],
      [
        { password_current: a.password, password: 'curta', password_confirmation: 'curta' },
        'password',
        MESSAGES.passwordMin,
      ],
      [
        { password_current: a.password, password: 'nova-senha-99', password_confirmation: 'outra' },
        'password_confirmation',
        MESSAGES.passwordsMustMatch,
      ],
    ] as const) {
      const res = await t.app.inject({ method: 'PUT', url: '/api/password', headers: h, payload });
      expect(res.json().errors[field]).toContain(message);
    }
    const ok = await t.app.inject({
      method: 'PUT',
      url: '/api/password',
      headers: h,
      payload: { password_current: a.password, password: 'nova-senha-99', password_confirmation: 'nova-senha-99' },
    });
    expect(ok.json().message).toBe(MESSAGES.passwordChanged);
    const [otherRow] = await t.database.db.select().from(sessions).where(eq(sessions.id, other[0]!.id));
    expect(otherRow!.revokedAt).not.toBeNull();
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: h })).statusCode).toBe(200);
    await t.database.db.update(verificationCodes).set({ createdAt: new Date(Date.now() - 120_000) });
    expect(await signIn(t, a.email, 'nova-senha-99')).toMatch(/^ey/);
  });
});

describe('closing the account', () => {
  it('is refused while the customer holds money, then closes, revokes the session and blocks sign-in', async () => {
    const a = await createCustomer(t);
    const h = bearer(a.token);
    await postLedger(t.database.db, {
      id: `test.deposit:close-${a.id}:1`,
      debit: { system: 'pix:clearing' },
      credit: { customer: a.id, bucket: 'available' },
      currency: 'BRL',
      amount: 1500,
      code: 'deposit.pix',
    });
    const refused = await t.app.inject({ method: 'PUT', url: '/api/user/close-account', headers: h });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(MESSAGES.closeAccountHasBalance);
    expect(refused.json().code).toBe('ACCOUNT_HAS_BALANCE');
    await postLedger(t.database.db, {
      id: `test.withdrawal:close-${a.id}:1`,
      debit: { customer: a.id, bucket: 'available' },
      credit: { system: 'payout:clearing' },
      currency: 'BRL',
      amount: 1500,
      code: 'withdrawal.pix',
    });
    const closed = await t.app.inject({ method: 'PUT', url: '/api/user/close-account', headers: h });
    expect(closed.statusCode).toBe(200);
    expect(closed.json().message).toBe(MESSAGES.accountClosed);
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: h })).statusCode).toBe(401);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, a.id));
    expect(row!.closedAt).toBeInstanceOf(Date);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: a.email, password: a.password },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().closed_at).toBe(row!.closedAt!.toISOString());
  });
});

describe('GET /api/event-logs', () => {
  it("pages the customer's own account events, newest first", async () => {
    const a = await completeCustomer();
    await t.app.inject({
      method: 'POST',
      url: '/api/documents',
      ...form({}, [{ field: 'document', name: 'rg.pdf', type: 'application/pdf', data: PDF }], a.token),
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/event-logs?page=1', headers: bearer(a.token) });
    expect(res.statusCode).toBe(200);
    const { event_logs } = res.json();
    expect(event_logs.per_page).toBe(15);
    expect(event_logs.total).toBeGreaterThanOrEqual(3);
    expect(event_logs.data[0]).toEqual({
      id: expect.any(Number),
      created_at: expect.any(String),
      description: expect.any(String),
    });
    expect(event_logs.data.map((e: { description: string }) => e.description)).toContain('Conta criada');
    const other = await createCustomer(t);
    const mine = (await t.app.inject({ method: 'GET', url: '/api/event-logs', headers: bearer(other.token) })).json()
      .event_logs;
    expect(event_logs.data.map((e: { description: string }) => e.description)).toContain('Documento enviado: rg.pdf');
    expect(mine.data.every((e: { description: string }) => !e.description.includes('Documento'))).toBe(true);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/event-logs?page=0', headers: bearer(other.token) })).statusCode,
    ).toBe(422);
  });
});
