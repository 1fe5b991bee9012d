import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@prata/domain';
import { loadConfig } from '@/config';
import { auditLog, passkeyChallenges, passkeyFallbacks, passkeys, verificationCodes } from '@/db/schema/index';
import {
  approvedCustomer,
  bearer,
  buildTestApp,
  createCustomer,
  type Customer,
  fundCustomer,
  latestCode,
  outboxFor,
  staffMember,
  type TestApp,
} from '../../../test/helpers';
import { SoftAuthenticator } from '../../../test/soft-authenticator';
import { PRODUCTION_ENV } from '../../../test/production-env';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});

const post = (url: string, payload: object, token?: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: token ? bearer(token) : undefined });

/** Registers a passkey the way "Criar chave de acesso" does: options, the authenticator's answer, the name. */
async function addPasskey(c: Customer, name = 'Meu celular', app: TestApp = t) {
  const authenticator = new SoftAuthenticator();
  const options = await app.app.inject({
    method: 'POST',
    url: '/api/user/passkeys/registration-options',
    headers: bearer(c.token),
  });
  expect(options.statusCode, options.body).toBe(200);
  const created = await app.app.inject({
    method: 'POST',
    url: '/api/user/passkeys',
    headers: bearer(c.token),
    payload: { name, credential: authenticator.register(options.json().options) },
  });
  expect(created.statusCode, created.body).toBe(201);
  return { authenticator, id: created.json().passkey.id as number };
}

const loginOptions = async (c: Customer) => {
  const r = await post('/api/login/passkey/options', { email: c.email, password: c.password });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().options as { challenge: string; allowCredentials: Array<{ id: string }> };
};

const audits = async (userId: number) =>
  (await t.database.db.select().from(auditLog).where(eq(auditLog.actorUserId, userId)).orderBy(desc(auditLog.id))).map(
    (a) => a.action,
  );

