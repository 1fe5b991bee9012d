import { createHash } from 'node:crypto';
import { MESSAGES, type PasskeyAssertion, type PasskeyOptions } from '@prata/domain';
import {
  generateAuthenticationOptions,
  verifyAuthenticationResponse,
  type AuthenticatorTransport,
} from '@simplewebauthn/server';
import type { AppDeps } from '@/deps';
import type { Db, Executor } from '@/db/client';
import type { PasskeyRow } from '@/db/rows';
import type { PasskeySettings } from '@/config';
import { writeAudit } from '@/lib/audit';
import { type Binding, bindingText } from '@/lib/codes';
import { hmacHex, randomToken, safeEqualHex } from '@/lib/crypto';
import { AppError } from '@/lib/errors';
import {
  advancePasskeyCounter,
  deleteChallengesExpiredBefore,
  insertChallenge,
  lockChallenge,
  markChallengeConsumed,
  passkeyByCredential,
  passkeysOf,
} from './repository';

const DAY_MS = 86_400_000;

/** What a challenge is for: adding a passkey, signing in, or confirming money leaving (bound to what it confirms). */
export type PasskeyPurpose = 'register' | 'login' | 'withdrawal' | 'transfer';

/** The relying party, or PASSKEYS_UNAVAILABLE (production without an https PUBLIC_URL: config.ts). */
export function relyingParty(deps: AppDeps): PasskeySettings {
  if (!deps.config.passkeys) throw new AppError('PASSKEYS_UNAVAILABLE', MESSAGES.passkeysUnavailable);
  return deps.config.passkeys;
}

const bindingHash = (deps: AppDeps, binding: Binding | undefined) =>
  binding ? hmacHex(deps.config.jwtSecret!, bindingText(binding)) : null;

/** A new random challenge for this account and purpose, stored to be answered once before PASSKEY_CHALLENGE_SECONDS. */
export async function newChallenge(
  tx: Executor,
  deps: AppDeps,
  userId: number,
  purpose: PasskeyPurpose,
  binding?: Binding,
): Promise<string> {
  const challenge = randomToken();
  // the account's challenges past their window by a day go (kept that long, a replay is still told as one)
  await deleteChallengesExpiredBefore(tx, userId, new Date(Date.now() - DAY_MS));
  await insertChallenge(tx, {
    userId,
    purpose,
    challenge,
    bindingHash: bindingHash(deps, binding),
    expiresAt: new Date(Date.now() + deps.config.windows.passkeyChallengeSeconds * 1000),
  });
  return challenge;
}

/**
 * Spends the challenge the browser signed, in its own transaction (a wrong signature still spends it): it must be
 * this account's, for this purpose and binding, unexpired and never used.
 */
export async function spendChallenge(
  db: Db,
  deps: AppDeps,
  input: { userId: number; purpose: PasskeyPurpose; challenge: string; binding?: Binding },
) {
  const outcome = await db.transaction(async (tx) => {
    const row = await lockChallenge(tx, input.challenge);
    if (!row || row.userId !== input.userId || row.purpose !== input.purpose) return 'PASSKEY_INVALID' as const;
    if (row.consumedAt) return 'PASSKEY_CHALLENGE_USED' as const;
    await markChallengeConsumed(tx, row.id);
    if (row.expiresAt.getTime() <= Date.now()) return 'PASSKEY_CHALLENGE_EXPIRED' as const;
    const expected = bindingHash(deps, input.binding);
    const bound =
      row.bindingHash === null ? expected === null : expected !== null && safeEqualHex(row.bindingHash, expected);
    return bound ? ('ok' as const) : ('PASSKEY_INVALID' as const);
  });
  if (outcome !== 'ok') throw refusal(outcome);
}

const REFUSALS = {
  PASSKEY_INVALID: MESSAGES.passkeyInvalid,
  PASSKEY_UNKNOWN: MESSAGES.passkeyUnknown,
  PASSKEY_WRONG_ORIGIN: MESSAGES.passkeyWrongOrigin,
  PASSKEY_WRONG_RP_ID: MESSAGES.passkeyWrongRpId,
  PASSKEY_CHALLENGE_EXPIRED: MESSAGES.passkeyChallengeExpired,
  PASSKEY_CHALLENGE_USED: MESSAGES.passkeyChallengeUsed,
  PASSKEY_COUNTER_REPLAYED: MESSAGES.passkeyCounterReplayed,
} as const;
type Refusal = keyof typeof REFUSALS;

/** A refusal of a passkey: its code, its message, and the field `passkey` the screen shows it beside. */
export const refusal = (code: Refusal) => new AppError(code, REFUSALS[code], { passkey: [REFUSALS[code]] });

