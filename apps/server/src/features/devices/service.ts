import {
  formatDateTimeBR,
  MESSAGES,
  SESSION_DEVICE_LABELS,
  SESSIONS_PAGE_SIZE,
  type SessionItem,
  type SessionsResponse,
} from '@prata/domain';
import { cityOf } from '@/adapters/geoip/index';
import type { AppDeps } from '@/deps';
import type { Executor } from '@/db/client';
import type { UserRow } from '@/db/rows';
import { withTransaction } from '@/db/tx';
import { logEvent } from '@/lib/audit';
import { AppError, notFound } from '@/lib/errors';
import { consumeSessionEndToken, createSessionEndToken } from '@/lib/one-time-tokens';
import { enqueueEmail } from '@/messaging/outbox';
import { newDeviceMail } from '@/messaging/templates';
import { type Auth, forgetSessions, issueSession, type SessionDevice } from '@/plugins/auth';
import { deviceFingerprint, parseUserAgent } from './device';
import {
  lockUserSession,
  markSessionRevoked,
  openSessionsPage,
  revokeOtherOpenSessions,
  type SessionRow,
  sessionsSeen,
} from './repository';

export type SignInMeta = { ip?: string; userAgent?: string };

/**
 * The device of a sign-in: parsed from its user agent, its fingerprint, and the city when the GeoIP adapter knows it
 * (asked here, before the sign-in's transaction; none by default). Call it before `openSession`.
 */
export async function describeDevice(deps: AppDeps, meta: SignInMeta): Promise<SessionDevice> {
  const parsed = parseUserAgent(meta.userAgent);
  return {
    browser: parsed.browser,
    os: parsed.os,
    device: parsed.device,
    city: await cityOf(deps.adapters.geoip, meta.ip),
    fingerprint: deviceFingerprint(parsed, meta.ip),
  };
}

/** "Celular, Chrome 131 em Android 14" */
function deviceLabel(d: { device: string | null; browser: string | null; os: string | null }): string {
  const kind = SESSION_DEVICE_LABELS[(d.device ?? 'other') as keyof typeof SESSION_DEVICE_LABELS] ?? 'Outro aparelho';
  const browser = d.browser ?? 'navegador desconhecido';
  return d.os ? `${kind}, ${browser} em ${d.os}` : `${kind}, ${browser}`;
}

/**
 * Every sign-in's session (the code step today; passkeys tomorrow): the session row with its device, and, when none
 * of the user's earlier sessions had this device's fingerprint, an e-mail through the outbox with a link that ends
 * this session. The very first session of an account (the device that just registered) is not announced. Inside the
 * sign-in's transaction; the caller kicks the outbox after commit.
 */
export async function openSession(
  tx: Executor,
  deps: AppDeps,
  user: UserRow,
  meta: SignInMeta,
  device: SessionDevice,
): Promise<{ authToken: string; sessionId: string; newDevice: boolean }> {
  // both answered from sessions_user_fingerprint_idx
  const seen = await sessionsSeen(tx, user.id, device.fingerprint);
  const { authToken, sessionId } = await issueSession(tx, deps, user.id, { ...meta, device });
  const newDevice = Boolean(seen?.any) && !seen?.known;
  if (newDevice) {
    const token = await createSessionEndToken(tx, deps.config, user.id, sessionId);
    const ttl = deps.config.windows.sessionEndLinkTtlSeconds;
    await enqueueEmail(tx, {
      to: user.email,
      ...newDeviceMail(
        user.name,
        {
          when: formatDateTimeBR(new Date()),
          device: deviceLabel(device),
          place: device.city ?? MESSAGES.unknownPlace.toLowerCase(),
          ip: meta.ip ?? null,
        },
        `${deps.config.publicUrl}/encerrar-sessao/${token}`,
        ttl,
      ),
      carriesSecret: true,
    });
    await logEvent(tx, user.id, `Acesso de um dispositivo novo: ${deviceLabel(device)}`);
  }
  return { authToken, sessionId, newDevice };
}

