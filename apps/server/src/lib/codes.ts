import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { MESSAGES } from '@prata/domain';
import type { Config } from '@/config';
import type { Db, Executor } from '@/db/client';
import { verificationCodes } from '@/db/schema/index';
import { hmacHex, randomSixDigits, safeEqualHex } from './crypto';
import { invalid } from './errors';
import { RateLimitedError } from '@/plugins/rate-limit';

/** The secret that keys the stored HMACs and the windows of codes (CODE_RESEND_SECONDS, CODE_TTL_SECONDS, ...). */
export type CodeSettings = Pick<Config, 'windows'> & { jwtSecret: string };

type CodePurpose = 'login' | 'withdrawal' | 'transfer' | 'ticket' | 'contact_change';
type CodeKey = { subject: string; purpose: CodePurpose };

/** What sending a code answers (the domain's CodeSentResponse): the message, the resend wait, the code's validity. */
export function codeSent(settings: Pick<Config, 'windows'>, message: string) {
  return {
    message,
    resendAfterSeconds: settings.windows.codeResendSeconds,
    validForSeconds: settings.windows.codeTtlSeconds,
  };
}

/**
 * What a code confirms (amount, receiver, new mobile number ...): a code for R$ 100 cannot confirm R$ 1.000, and a
 * code for number A cannot confirm number B.
 */
export type Binding = Record<string, string | number | null>;

/**
 * The canonical text of a binding: JSON of its [key, value] pairs in key order. Values keep their type and their
 * characters are escaped, so no two different bindings share a text ('a=1&b=2' vs { a: '1&b=2' }; null vs 'null';
 * 1 vs '1'), and the order the caller wrote the keys in does not matter.
 */
export function bindingText(b: Binding | undefined): string {
  if (!b) return '';
  const pairs = Object.keys(b)
    .sort()
    .map((k) => {
      const v = b[k];
      // JSON writes NaN, Infinity and undefined as null: refuse them rather than let them equal a real null.
      if (v === undefined || (typeof v === 'number' && !Number.isFinite(v))) throw new Error(`binding ${k}: ${v}`);
      return [k, v];
    });
  return JSON.stringify(pairs);
}

/** The advisory locks' first key for codes (the second is the subject and purpose's hash). */
const CODES_LOCK = 7_301;

const hashCode = (secret: string, key: CodeKey, code: string) =>
  hmacHex(secret, `${key.purpose}|${key.subject}|${code}`);

/**
 * Issues a new six-digit code (the previous one for the same subject and purpose dies), stored only as an HMAC.
 * Refuses with 429 when the last code is younger than the resend window. `beforeIssue` runs once the window allows a
 * new code (the place for a per-destination limit). Runs in the caller's transaction, under a lock on the subject
 * and purpose held to its end: requests at once for one subject issue one after the other, so the window holds and
 * only the newest code lives.
 */
export async function issueCode(
  tx: Executor,
  settings: CodeSettings,
  input: CodeKey & {
    userId: number | null;
    channel: 'email' | 'sms';
    binding?: Binding;
    beforeIssue?: () => Promise<void>;
  },
): Promise<string> {
  const secret = settings.jwtSecret;
  const subject = input.subject.toLowerCase();
  await tx.execute(sql`select pg_advisory_xact_lock(${CODES_LOCK}::int, hashtext(${`${input.purpose}|${subject}`}))`);
  const [last] = await tx
    .select({ createdAt: verificationCodes.createdAt })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.subject, subject), eq(verificationCodes.purpose, input.purpose)))
    .orderBy(desc(verificationCodes.id))
    .limit(1);
  if (last) {
    const waitMs = last.createdAt.getTime() + settings.windows.codeResendSeconds * 1000 - Date.now();
    if (waitMs > 0) {
      const seconds = Math.ceil(waitMs / 1000);
      throw new RateLimitedError('CODE_RESEND_WAIT', MESSAGES.codeResendWait(seconds), seconds);
    }
  }
  await input.beforeIssue?.();
  await tx
    .update(verificationCodes)
    .set({ consumedAt: new Date() })
    .where(
      and(
        eq(verificationCodes.subject, subject),
        eq(verificationCodes.purpose, input.purpose),
        isNull(verificationCodes.consumedAt),
      ),
    );
  const code = randomSixDigits();
  await tx.insert(verificationCodes).values({
    userId: input.userId,
    subject,
    purpose: input.purpose,
    channel: input.channel,
    codeHash: hashCode(secret, { ...input, subject }, code),
    bindingHash: input.binding ? hmacHex(secret, bindingText(input.binding)) : null,
    expiresAt: new Date(Date.now() + settings.windows.codeTtlSeconds * 1000),
  });
  return code;
}

/**
 * Checks a code in its own transaction, so a wrong guess is counted even though the caller's request fails.
 * Five wrong guesses kill the code; a right one consumes it (single use). Throws a 422 AppError otherwise.
 */
export async function consumeCode(
  db: Db,
  settings: CodeSettings,
  input: CodeKey & { code: string; binding?: Binding },
): Promise<{ userId: number | null }> {
  const secret = settings.jwtSecret;
  const maxAttempts = settings.windows.codeMaxAttempts;
  const subject = input.subject.toLowerCase();
  const outcome = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(verificationCodes)
      .where(
        and(
          eq(verificationCodes.subject, subject),
          eq(verificationCodes.purpose, input.purpose),
          isNull(verificationCodes.consumedAt),
        ),
      )
      .orderBy(desc(verificationCodes.id))
      .limit(1)
      .for('update');
    if (!row || row.expiresAt.getTime() <= Date.now())
      return { error: 'CODE_EXPIRED', message: MESSAGES.codeExpired } as const;
    if (row.attempts >= maxAttempts)
      return { error: 'CODE_TOO_MANY_ATTEMPTS', message: MESSAGES.codeTooManyAttempts } as const;
    const codeOk = safeEqualHex(row.codeHash, hashCode(secret, { subject, purpose: input.purpose }, input.code));
    const bindingOk =
      row.bindingHash === null
        ? input.binding === undefined
        : safeEqualHex(row.bindingHash, hmacHex(secret, bindingText(input.binding)));
    if (!codeOk || !bindingOk) {
      const attempts = row.attempts + 1;
      await tx
        .update(verificationCodes)
        .set({ attempts, ...(attempts >= maxAttempts ? { consumedAt: new Date() } : {}) })
        .where(eq(verificationCodes.id, row.id));
      return attempts >= maxAttempts
        ? ({ error: 'CODE_TOO_MANY_ATTEMPTS', message: MESSAGES.codeTooManyAttempts } as const)
        : ({ error: 'CODE_INVALID', message: MESSAGES.codeInvalid } as const);
    }
    await tx.update(verificationCodes).set({ consumedAt: new Date() }).where(eq(verificationCodes.id, row.id));
    return { userId: row.userId } as const;
  });
  if (outcome.error && outcome.message) throw invalid('code', outcome.message, outcome.error);
  return outcome;
}
