import {
  MESSAGES,
  maskCelular,
  type PasskeyAssertion,
  type PasskeyLoginRequest,
  type PasswordResetRequest,
  type RegisterRequest,
  type VerificationCodeRequest,
  type VerificationMethodRequest,
} from '@prata/domain';
import type { AppDeps } from '@/deps';
import type { Executor } from '@/db/client';
import { pgConstraint, withTransaction } from '@/db/tx';
import type { UserRow } from '@/db/rows';
import { reopenAccount as reopenLedgerAccount } from '@/ledger/index';
import { logEvent } from '@/lib/audit';
import { codeSent, consumeCode, issueCode } from '@/lib/codes';
import { AppError, invalid } from '@/lib/errors';
import { consumeOneTimeToken, createOneTimeToken, usedTokenOwner } from '@/lib/one-time-tokens';
import { dummyPasswordHash, hashPassword, verifyPassword } from '@/lib/passwords';
import { enqueueEmail, enqueueSms } from '@/messaging/outbox';
import {
  accountReopenedMail,
  emailVerificationMail,
  loginCodeMail,
  loginCodeSms,
  passwordResetMail,
} from '@/messaging/templates';
import { revokeSessions } from '@/plugins/auth';
import { describeDevice, openSession } from '@/features/devices/index';
import { emailKey, settledBy } from '@/plugins/rate-limit';
import { findErasedAccount, recordRegistrationConsents } from '@/features/privacy/index';
import {
  assertionOptions,
  codeAllowed,
  requestFallback,
  secondStep,
  spendFallback,
  verifyAssertion,
} from '@/features/passkeys/index';
import { findUserByEmail, findUserById, presentUser } from '@/features/users/index';
import { couponByCode, emailVerifiedAt, insertUser, markEmailVerified, setAccountColumns } from './repository';

type Meta = { ip: string; userAgent?: string };

const verificationUrl = (deps: AppDeps, token: string) => `${deps.config.publicUrl}/email/verify/${token}`;

/** Creates the account (not yet verified) and queues the verification e-mail in the same transaction. */
export async function register(deps: AppDeps, input: RegisterRequest, meta: Meta) {
  // An address that already probed too many registered e-mails waits whatever it sends now, before the e-mail is
  // looked up: a 429 for taken e-mails only would itself say which e-mails have an account.
  const probe = await deps.limiter.attemptDistinct('registerTakenAddress', meta.ip, emailKey(input.email));
  try {
    const account = await registerAccount(deps, input, meta);
    await probe.succeeded();
    return account;
  } catch (err) {
    // only an e-mail that has an account counts against the address; any other refusal gives its try back
    await (err instanceof AppError && err.code === 'EMAIL_TAKEN' ? probe.failed() : probe.succeeded());
    throw err;
  }
}

const emailTaken = () => invalid('email', MESSAGES.emailTaken, 'EMAIL_TAKEN');

async function registerAccount(deps: AppDeps, input: RegisterRequest, meta: Meta) {
  await deps.limiter.hit('registerAddress', meta.ip);
  const passwordHash = await hashPassword(input.password);
  const user = await withTransaction(deps.database.db, async (tx) => {
    if (await findUserByEmail(tx, input.email)) throw emailTaken();
    let couponId: number | null = null;
    if (input.coupon_code) {
      const coupon = await couponByCode(tx, input.coupon_code);
      if (!coupon?.active) throw invalid('coupon_code', MESSAGES.couponInvalid, 'COUPON_INVALID');
      couponId = coupon.id;
    }
    const row = await insertUser(tx, {
      name: input.name,
      email: input.email.toLowerCase(),
      passwordHash,
      accountType: input.account_type,
      referredByCouponId: couponId,
    });
    const token = await createOneTimeToken(tx, deps.config, row.id, 'email_verification');
    await enqueueEmail(tx, {
      to: row.email,
      ...emailVerificationMail(row.name, verificationUrl(deps, token), deps.config.windows.emailVerificationTtlSeconds),
      carriesSecret: true,
    });
    // the form's checkbox accepts the terms and the privacy policy: their current versions, recorded with the time
    await recordRegistrationConsents(tx, row.id, meta.ip);
    await logEvent(tx, row.id, 'Conta criada');
    return row;
  }).catch(async (err) => {
    if (pgConstraint(err) === 'users_email_uq') throw emailTaken();
    throw err;
  });
  deps.outbox.kick();
  return { id: user.id, name: user.name, email: user.email, account_type: user.accountType };
}

