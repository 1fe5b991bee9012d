import {
  MAX_PASSKEYS,
  MESSAGES,
  type PasskeyCreateRequest,
  type PasskeyOptions,
  type PasskeyRegistrationCredential,
} from '@prata/domain';
import { generateRegistrationOptions, verifyRegistrationResponse } from '@simplewebauthn/server';
import { decodeAttestationObject } from '@simplewebauthn/server/helpers';
import type { AppDeps } from '@/deps';
import type { Executor } from '@/db/client';
import type { PasskeyRow, UserRow } from '@/db/rows';
import { lockCustomer } from '@/db/lock';
import { pgConstraint, withTransaction } from '@/db/tx';
import { logEvent, writeAudit } from '@/lib/audit';
import { hmacHex } from '@/lib/crypto';
import { AppError, invalid, notFound } from '@/lib/errors';
import { verifyPassword } from '@/lib/passwords';
import { enqueueEmail } from '@/messaging/outbox';
import { passkeyChangedMail, passkeyFallbackMail } from '@/messaging/templates';
import { RateLimitedError, emailKey, settledBy } from '@/plugins/rate-limit';
import { listPasskeyRows, newChallenge, readCeremony, refusal, relyingParty, spendChallenge } from './ceremony';
import {
  deleteOwnPasskey,
  hasAnyPasskey,
  insertFallback,
  insertPasskey,
  latestOpenFallback,
  markFallbackUsed,
} from './repository';

type Meta = { ip?: string };

const presentPasskey = (r: PasskeyRow) => ({
  id: r.id,
  name: r.name,
  created_at: r.createdAt.toISOString(),
  last_used_at: r.lastUsedAt?.toISOString() ?? null,
});

/** GET /api/user/passkeys: the account's passkeys, oldest first (at most MAX_PASSKEYS). */
export async function listPasskeys(deps: AppDeps, userId: number) {
  return { passkeys: (await listPasskeyRows(deps.database.db, userId)).map(presentPasskey) };
}

/**
 * POST /api/user/passkeys/registration-options: the options of navigator.credentials.create(), with a new challenge.
 * The user handle is an HMAC of the account's id (no e-mail or id in the authenticator); the account's passkeys are
 * excluded, so one authenticator holds one passkey of the account.
 */
