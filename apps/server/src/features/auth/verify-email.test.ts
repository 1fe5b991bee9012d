import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@prata/domain';
import { oneTimeTokens, users } from '@/db/schema/index';
import { sha256Hex } from '@/lib/crypto';
import { buildTestApp, latestLink, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});

async function register() {
  const email = `verifica${Math.random().toString(36).slice(2, 8)}@exemplo.com`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/register',
    remoteAddress: `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    payload: {
      name: 'Beatriz Souza',
      email,
      email_confirmation: email,
      password: 'prata-segura-1',
      password_confirmation: 'prata-segura-1',
      account_type: 'individual',
    },
  });
  const id = res.json().user.id as number;
  const token = async () => (await latestLink(t.database, email, '/email/verify/')).pathname.split('/').pop()!;
  return { id, email, token };
}

const open = (token: string) => t.app.inject({ method: 'POST', url: `/api/register/verify/${token}` });
const verifiedAt = async (id: number) =>
  (await t.database.db.select({ at: users.emailVerifiedAt }).from(users).where(eq(users.id, id)))[0]?.at ?? null;

describe('opening an e-mail verification link again', () => {
  it('says the e-mail is already confirmed (200), not that the link is invalid', async () => {
    const account = await register();
    const token = await account.token();
    const first = await open(token);
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe(MESSAGES.emailVerified);
    const at = await verifiedAt(account.id);
    expect(at).toBeInstanceOf(Date);

    const again = await open(token);
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe(MESSAGES.emailAlreadyVerified);
    expect(await verifiedAt(account.id)).toEqual(at);
  });

  it('an older link, replaced by a newer one that was used, also says already confirmed', async () => {
    const account = await register();
    const older = await account.token();
    await t.app.inject({ method: 'GET', url: `/api/register/verify/${account.id}` });
    const newer = await account.token();
    expect(newer).not.toBe(older);
    // before the newer link is used, the older one is simply invalid: the account is not verified
    const early = await open(older);
    expect(early.statusCode).toBe(422);
    expect(early.json().message).toBe(MESSAGES.verificationLinkInvalid);
    expect((await open(newer)).json().message).toBe(MESSAGES.emailVerified);
    const late = await open(older);
    expect(late.statusCode).toBe(200);
    expect(late.json().message).toBe(MESSAGES.emailAlreadyVerified);
  });

  it('an unknown token stays invalid', async () => {
    const res = await open('y'.repeat(43));
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(MESSAGES.verificationLinkInvalid);
  });

  it('an expired link stays invalid, however often it is opened, even once the account is verified', async () => {
    const account = await register();
    const token = await account.token();
    await t.database.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.tokenHash, sha256Hex(token)));
    for (let i = 0; i < 2; i++) {
      const res = await open(token);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(MESSAGES.verificationLinkInvalid);
    }
    expect(await verifiedAt(account.id)).toBeNull();
    await t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, account.id));
    expect((await open(token)).statusCode).toBe(422);
  });
});