type Row = SessionRow & { micros: string };

const present = (row: Row, current: string): SessionItem => ({
  id: row.id,
  device: row.device ?? 'other',
  browser: row.browser,
  os: row.os,
  city: row.city,
  ip: row.ip,
  created_at: row.createdAt.toISOString(),
  last_seen_at: row.lastSeenAt.toISOString(),
  current: row.id === current,
});

/** The customer's open sessions, newest first, a page at a time through sessions_user_open_idx. */
export async function listSessions(deps: AppDeps, auth: Auth, cursor: string | undefined): Promise<SessionsResponse> {
  const after = cursor ? cursor.split('_') : null;
  const found = await openSessionsPage(deps.database.db, auth.user.id, after, SESSIONS_PAGE_SIZE + 1);
  const page = found.slice(0, SESSIONS_PAGE_SIZE).map((r) => ({ ...r.row, micros: r.micros }));
  const last = page.at(-1);
  return {
    sessions: page.map((r) => present(r, auth.sessionId)),
    next_cursor: found.length > SESSIONS_PAGE_SIZE && last ? `${last.micros}_${last.id}` : null,
  };
}

/**
 * Ends one of the customer's sessions ("Encerrar"); ending it again answers the same. Another customer's session, or
 * one that never was, answers 404, exactly alike.
 */
export async function endSession(deps: AppDeps, auth: Auth, id: string): Promise<string> {
  return withTransaction(deps.database.db, async (tx) => {
    const row = await lockUserSession(tx, auth.user.id, id);
    if (!row) throw notFound(MESSAGES.sessionNotFound);
    if (!row.revokedAt) {
      await forgetSessions({ sessionId: id });
      await markSessionRevoked(tx, id);
      await logEvent(tx, auth.user.id, `Sessão encerrada: ${deviceLabel(row)}`);
    }
    return id === auth.sessionId ? MESSAGES.sessionEndedCurrent : MESSAGES.sessionEnded;
  });
}

/** "Encerrar todas as outras": every open session of the customer but the one asking. */
export async function endOtherSessions(deps: AppDeps, auth: Auth): Promise<{ message: string; ended: number }> {
  return withTransaction(deps.database.db, async (tx) => {
    // every instance stops reusing the user's session rows before they end (the current one is simply read again)
    await forgetSessions({ userId: auth.user.id });
    const ended = await revokeOtherOpenSessions(tx, auth.user.id, auth.sessionId);
    if (ended.length > 0) await logEvent(tx, auth.user.id, `Outras sessões encerradas: ${ended.length}`);
    return { message: MESSAGES.otherSessionsEnded(ended.length), ended: ended.length };
  });
}

/**
 * The new-device e-mail's link: ends the session it names, without signing in. Opening it again answers the same; an
 * unknown or expired link is refused (LINK_INVALID) and changes nothing. Counted per address like the other links.
 */
export async function endSessionByLink(deps: AppDeps, token: string, ip: string): Promise<string> {
  await deps.limiter.hit('linkAddress', ip);
  return withTransaction(deps.database.db, async (tx) => {
    const link = await consumeSessionEndToken(tx, token);
    if (!link) throw new AppError('LINK_INVALID', MESSAGES.sessionLinkInvalid);
    if (link.use === 'first') {
      const row = await lockUserSession(tx, link.userId, link.sessionId);
      if (row && !row.revokedAt) {
        await forgetSessions({ sessionId: row.id });
        await markSessionRevoked(tx, row.id);
      }
      await logEvent(
        tx,
        link.userId,
        `Sessão encerrada pelo link do e-mail de novo acesso: ${deviceLabel(row ?? { device: null, browser: null, os: null })}`,
      );
    }
    return MESSAGES.sessionEndedByLink;
  });
}