/**
 * Resends the verification link. The answer is the same for an unknown id, a closed account, a verified one and an
 * unverified one (no enumeration); only an unverified account gets an e-mail.
 */
export async function resendVerification(deps: AppDeps, userId: number, meta: Meta): Promise<string> {
  await deps.limiter.hit('verifyResendAccount', `user:${userId}`);
  await deps.limiter.hit('messagesAddress', meta.ip);
  const queued = await withTransaction(deps.database.db, async (tx) => {
    const user = await findUserById(tx, userId);
    if (!user || user.closedAt || user.emailVerifiedAt) return false;
    await deps.limiter.hit('messagesDestination', emailKey(user.email));
    const token = await createOneTimeToken(tx, deps.config, user.id, 'email_verification');
    await enqueueEmail(tx, {
      to: user.email,
      ...emailVerificationMail(
        user.name,
        verificationUrl(deps, token),
        deps.config.windows.emailVerificationTtlSeconds,
      ),
      carriesSecret: true,
    });
    return true;
  });
  if (queued) deps.outbox.kick();
  return MESSAGES.verificationResent;
}

export async function verifyEmail(deps: AppDeps, token: string, meta: Meta): Promise<string> {
  await deps.limiter.hit('linkAddress', meta.ip);
  return withTransaction(deps.database.db, async (tx) => {
    const userId = await consumeOneTimeToken(tx, 'email_verification', token);
    if (!userId) {
      // A second click on the link (or an older link after a newer one worked): the e-mail is already confirmed.
      if (await isVerifiedOwnerOfUsedLink(tx, token)) return MESSAGES.emailAlreadyVerified;
      throw new AppError('LINK_INVALID', MESSAGES.verificationLinkInvalid);
    }
    await markEmailVerified(tx, userId);
    await logEvent(tx, userId, 'E-mail verificado');
    return MESSAGES.emailVerified;
  });
}

async function isVerifiedOwnerOfUsedLink(tx: Executor, token: string): Promise<boolean> {
  const owner = await usedTokenOwner(tx, 'email_verification', token);
  if (!owner) return false;
  return Boolean(await emailVerifiedAt(tx, owner));
}

/**
 * Checks e-mail and password with the same cost whether or not the e-mail exists. A closed account answers 403 with
 * closed_at only after a correct password, and opens a window in which 'Reabrir conta' may be used.
 *
 * Wrong passwords are counted per e-mail (from any address: twenty addresses get no more tries than one) and per
 * address (one address trying many accounts); a right password clears the e-mail's count, and so does a password
 * reset, so the owner of an attacked account can always get in.
 */
async function checkCredentials(deps: AppDeps, email: string, password: string, meta: Meta): Promise<UserRow> {
  const db = deps.database.db;
  const account = emailKey(email);
  const attempt = await deps.limiter.attempt([
    ['signinAccount', account],
    ['signinAddress', meta.ip],
  ]);
  const { user, erased, ok } = await settledBy(attempt, async () => {
    const user = await findUserByEmail(db, email);
    // an account erased at its holder's request (features/privacy) answers why, but only after its right password
    const erased = user ? undefined : await findErasedAccount(db, email);
    const hash = user?.passwordHash ?? erased?.passwordHash ?? (await dummyPasswordHash());
    return { user, erased: Boolean(erased), ok: await verifyPassword(hash, password) };
  });
  if (!ok || (!user && !erased)) {
    await attempt.failed();
    throw invalid('email', MESSAGES.invalidCredentials, 'INVALID_CREDENTIALS');
  }
  await attempt.succeeded(['signinAccount']);
  if (erased || !user) throw new AppError('ACCOUNT_ERASED', MESSAGES.accountErased);
  if (user.closedAt) {
    await setAccountColumns(db, user.id, {
      reopenAllowedUntil: new Date(Date.now() + deps.config.windows.reopenWindowSeconds * 1000),
    });
    throw new AppError('ACCOUNT_CLOSED', MESSAGES.accountClosed, undefined, { closed_at: user.closedAt.toISOString() });
  }
  // an operator's block (features/admin): said only after a right password, like a closed account
  if (user.blockedAt) throw new AppError('ACCOUNT_BLOCKED', MESSAGES.accountBlocked);
  return user;
}