describe('registering passkeys', () => {
  it('creates, lists and removes passkeys; removing asks for the password; each change is audited and e-mailed', async () => {
    const c = await createCustomer(t);
    const first = await addPasskey(c, 'Meu celular');
    await addPasskey(c, 'Notebook');
    const list = await t.app.inject({ method: 'GET', url: '/api/user/passkeys', headers: bearer(c.token) });
    expect(list.json().passkeys).toEqual([
      { id: first.id, name: 'Meu celular', created_at: expect.any(String), last_used_at: null },
      { id: expect.any(Number), name: 'Notebook', created_at: expect.any(String), last_used_at: null },
    ]);
    const remove = (id: number, password: string, token = c.token) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/user/passkeys/${id}`,
        headers: bearer(token),
        payload: { password },
      });
    const wrong = await remove(first.id, 'senha-errada-1');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { password: [MESSAGES.passwordCurrentWrong] },
    });
    const other = await createCustomer(t);
    expect((await remove(first.id, other.password, other.token)).statusCode).toBe(404);
    const done = await remove(first.id, c.password);
    expect(done.json()).toEqual({ message: MESSAGES.passkeyRemoved });
    const after = await t.app.inject({ method: 'GET', url: '/api/user/passkeys', headers: bearer(c.token) });
    expect(after.json().passkeys.map((p: { name: string }) => p.name)).toEqual(['Notebook']);
    expect(await audits(c.id)).toEqual(['passkey.removed', 'passkey.registered', 'passkey.registered']);
    const subjects = (await outboxFor(t.database, c.email)).map((m) => m.subject);
    expect(subjects).toContain('Chave de acesso criada');
    expect(subjects).toContain('Chave de acesso removida');
  });

  it('refuses a registration from another origin or RP ID, a reused challenge, an empty name and the same authenticator twice', async () => {
    const c = await createCustomer(t);
    const options = async () =>
      (
        await t.app.inject({ method: 'POST', url: '/api/user/passkeys/registration-options', headers: bearer(c.token) })
      ).json().options as { challenge: string };
    const create = (credential: object, name = 'Chave') => post('/api/user/passkeys', { name, credential }, c.token);
    const a = new SoftAuthenticator();
    const origin = await create(a.register(await options(), { origin: 'https://prata.example.net' }));
    expect(origin.json()).toMatchObject({ code: 'PASSKEY_WRONG_ORIGIN', message: MESSAGES.passkeyWrongOrigin });
    const rp = await create(a.register(await options(), { rpId: 'prata.example.net' }));
    expect(rp.json()).toMatchObject({ code: 'PASSKEY_WRONG_RP_ID', message: MESSAGES.passkeyWrongRpId });
    expect((await create(a.register(await options()), '  ')).json().errors.name).toEqual([
      MESSAGES.passkeyNameRequired,
    ]);
    const o = await options();
    expect((await create(a.register(o))).statusCode).toBe(201);
    expect((await create(new SoftAuthenticator().register(o))).json().code).toBe('PASSKEY_CHALLENGE_USED');
    const twice = await create(a.register(await options()));
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'ALREADY_EXISTS', message: MESSAGES.passkeyAlreadyRegistered });
    expect((await t.app.inject({ method: 'GET', url: '/api/user/passkeys' })).statusCode).toBe(401);
  });
});

describe('signing in with a passkey', () => {
  it('the password, then the passkey instead of the code; the code is refused while a passkey exists', async () => {
    const c = await createCustomer(t);
    const before = await post('/api/login', { email: c.email, password: c.password });
    expect(before.json()).toMatchObject({ second_step: 'code', fallback_ready_at: null });
    const { authenticator, id } = await addPasskey(c);
    const first = await post('/api/login', { email: c.email, password: c.password });
    expect(first.json()).toMatchObject({ second_step: 'passkey', fallback_ready_at: null });
    const code = await post('/api/login/verification-method', {
      email: c.email,
      password: c.password,
      verificationMethod: 'email',
    });
    expect(code.statusCode).toBe(403);
    expect(code.json()).toMatchObject({ code: 'PASSKEY_REQUIRED', message: MESSAGES.passkeyRequired });
    // the code's step comes before any password: it answers as for an unknown e-mail
    const guessed = await post('/api/login/verification-code', { email: c.email, code: '123456' });
    const unknown = await post('/api/login/verification-code', { email: 'ninguem.aqui@exemplo.com', code: '123456' });
    expect(guessed.statusCode).toBe(422);
    expect(guessed.json()).toEqual(unknown.json());
    const wrongPassword = await post('/api/login/passkey/options', { email: c.email, password: 'errada-12345' });
    expect(wrongPassword.json().code).toBe('INVALID_CREDENTIALS');

    const options = await loginOptions(c);
    expect(options.allowCredentials.map((x) => x.id)).toEqual([authenticator.id]);
    const done = await post('/api/login/passkey', { email: c.email, credential: authenticator.assert(options) });
    expect(done.statusCode, done.body).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(done.json().authToken) });
    expect(me.json().user.id).toBe(c.id);
    const [row] = await t.database.db.select().from(passkeys).where(eq(passkeys.id, id));
    expect(row!.lastUsedAt).not.toBeNull();
    expect(row!.counter).toBe(1);
    expect((await audits(c.id))[0]).toBe('passkey.used');
  });

  it('refuses another account’s passkey, a replayed assertion, a cloned counter, a wrong origin or RP ID, an expired challenge', async () => {
    const c = await createCustomer(t);
    const { authenticator } = await addPasskey(c);
    const other = await createCustomer(t);
    const theirs = await addPasskey(other);
    const signIn = (credential: object) => post('/api/login/passkey', { email: c.email, credential });
    const expectRefusal = async (credential: object, code: string, message: string) => {
      const r = await signIn(credential);
      expect(r.statusCode, r.body).toBe(422);
      expect(r.json()).toMatchObject({ code, message, errors: { passkey: [message] } });
    };

    await expectRefusal(theirs.authenticator.assert(await loginOptions(c)), 'PASSKEY_UNKNOWN', MESSAGES.passkeyUnknown);
    // an unknown e-mail gets the same answers as an account, for the same assertions
    for (const lie of [{}, { origin: 'https://outro.example.net' }]) {
      const assertion = authenticator.assert(await loginOptions(other), lie);
      const nobody = await post('/api/login/passkey', { email: 'ninguem.aqui@exemplo.com', credential: assertion });
      const someone = await post('/api/login/passkey', { email: other.email, credential: assertion });
      expect(nobody.json()).toEqual(someone.json());
    }
    // a challenge of the other account signed by the right passkey is no better
    const theirChallenge = await loginOptions(other);
    await expectRefusal(authenticator.assert(theirChallenge), 'PASSKEY_INVALID', MESSAGES.passkeyInvalid);

    const options = await loginOptions(c);
    const assertion = authenticator.assert(options);
    expect((await signIn(assertion)).statusCode).toBe(200);
    await expectRefusal(assertion, 'PASSKEY_CHALLENGE_USED', MESSAGES.passkeyChallengeUsed);
    // a clone of the authenticator signs a fresh challenge with a counter already seen
    await expectRefusal(
      authenticator.assert(await loginOptions(c), { counter: authenticator.counter }),
      'PASSKEY_COUNTER_REPLAYED',
      MESSAGES.passkeyCounterReplayed,
    );
    await expectRefusal(
      authenticator.assert(await loginOptions(c), { origin: 'https://prata-login.example.net' }),
      'PASSKEY_WRONG_ORIGIN',
      MESSAGES.passkeyWrongOrigin,
    );
    await expectRefusal(
      authenticator.assert(await loginOptions(c), { rpId: 'prata-login.example.net' }),
      'PASSKEY_WRONG_RP_ID',
      MESSAGES.passkeyWrongRpId,
    );
    const late = await loginOptions(c);
    await t.database.db
      .update(passkeyChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passkeyChallenges.challenge, late.challenge));
    await expectRefusal(authenticator.assert(late), 'PASSKEY_CHALLENGE_EXPIRED', MESSAGES.passkeyChallengeExpired);
    // a day past its window, the next challenge of the account clears it
    await t.database.db
      .update(passkeyChallenges)
      .set({ expiresAt: new Date(Date.now() - 2 * 86_400_000) })
      .where(eq(passkeyChallenges.challenge, late.challenge));
    await loginOptions(c);
    const gone = await t.database.db
      .select()
      .from(passkeyChallenges)
      .where(eq(passkeyChallenges.challenge, late.challenge));
    expect(gone).toEqual([]);
    // a signature that does not match
    const forged = authenticator.assert(await loginOptions(c));
    forged.response.signature = theirs.authenticator.assert(await loginOptions(other)).response.signature;
    await expectRefusal(forged, 'PASSKEY_INVALID', MESSAGES.passkeyInvalid);
    // and still signs in afterwards
    expect((await signIn(authenticator.assert(await loginOptions(c)))).statusCode).toBe(200);
  });

  it('"Perdi minha chave de acesso": an e-mail at once, the e-mail code after the wait, once', async () => {
    const c = await createCustomer(t);
    await addPasskey(c);
    const asked = await post('/api/login/passkey/fallback', { email: c.email, password: c.password });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({ message: MESSAGES.passkeyFallbackRequested, wait_seconds: 30 });
    expect((await outboxFor(t.database, c.email))[0]!.subject).toBe('Pedido de acesso sem a chave de acesso');
    // asking again changes nothing
    const again = await post('/api/login/passkey/fallback', { email: c.email, password: c.password });
    expect(again.json().available_at).toBe(asked.json().available_at);
    expect((await post('/api/login', { email: c.email, password: c.password })).json()).toMatchObject({
      second_step: 'passkey',
      fallback_ready_at: asked.json().available_at,
    });
    const method = (verificationMethod: string) =>
      post('/api/login/verification-method', { email: c.email, password: c.password, verificationMethod });
    const early = await method('email');
    expect(early.statusCode).toBe(429);
    expect(early.json().code).toBe('PASSKEY_FALLBACK_WAIT');
    expect(early.headers['retry-after']).toBeDefined();

    await t.database.db
      .update(passkeyFallbacks)
      .set({ availableAt: new Date(Date.now() - 1000) })
      .where(eq(passkeyFallbacks.userId, c.id));
    await t.database.db.update(verificationCodes).set({ createdAt: new Date(Date.now() - 61_000) });
    expect((await post('/api/login', { email: c.email, password: c.password })).json().second_step).toBe('code');
    expect((await method('sms')).json().errors.verificationMethod).toEqual([MESSAGES.passkeyFallbackEmailOnly]);
    expect((await method('email')).statusCode).toBe(200);
    const code = await latestCode(t.database, c.email);
    const done = await post('/api/login/verification-code', { email: c.email, code });
    expect(done.statusCode, done.body).toBe(200);
    expect((await audits(c.id)).slice(0, 2)).toEqual(['passkey.fallback_used', 'passkey.fallback_requested']);
    // spent: the next sign-in asks for the passkey again
    expect((await post('/api/login', { email: c.email, password: c.password })).json().second_step).toBe('passkey');
  });
});

describe('money leaving with a passkey', () => {
  it('a withdrawal is confirmed with the passkey, bound to its account and amount; the e-mail code is refused', async () => {
    const c = await approvedCustomer(t);
    await fundCustomer(t.database, c.id, 'BRL', 50_000);
    const entry = await post(
      '/api/banking-information',
      {
        type: 'account',
        account_type: 'checking',
        bank_number: '341',
        branch_number: '1234',
        account_number: '56789-0',
      },
      c.token,
    );
    const bankingInformationId = entry.json().bankingInformation.id as number;
    const overview = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/withdrawal', headers: bearer(c.token) })).json();
    expect((await overview()).confirm_with).toBe('code');
    const { authenticator } = await addPasskey(c);
    expect((await overview()).confirm_with).toBe('passkey');
    const code = await post('/api/withdrawal/verification-code', { amount: '100,00' }, c.token);
    expect(code.json().code).toBe('PASSKEY_REQUIRED');
    const byCode = await post(
      '/api/withdrawal',
      { verificationCode: '123456', bankingInformationId, amount: '100,00' },
      c.token,
    );
    expect(byCode.json().code).toBe('PASSKEY_REQUIRED');

    const options = async (amount: string) => {
      const r = await post('/api/withdrawal/passkey-options', { bankingInformationId, amount }, c.token);
      expect(r.statusCode, r.body).toBe(200);
      return r.json().options;
    };
    const forHundred = authenticator.assert(await options('100,00'));
    const more = await post(
      '/api/withdrawal/passkey',
      { bankingInformationId, amount: '400,00', passkey: forHundred },
      c.token,
    );
    expect(more.json()).toMatchObject({ code: 'PASSKEY_INVALID' });
    const withdraw = await post(
      '/api/withdrawal/passkey',
      { bankingInformationId, amount: '100,00', passkey: authenticator.assert(await options('100,00')) },
      c.token,
    );
    expect(withdraw.statusCode, withdraw.body).toBe(201);
    expect(withdraw.json().withdrawal).toMatchObject({ amount: 100, status: 'pending' });
    const [used] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorUserId, c.id), eq(auditLog.action, 'passkey.used')))
      .orderBy(desc(auditLog.id));
    expect(used!.details).toEqual({ purpose: 'withdrawal' });
    // a sign-in assertion does not confirm a withdrawal
    const login = authenticator.assert(await loginOptions(c));
    const crossed = await post(
      '/api/withdrawal/passkey',
      { bankingInformationId, amount: '100,00', passkey: login },
      c.token,
    );
    expect(crossed.json().code).toBe('PASSKEY_INVALID');
  });

  it('a silver transfer is confirmed with the passkey, bound to the grams and the receiver; the e-mail code is refused', async () => {
    const a = await approvedCustomer(t);
    const b = await approvedCustomer(t);
    await fundCustomer(t.database, a.id, 'AG', 1_000);
    const { authenticator } = await addPasskey(a);
    const overview = await t.app.inject({ method: 'GET', url: '/api/silver-transfer', headers: bearer(a.token) });
    expect(overview.json().confirm_with).toBe('passkey');
    const code = await post(
      '/api/silver-transfer/verification-code',
      { quantity_grams: '2', receiver_email: b.email },
      a.token,
    );
    expect(code.json().code).toBe('PASSKEY_REQUIRED');
    const options = async (quantity: string) => {
      const r = await post(
        '/api/silver-transfer/passkey-options',
        { quantity_grams: quantity, receiver_email: b.email },
        a.token,
      );
      expect(r.statusCode, r.body).toBe(200);
      return r.json().options;
    };
    const body = (quantity: string, passkey: object) => ({
      receiver_id: b.id,
      receiver_email: b.email,
      quantity_grams: quantity,
      message: null,
      passkey,
    });
    const forTwo = authenticator.assert(await options('2'));
    const more = await post('/api/silver-transfer/passkey', body('5', forTwo), a.token);
    expect(more.json().code).toBe('PASSKEY_INVALID');
    const sent = await post(
      '/api/silver-transfer/passkey',
      body('2', authenticator.assert(await options('2'))),
      a.token,
    );
    expect(sent.statusCode, sent.body).toBe(201);
    const [used] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorUserId, a.id), eq(auditLog.action, 'passkey.used')))
      .orderBy(desc(auditLog.id));
    expect(used!.details).toEqual({ purpose: 'transfer' });
  });
});

describe('operators and settings', () => {
  it('PASSKEYS_REQUIRED_FOR_OPERATORS: the back office answers OPERATOR_PASSKEY_REQUIRED until the operator has one', async () => {
    const strict = await buildTestApp({ config: { operatorPasskeys: true } });
    const op = await staffMember(strict, ['compliance']);
    const audit = () => strict.app.inject({ method: 'GET', url: '/api/admin/audit-log', headers: bearer(op.token) });
    const door = () => strict.app.inject({ method: 'GET', url: '/api/admin/access', headers: bearer(op.token) });
    expect((await door()).json().code).toBe('OPERATOR_PASSKEY_REQUIRED');
    const refused = await audit();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'OPERATOR_PASSKEY_REQUIRED',
      message: MESSAGES.operatorPasskeyRequired,
    });
    await addPasskey(op, 'Chave do operador', strict);
    expect((await audit()).statusCode).toBe(200);
    expect((await door()).json()).toEqual({ message: MESSAGES.adminAccessGranted });
    // without the setting, an operator without a passkey opens the back office; a customer never does
    const relaxed = await staffMember(t, ['support']);
    const open = await t.app.inject({ method: 'GET', url: '/api/admin/access', headers: bearer(relaxed.token) });
    expect(open.statusCode).toBe(200);
    const customer = await createCustomer(t);
    const closed = await t.app.inject({ method: 'GET', url: '/api/admin/access', headers: bearer(customer.token) });
    expect(closed.json().code).toBe('FORBIDDEN');
    await strict.app.close();
  });

  it('RP ID and origin come from PUBLIC_URL; production without an https one turns passkeys off, or refuses to start', async () => {
    expect(loadConfig({ PUBLIC_URL: 'https://prata.com.br' }).passkeys).toEqual({
      rpId: 'prata.com.br',
      origin: 'https://prata.com.br',
      rpName: 'Prata',
    });
    expect(loadConfig({ PORT: '4100' }).passkeys).toMatchObject({ rpId: 'localhost', origin: 'http://localhost:4100' });
    const production = PRODUCTION_ENV;
    expect(loadConfig(production).passkeys).toBeNull();
    expect(loadConfig({ ...production, PUBLIC_URL: 'http://10.0.0.5' }).passkeys).toBeNull();
    expect(loadConfig({ ...production, PUBLIC_URL: 'https://prata.com.br' }).passkeys?.rpId).toBe('prata.com.br');
    expect(() => loadConfig({ ...production, PASSKEYS_REQUIRED_FOR_OPERATORS: '1' })).toThrow(/PUBLIC_URL/);
    expect(loadConfig(production).windows.passkeyFallbackWaitSeconds).toBe(900);

    const off = await buildTestApp({ config: { passkeys: null } });
    const c = await createCustomer(off);
    const r = await off.app.inject({
      method: 'POST',
      url: '/api/user/passkeys/registration-options',
      headers: bearer(c.token),
    });
    expect(r.statusCode).toBe(503);
    expect(r.json()).toMatchObject({ code: 'PASSKEYS_UNAVAILABLE', message: MESSAGES.passkeysUnavailable });
    await off.app.close();
  });
});
