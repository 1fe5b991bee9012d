import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@prata/domain';
import type { Database } from '@/db/client';
import { rows } from '@/db/sql';
import { withTransaction } from '@/db/tx';
import { readLimits } from '@/limits';
import { createTestDatabase } from '../../test/helpers';
import { type Binding, bindingText, consumeCode, issueCode } from './codes';

const SETTINGS = { jwtSecret: 'test-secret-test-secret-test-secret-0123', windows: readLimits({}).windows };

/** The former encoding of a binding: `k=v` joined with '&', which several different operations could share. */
const oldBindingText = (b: Binding) =>
  Object.keys(b)
    .sort()
    .map((k) => `${k}=${b[k]}`)
    .join('&');

describe('bindingText', () => {
  it.each<[string, Binding, Binding]>([
    ["a value holding '&' and '='", { amount: '1&receiver=ana@x.com' }, { amount: 1, receiver: 'ana@x.com' }],
    ['null and the text "null"', { note: null }, { note: 'null' }],
    ['a number and its text', { amountCents: 100 }, { amountCents: '100' }],
    ["'=' inside a key", { 'a=b': 'c' }, { a: 'b=c' }],
  ])('tells apart two operations the old encoding confused: %s', (_case, first, second) => {
    expect(oldBindingText(first)).toBe(oldBindingText(second));
    expect(bindingText(first)).not.toBe(bindingText(second));
  });

  it('does not depend on the order the keys were written in', () => {
    expect(bindingText({ b: 2, a: 'x' })).toBe(bindingText({ a: 'x', b: 2 }));
  });

  it('refuses values JSON would write as null', () => {
    expect(() => bindingText({ amount: Number.NaN })).toThrow();
    expect(() => bindingText({ amount: undefined as unknown as null })).toThrow();
  });
});

describe('a bound code', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });

  it('issued for one operation does not confirm another whose old encoding was the same', async () => {
    const subject = 'binding@exemplo.com.br';
    const issued = { amount: '1&receiver=ana@x.com' };
    const forged = { amount: 1, receiver: 'ana@x.com' };
    const code = await issueCode(database.db, SETTINGS, {
      userId: null,
      subject,
      purpose: 'transfer',
      channel: 'email',
      binding: issued,
    });
    await expect(
      consumeCode(database.db, SETTINGS, { subject, purpose: 'transfer', code, binding: forged }),
    ).rejects.toMatchObject({ code: 'CODE_INVALID', message: MESSAGES.codeInvalid });
    await expect(
      consumeCode(database.db, SETTINGS, { subject, purpose: 'transfer', code, binding: issued }),
    ).resolves.toEqual({ userId: null });
  });
});

describe('codes asked for at once', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  const ask = (settings: typeof SETTINGS, subject: string) =>
    withTransaction(database.db, (tx) =>
      issueCode(tx, settings, { userId: null, subject, purpose: 'login', channel: 'email' }),
    );
  const living = async (subject: string) => {
    const [row] = await rows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from verification_codes where subject = ${subject} and consumed_at is null`,
    );
    return row!.n;
  };

  it('20 requests for one subject issue one code; the others wait for the resend window', async () => {
    const subject = `rajada-${Date.now()}@exemplo.com.br`;
    const outcomes = await Promise.allSettled(Array.from({ length: 20 }, () => ask(SETTINGS, subject)));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    for (const o of outcomes.filter((x) => x.status === 'rejected')) {
      expect((o as PromiseRejectedResult).reason).toMatchObject({ code: 'CODE_RESEND_WAIT' });
    }
    expect(await living(subject)).toBe(1);
  });

  it('without a resend window, each new code kills the one before: only the newest lives', async () => {
    const subject = `sem-espera-${Date.now()}@exemplo.com.br`;
    const settings = { ...SETTINGS, windows: { ...SETTINGS.windows, codeResendSeconds: 0 } };
    const codes = await Promise.all(Array.from({ length: 20 }, () => ask(settings, subject)));
    expect(codes).toHaveLength(20);
    expect(await living(subject)).toBe(1);
  });
});