/** What the client may know between the password and the code. */
const preAuthUser = (u: UserRow) => ({
  id: u.id,
  name: u.name,
  email: u.email,
  email_verified_at: u.emailVerifiedAt?.toISOString() ?? null,
  celular: u.celular ? maskCelular(u.celular) : null,
});

/**
 * Step 1: the password. Every sign-in then asks for a second step, so no token is returned here: the code, or the
 * passkey when the account has one (features/passkeys).
 */
export async function login(deps: AppDeps, email: string, password: string, meta: Meta) {
  const user = await checkCredentials(deps, email, password, meta);
  return { user: preAuthUser(user), ...(await secondStep(deps.database.db, user.id)) };
}

/** The password again, for the steps that follow it (the code's, the passkey's, the fallback's). */
async function checkPassword(deps: AppDeps, email: string, password: string, meta: Meta): Promise<UserRow> {
  const user = await checkCredentials(deps, email, password, meta);
  if (!user.emailVerifiedAt) throw new AppError('EMAIL_NOT_VERIFIED', MESSAGES.emailNotVerified);
  return user;
}

/** Step 2: send a code by e-mail or SMS (also the resend, no sooner than CODE_RESEND_SECONDS). */
export async function requestLoginCode(deps: AppDeps, input: VerificationMethodRequest, meta: Meta) {
  const user = await checkCredentials(deps, input.email, input.password, meta);
  if (!user.emailVerifiedAt) throw new AppError('EMAIL_NOT_VERIFIED', MESSAGES.emailNotVerified);
  // With a passkey, a code only after "Perdi minha chave de acesso" and its wait, and only by e-mail.
  if ((await codeAllowed(deps.database.db, user.id)) && input.verificationMethod === 'sms')
    throw invalid('verificationMethod', MESSAGES.passkeyFallbackEmailOnly);
  if (input.verificationMethod === 'sms' && !user.celular)
    throw invalid('verificationMethod', MESSAGES.smsUnavailable, 'SMS_UNAVAILABLE');
  await deps.limiter.hit('messagesAddress', meta.ip);
  await withTransaction(deps.database.db, async (tx) => {
    const code = await issueCode(tx, deps.config, {
      userId: user.id,
      subject: user.email,
      purpose: 'login',
      channel: input.verificationMethod,
      // Counted only once the resend window allows a new code, so waiting out the countdown costs nothing.
      beforeIssue: () =>
        deps.limiter.hit(
          'messagesDestination',
          input.verificationMethod === 'sms' ? `sms:${user.celular}` : emailKey(user.email),
        ),
    });
    if (input.verificationMethod === 'sms') {
      await enqueueSms(tx, {
        to: user.celular!,
        text: loginCodeSms(code, deps.config.windows.codeTtlSeconds),
        carriesSecret: true,
      });
    } else
      await enqueueEmail(tx, {
        to: user.email,
        ...loginCodeMail(user.name, code, deps.config.windows.codeTtlSeconds),
        carriesSecret: true,
      });
  });
  deps.outbox.kick();
  return {
    verificationMethod: input.verificationMethod,
    ...codeSent(deps.config, input.verificationMethod === 'sms' ? MESSAGES.codeSentSms : MESSAGES.codeSentEmail),
  };
}