const fromB64url = (text: string) => Buffer.from(text, 'base64url');

/**
 * What the browser put in clientDataJSON and the authenticator data, read before any signature is checked: the
 * ceremony's type, the challenge, the origin (only the configured one) and the RP ID's hash (only ours). Each mismatch
 * has its own refusal.
 */
export function readCeremony(
  rp: PasskeySettings,
  clientDataB64: string,
  authenticatorData: Buffer,
  type: 'webauthn.create' | 'webauthn.get',
): { challenge: string; counter: number } {
  let client: { type?: unknown; challenge?: unknown; origin?: unknown };
  try {
    client = JSON.parse(fromB64url(clientDataB64).toString('utf8'));
  } catch {
    throw refusal('PASSKEY_INVALID');
  }
  if (client?.type !== type || typeof client.challenge !== 'string' || typeof client.origin !== 'string')
    throw refusal('PASSKEY_INVALID');
  if (client.origin !== rp.origin) throw refusal('PASSKEY_WRONG_ORIGIN');
  if (authenticatorData.length < 37) throw refusal('PASSKEY_INVALID');
  const rpIdHash = createHash('sha256').update(rp.rpId).digest();
  if (!authenticatorData.subarray(0, 32).equals(rpIdHash)) throw refusal('PASSKEY_WRONG_RP_ID');
  return { challenge: client.challenge, counter: authenticatorData.readUInt32BE(33) };
}

export async function listPasskeyRows(db: Executor, userId: number): Promise<PasskeyRow[]> {
  return passkeysOf(db, userId);
}

/** The options of navigator.credentials.get() for the account's passkeys, with a new challenge. */
export async function assertionOptions(
  deps: AppDeps,
  userId: number,
  purpose: Exclude<PasskeyPurpose, 'register'>,
  binding?: Binding,
): Promise<PasskeyOptions> {
  const rp = relyingParty(deps);
  const db = deps.database.db;
  const rows = await listPasskeyRows(db, userId);
  if (rows.length === 0) throw refusal('PASSKEY_UNKNOWN');
  const challenge = await newChallenge(db, deps, userId, purpose, binding);
  const options = await generateAuthenticationOptions({
    rpID: rp.rpId,
    challenge: fromB64url(challenge),
    timeout: deps.config.windows.passkeyChallengeSeconds * 1000,
    userVerification: 'required',
    allowCredentials: rows.map((r) => ({
      id: r.credentialId,
      transports: r.transports as AuthenticatorTransport[],
    })),
  });
  return options as unknown as PasskeyOptions;
}

/**
 * Checks an assertion for this account and purpose: the origin and RP ID, that the credential is one of the
 * account's, the challenge (spent here, once), the signature with user verification, and the signature counter, which
 * must move forward (a cloned authenticator replays an old one). Writes the audit entry of the use.
 */
export async function verifyAssertion(
  deps: AppDeps,
  userId: number,
  purpose: Exclude<PasskeyPurpose, 'register'>,
  credential: PasskeyAssertion,
  ctx: { binding?: Binding; ip?: string } = {},
): Promise<PasskeyRow> {
  const rp = relyingParty(deps);
  const db = deps.database.db;
  const authData = fromB64url(credential.response.authenticatorData);
  const { challenge, counter } = readCeremony(rp, credential.response.clientDataJSON, authData, 'webauthn.get');
  const row = await passkeyByCredential(db, userId, credential.id);
  if (!row) throw refusal('PASSKEY_UNKNOWN');
  await spendChallenge(db, deps, { userId, purpose, challenge, binding: ctx.binding });
  let verified = false;
  try {
    const result = await verifyAuthenticationResponse({
      response: credential as Parameters<typeof verifyAuthenticationResponse>[0]['response'],
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpId,
      // the counter is checked below, atomically with its update; 0 here leaves the library's own check out
      credential: { id: row.credentialId, publicKey: fromB64url(row.publicKey), counter: 0 },
      requireUserVerification: true,
    });
    verified = result.verified;
  } catch {
    verified = false;
  }
  if (!verified) throw refusal('PASSKEY_INVALID');
  const used = await db.transaction(async (tx) => {
    const updated = await advancePasskeyCounter(tx, row.id, counter);
    if (updated)
      await writeAudit(tx, {
        actorUserId: userId,
        action: 'passkey.used',
        targetType: 'passkey',
        targetId: row.id,
        details: { purpose },
        ip: ctx.ip,
      });
    return updated;
  });
  if (!used) throw refusal('PASSKEY_COUNTER_REPLAYED');
  return used;
}

export type { Binding };