export async function registrationOptions(deps: AppDeps, user: UserRow): Promise<PasskeyOptions> {
  const rp = relyingParty(deps);
  const db = deps.database.db;
  const rows = await listPasskeyRows(db, user.id);
  if (rows.length >= MAX_PASSKEYS) throw new AppError('LIST_LIMIT_REACHED', MESSAGES.passkeyLimit(MAX_PASSKEYS));
  const challenge = await newChallenge(db, deps, user.id, 'register');
  const options = await generateRegistrationOptions({
    rpName: rp.rpName,
    rpID: rp.rpId,
    userName: user.email,
    userDisplayName: user.name,
    userID: Buffer.from(hmacHex(deps.config.jwtSecret!, `passkey-user:${user.id}`), 'hex'),
    challenge: Buffer.from(challenge, 'base64url'),
    timeout: deps.config.windows.passkeyChallengeSeconds * 1000,
    attestationType: 'none',
    excludeCredentials: rows.map((r) => ({ id: r.credentialId })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
  });
  return options as unknown as PasskeyOptions;
}

/** The authenticator data inside an attestation object (where the RP ID's hash and the counter are). */
function attestedAuthData(credential: PasskeyRegistrationCredential): Buffer {
  try {
    const decoded = decodeAttestationObject(Buffer.from(credential.response.attestationObject, 'base64url'));
    return Buffer.from(decoded.get('authData'));
  } catch {
    throw refusal('PASSKEY_INVALID');
  }
}

/**
 * POST /api/user/passkeys: checks the browser's answer (origin, RP ID, the challenge spent once, user verification),
 * then stores the credential under the customer's lock (at most MAX_PASSKEYS), with its audit entry and an e-mail.
 */
export async function createPasskey(deps: AppDeps, user: UserRow, input: PasskeyCreateRequest, meta: Meta) {
  const rp = relyingParty(deps);
  const db = deps.database.db;
  const credential = input.credential as PasskeyRegistrationCredential;
  const { challenge } = readCeremony(
    rp,
    credential.response.clientDataJSON,
    attestedAuthData(credential),
    'webauthn.create',
  );
  await spendChallenge(db, deps, { userId: user.id, purpose: 'register', challenge });
  let info: Awaited<ReturnType<typeof verifyRegistrationResponse>>['registrationInfo'];
  try {
    const result = await verifyRegistrationResponse({
      response: credential as Parameters<typeof verifyRegistrationResponse>[0]['response'],
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpId,
      requireUserVerification: true,
    });
    info = result.verified ? result.registrationInfo : undefined;
  } catch {
    info = undefined;
  }
  if (!info) throw refusal('PASSKEY_INVALID');
  const registered = info.credential;
  const name = String(input.name).trim();
  const row = await withTransaction(db, async (tx) => {
    await lockCustomer(tx, user.id);
    if ((await listPasskeyRows(tx, user.id)).length >= MAX_PASSKEYS)
      throw new AppError('LIST_LIMIT_REACHED', MESSAGES.passkeyLimit(MAX_PASSKEYS));
    const created = await insertPasskey(tx, {
      userId: user.id,
      credentialId: registered.id,
      publicKey: Buffer.from(registered.publicKey).toString('base64url'),
      counter: registered.counter,
      transports: registered.transports ?? credential.response.transports ?? [],
      name,
    });
    await writeAudit(tx, {
      actorUserId: user.id,
      action: 'passkey.registered',
      targetType: 'passkey',
      targetId: created.id,
      details: { name },
      ip: meta.ip,
    });
    await logEvent(tx, user.id, `Chave de acesso criada: ${name}`);
    await enqueueEmail(tx, { to: user.email, ...passkeyChangedMail(user.name, name, 'created') });
    return created;
  }).catch((err) => {
    if (pgConstraint(err) === 'passkeys_credential_uq')
      throw new AppError('ALREADY_EXISTS', MESSAGES.passkeyAlreadyRegistered);
    throw err;
  });
  deps.outbox.kick();
  return { passkey: presentPasskey(row), message: MESSAGES.passkeyCreated };
}

/**
 * DELETE /api/user/passkeys/{id}: asks for the password (wrong ones count as sign-in failures of the account);
 * another customer's passkey answers 404.
 */
export async function removePasskey(deps: AppDeps, user: UserRow, id: number, password: string, meta: Meta) {
  const account = emailKey(user.email);
  const attempt = await deps.limiter.attempt([['signinAccount', account]]);
  if (!(await settledBy(attempt, () => verifyPassword(user.passwordHash, password)))) {
    await attempt.failed();
    throw invalid('password', MESSAGES.passwordCurrentWrong);
  }
  await attempt.succeeded();
  await withTransaction(deps.database.db, async (tx) => {
    const row = await deleteOwnPasskey(tx, user.id, id);
    if (!row) throw notFound();
    await writeAudit(tx, {
      actorUserId: user.id,
      action: 'passkey.removed',
      targetType: 'passkey',
      targetId: row.id,
      details: { name: row.name },
      ip: meta.ip,
    });
    await logEvent(tx, user.id, `Chave de acesso removida: ${row.name}`);
    await enqueueEmail(tx, { to: user.email, ...passkeyChangedMail(user.name, row.name, 'removed') });
  });
  deps.outbox.kick();
  return { message: MESSAGES.passkeyRemoved };
}

// ------------------------------------------------------------------ "Perdi minha chave de acesso"

/** A fallback stays usable this long after its wait ends; later, the customer asks again (and waits again). */
const FALLBACK_USABLE_SECONDS = 30 * 60;

const openFallback = (db: Executor, userId: number) =>
  latestOpenFallback(db, userId, new Date(Date.now() - FALLBACK_USABLE_SECONDS * 1000));

/**
 * How the account signs in after its password: the code (no passkey, or a fallback whose wait is over) or the
 * passkey, and when a pending fallback's wait ends.
 */
export async function secondStep(
  db: Executor,
  userId: number,
): Promise<{ second_step: 'code' | 'passkey'; fallback_ready_at: string | null }> {
  if (!(await hasAnyPasskey(db, userId))) return { second_step: 'code', fallback_ready_at: null };
  const fallback = await openFallback(db, userId);
  if (!fallback) return { second_step: 'passkey', fallback_ready_at: null };
  const ready = fallback.availableAt.getTime() <= Date.now();
  return { second_step: ready ? 'code' : 'passkey', fallback_ready_at: fallback.availableAt.toISOString() };
}

/**
 * "Perdi minha chave de acesso" (after a right password): the e-mail code may replace the passkey once
 * PASSKEY_FALLBACK_WAIT_SECONDS have passed, and the customer is e-mailed at once. Asking again while one is open
 * changes nothing (the wait does not restart, no second e-mail).
 */
export async function requestFallback(deps: AppDeps, user: UserRow, meta: Meta) {
  const wait = deps.config.windows.passkeyFallbackWaitSeconds;
  const row = await withTransaction(deps.database.db, async (tx) => {
    await lockCustomer(tx, user.id);
    const open = await openFallback(tx, user.id);
    if (open) return open;
    const created = await insertFallback(tx, { userId: user.id, availableAt: new Date(Date.now() + wait * 1000) });
    await writeAudit(tx, {
      actorUserId: user.id,
      action: 'passkey.fallback_requested',
      targetType: 'user',
      targetId: user.id,
      details: { available_at: created.availableAt.toISOString() },
      ip: meta.ip,
    });
    await logEvent(tx, user.id, 'Pedido de acesso sem a chave de acesso');
    await enqueueEmail(tx, { to: user.email, ...passkeyFallbackMail(user.name, wait) });
    return created;
  });
  deps.outbox.kick();
  const waitSeconds = Math.max(0, Math.ceil((row.availableAt.getTime() - Date.now()) / 1000));
  return {
    message: MESSAGES.passkeyFallbackRequested,
    available_at: row.availableAt.toISOString(),
    wait_seconds: waitSeconds,
  };
}

/**
 * For an account with a passkey, the e-mail code is allowed only through a fallback whose wait is over: otherwise
 * PASSKEY_REQUIRED, or PASSKEY_FALLBACK_WAIT (429 with the seconds left). Answers the fallback to spend, or null when
 * the account has no passkey (the code is its second step).
 */
export async function codeAllowed(db: Executor, userId: number): Promise<{ fallbackId: number } | null> {
  if (!(await hasAnyPasskey(db, userId))) return null;
  const fallback = await openFallback(db, userId);
  if (!fallback) throw new AppError('PASSKEY_REQUIRED', MESSAGES.passkeyRequired);
  const waitMs = fallback.availableAt.getTime() - Date.now();
  if (waitMs > 0) {
    const seconds = Math.ceil(waitMs / 1000);
    throw new RateLimitedError('PASSKEY_FALLBACK_WAIT', MESSAGES.passkeyFallbackWait(Math.ceil(seconds / 60)), seconds);
  }
  return { fallbackId: fallback.id };
}

/** The fallback served its sign-in: spent, with its audit entry (in the sign-in's transaction). */
export async function spendFallback(tx: Executor, userId: number, fallbackId: number, meta: Meta) {
  await markFallbackUsed(tx, fallbackId);
  await writeAudit(tx, {
    actorUserId: userId,
    action: 'passkey.fallback_used',
    targetType: 'user',
    targetId: userId,
    ip: meta.ip,
  });
}