/** Step 3: the code; answers the token and the user. */
export async function verifyLoginCode(deps: AppDeps, input: VerificationCodeRequest, meta: Meta) {
  const db = deps.database.db;
  const account = emailKey(input.email);
  const attempt = await deps.limiter.attempt([
    ['codeAccount', account],
    ['codeAddress', meta.ip],
  ]);
  const { user, fallback } = await settledBy(attempt, async () => {
    const user = await findUserByEmail(db, input.email);
    // An account with a passkey signs in with a code only through a fallback whose wait is over. Otherwise the
    // answer is the one of an unknown e-mail (no code can be valid): this step comes before any password, so it must
    // not say which accounts exist or have a passkey.
    let passkeyOnly = false;
    const fallback = user
      ? await codeAllowed(db, user.id).catch((err: unknown) => {
          if (!(err instanceof AppError)) throw err;
          passkeyOnly = true;
          return null;
        })
      : null;
    if (!user || passkeyOnly) throw invalid('code', MESSAGES.codeExpired, 'CODE_EXPIRED');
    await consumeCode(db, deps.config, { subject: user.email, purpose: 'login', code: input.code });
    return { user, fallback };
  });
  await attempt.succeeded(['codeAccount']);
  return finishSignIn(deps, user, meta, fallback);
}

/** The second step passed (code or passkey): the session, its event and the user as GET /api/user answers it. */
async function finishSignIn(deps: AppDeps, user: UserRow, meta: Meta, fallback?: { fallbackId: number } | null) {
  if (user.erasedAt) throw new AppError('ACCOUNT_ERASED', MESSAGES.accountErased);
  if (user.closedAt)
    throw new AppError('ACCOUNT_CLOSED', MESSAGES.accountClosed, undefined, { closed_at: user.closedAt.toISOString() });
  // a code sent before an operator blocked the account opens nothing
  if (user.blockedAt) throw new AppError('ACCOUNT_BLOCKED', MESSAGES.accountBlocked);
  const device = await describeDevice(deps, meta);
  const signedIn = await withTransaction(deps.database.db, async (tx) => {
    // the session with its device; a device none of the user's sessions came from is announced by e-mail
    const { authToken, newDevice } = await openSession(tx, deps, user, meta, device);
    if (fallback) await spendFallback(tx, user.id, fallback.fallbackId, meta);
    await logEvent(tx, user.id, `Acesso à conta (IP ${meta.ip})`);
    return { authToken, user: await presentUser(tx, user), newDevice };
  });
  if (signedIn.newDevice) deps.outbox.kick();
  return { authToken: signedIn.authToken, user: signedIn.user };
}

/** POST /api/login/passkey/options: the password again, then a sign-in challenge for the account's passkeys. */
export async function passkeyLoginOptions(deps: AppDeps, email: string, password: string, meta: Meta) {
  const user = await checkPassword(deps, email, password, meta);
  return { options: await assertionOptions(deps, user.id, 'login') };
}

/**
 * POST /api/login/passkey: the assertion in place of the code. Failures count as wrong codes (per account, per
 * address), so guessing costs the same either way.
 */
export async function verifyLoginPasskey(deps: AppDeps, input: PasskeyLoginRequest, meta: Meta) {
  const account = emailKey(input.email);
  const attempt = await deps.limiter.attempt([
    ['codeAccount', account],
    ['codeAddress', meta.ip],
  ]);
  const user = await settledBy(attempt, async () => {
    const user = await findUserByEmail(deps.database.db, input.email);
    // an unknown e-mail goes through the same checks as an account without that passkey (no id 0 exists): the
    // answers do not tell which e-mails have an account
    await verifyAssertion(deps, user?.id ?? 0, 'login', input.credential as PasskeyAssertion, { ip: meta.ip });
    if (!user) throw new AppError('PASSKEY_UNKNOWN', MESSAGES.passkeyUnknown);
    return user;
  });
  await attempt.succeeded(['codeAccount']);
  return finishSignIn(deps, user, meta);
}

/** POST /api/login/passkey/fallback: "Perdi minha chave de acesso", after the password. */
export async function passkeyFallback(deps: AppDeps, email: string, password: string, meta: Meta) {
  const user = await checkPassword(deps, email, password, meta);
  return requestFallback(deps, user, meta);
}

/** 'Reabrir conta': allowed within 10 minutes of a correct-password attempt on the closed account. */
export async function reopenAccount(deps: AppDeps, email: string): Promise<string> {
  await deps.limiter.hit('reopenAccount', emailKey(email));
  const result = await withTransaction(deps.database.db, async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user?.closedAt || !user.reopenAllowedUntil || user.reopenAllowedUntil.getTime() < Date.now()) {
      throw new AppError('REOPEN_NOT_ALLOWED', MESSAGES.reopenNotAllowed);
    }
    await setAccountColumns(tx, user.id, { closedAt: null, reopenAllowedUntil: null, updatedAt: new Date() });
    await reopenLedgerAccount(tx, user.id);
    await enqueueEmail(tx, { to: user.email, ...accountReopenedMail(user.name) });
    await logEvent(tx, user.id, 'Conta reaberta');
    return MESSAGES.accountReopened;
  });
  deps.outbox.kick();
  return result;
}

/** Always the same answer, whether the e-mail exists or not. */
export async function requestPasswordReset(deps: AppDeps, email: string, meta: Meta): Promise<string> {
  await deps.limiter.hit('messagesAddress', meta.ip);
  // Counted whether or not the e-mail has an account: the answer, 429 included, says nothing about it. One address
  // may ask for a handful of different e-mails (people behind one carrier address), never mail forty strangers.
  await deps.limiter.hitDistinct('resetDestinationsAddress', meta.ip, emailKey(email));
  await deps.limiter.hit('messagesDestination', emailKey(email));
  await withTransaction(deps.database.db, async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user || user.closedAt) return;
    const token = await createOneTimeToken(tx, deps.config, user.id, 'password_reset');
    const url = `${deps.config.publicUrl}/password/reset/${token}?email=${encodeURIComponent(user.email)}`;
    await enqueueEmail(tx, {
      to: user.email,
      ...passwordResetMail(user.name, url, deps.config.windows.passwordResetTtlSeconds),
      carriesSecret: true,
    });
  });
  deps.outbox.kick();
  return MESSAGES.passwordResetSent;
}

/** Sets the new password and ends every open session. */
export async function resetPassword(deps: AppDeps, input: PasswordResetRequest, meta: Meta): Promise<string> {
  await deps.limiter.hit('linkAddress', meta.ip);
  const passwordHash = await hashPassword(input.password);
  const message = await withTransaction(deps.database.db, async (tx) => {
    const userId = await consumeOneTimeToken(tx, 'password_reset', input.token);
    const user = userId ? await findUserById(tx, userId) : undefined;
    if (!user || user.email.toLowerCase() !== input.email.toLowerCase()) {
      throw new AppError('LINK_INVALID', MESSAGES.passwordResetInvalid);
    }
    await setAccountColumns(tx, user.id, {
      passwordHash,
      passwordChangedAt: new Date(),
      updatedAt: new Date(),
      // The link arrived by e-mail, so the address is proven.
      emailVerifiedAt: user.emailVerifiedAt ?? new Date(),
    });
    await revokeSessions(tx, { userId: user.id });
    await logEvent(tx, user.id, 'Senha redefinida pelo link enviado por e-mail');
    return MESSAGES.passwordResetDone;
  });
  // The owner proved the e-mail: whatever an attacker's wrong passwords counted against the account is forgiven.
  await deps.limiter.clear('signinAccount', emailKey(input.email));
  return message;
}

export async function logout(deps: AppDeps, sessionId: string) {
  await revokeSessions(deps.database.db, { sessionId });
}
