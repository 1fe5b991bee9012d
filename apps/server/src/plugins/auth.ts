import { randomUUID, webcrypto } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { MESSAGES, SESSION_MAX_SECONDS } from '@prata/domain';
import type { AppDeps } from '@/deps';
import type { Db, Executor } from '@/db/client';
import { passkeys, sessions, users, type UserRow } from '@/db/schema/index';
import { AppError } from '@/lib/errors';
import { perTurn } from '@/lib/per-turn';

const ISSUER = 'prata';
const AUDIENCE = 'prata-web';

export type Auth = { user: UserRow; sessionId: string };

declare module 'fastify' {
  interface FastifyRequest {
    auth: Auth | null;
  }
  interface FastifyContextConfig {
    /** the route may reuse a session row read in the last SESSION_CACHE_MS (the order book's hot calls) */
    sessionCache?: boolean;
  }
}

export function registerAuth(app: FastifyInstance) {
  app.decorateRequest('auth', null);
  const cache = openSessionCache(app.deps);
  app.addHook('onClose', async () => cache.close());
}

// ------------------------------------------------------------------ the session rows remembered briefly

/** The broadcast channel of revocations: `s:<session id>` or `u:<user id>`. */
export const SESSIONS_CHANNEL = 'auth:sessions';
/**
 * After a revocation is announced, the sessions it names are not remembered for this long. The announcement is made
 * inside the revoking transaction, before its commit: a read in between still finds the session valid and must not be
 * kept. Far longer than any such transaction (a few statements).
 */
const HOLD_OFF_MS = 10_000;
/** How many session rows one instance remembers (the oldest is forgotten first). */
const SESSION_CACHE_MAX = 10_000;

type SessionRow = { user: UserRow; sessionUserId: number; lastSeenAt: Date };
type SessionCache = {
  readonly ms: number;
  get(sid: string): SessionRow | null;
  /** `epoch` as it was before the read (an announcement since then: the row is not kept) */
  put(sid: string, sub: string, row: SessionRow, epoch: number, expiresAt: number): void;
  epoch(): number;
  forget(message: string): void;
  announce(message: string): Promise<void>;
  close(): void;
};

/** Every app of this process (tests run two): a revocation forgets in each at once and announces through each. */
const sessionCaches = new Map<AppDeps, SessionCache>();

/**
 * The routes that ask for it (config.sessionCache) reuse the session row and its user for SESSION_CACHE_MS (1 s by
 * default): one statement less per call. Revocation still ends a session at once: revokeSessions (logout, password
 * change, closure, reset) forgets it in every app of this process, and announces it on SESSIONS_CHANNEL to the other
 * instances (Redis pub/sub with REDIS_URL), before its transaction commits; what was read since the announcement is
 * not kept for HOLD_OFF_MS. Other changes to the user (an approval, a role) reach these routes within SESSION_CACHE_MS;
 * every other route reads the row each time. Without Redis, or with Redis down, other processes' rows may outlive a
 * revocation by SESSION_CACHE_MS at most.
 */
function openSessionCache(deps: AppDeps): SessionCache {
  const ms = deps.config.sessionCacheMs ?? 0;
  const entries = new Map<string, SessionRow & { sub: string; until: number }>();
  const held = new Map<string, number>();
  let epoch = 0;
  const isHeld = (key: string, now: number) => {
    const until = held.get(key);
    if (until === undefined) return false;
    if (until > now) return true;
    held.delete(key);
    return false;
  };
  const forget = (message: string) => {
    epoch += 1;
    const now = Date.now();
    if (held.size >= SESSION_CACHE_MAX) {
      for (const [k, until] of held) if (until <= now) held.delete(k);
    }
    held.set(message, now + HOLD_OFF_MS);
    if (message.startsWith('s:')) entries.delete(message.slice(2));
    else if (message.startsWith('u:')) {
      const sub = message.slice(2);
      for (const [sid, e] of entries) if (e.sub === sub) entries.delete(sid);
    }
  };
  const unsubscribe = ms > 0 ? deps.broadcast.subscribe(SESSIONS_CHANNEL, forget) : () => {};
  const cache: SessionCache = {
    ms,
    get(sid) {
      const e = entries.get(sid);
      if (!e) return null;
      if (e.until > Date.now()) return e;
      entries.delete(sid);
      return null;
    },
    put(sid, sub, row, before, expiresAt) {
      const now = Date.now();
      if (ms <= 0 || before !== epoch || isHeld(`s:${sid}`, now) || isHeld(`u:${sub}`, now)) return;
      if (entries.size >= SESSION_CACHE_MAX) entries.delete(entries.keys().next().value!);
      entries.set(sid, { ...row, sub, until: Math.min(now + ms, expiresAt) });
    },
    epoch: () => epoch,
    forget,
    async announce(message) {
      try {
        await deps.broadcast.publish(SESSIONS_CHANNEL, message);
      } catch {
        // the broadcast reports its own failures; this process has forgotten already
      }
    },
    close() {
      unsubscribe();
      entries.clear();
      sessionCaches.delete(deps);
    },
  };
  sessionCaches.set(deps, cache);
  return cache;
}

/** Forgets the sessions named in every app of this process, and tells the other instances. */
async function announceRevocation(message: string) {
  const caches = [...sessionCaches.values()];
  for (const c of caches) c.forget(message);
  await Promise.all(caches.map((c) => c.announce(message)));
}

// The HMAC key, imported once per secret: given raw bytes, jose imports a WebCrypto key on every signed-in request.
const keys = new Map<string, Promise<webcrypto.CryptoKey>>();
function key(secret: string): Promise<webcrypto.CryptoKey> {
  let k = keys.get(secret);
  if (!k) {
    const algorithm = { name: 'HMAC', hash: 'SHA-256' };
    k = webcrypto.subtle.importKey('raw', new TextEncoder().encode(secret), algorithm, false, ['sign', 'verify']);
    keys.set(secret, k);
  }
  return k;
}

/** What a session remembers of the device it was opened on (features/devices parses it from the user agent). */
export type SessionDevice = {
  browser: string | null;
  os: string | null;
  device: 'desktop' | 'mobile' | 'tablet' | 'tv' | 'other';
  city: string | null;
  fingerprint: string;
};

/** Creates the server-side session and the signed token that names it. */
export async function issueSession(
  tx: Executor,
  deps: AppDeps,
  userId: number,
  meta: { ip?: string; userAgent?: string; device?: SessionDevice },
): Promise<{ authToken: string; sessionId: string }> {
  const sessionId = randomUUID();
  const ttl = deps.config.jwtTtlSeconds;
  const expiresAt = new Date(Date.now() + ttl * 1000);
  await tx.insert(sessions).values({
    id: sessionId,
    userId,
    expiresAt,
    ip: meta.ip ?? null,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
    ...(meta.device ?? {}),
  });
  const authToken = await signToken(deps, userId, sessionId, expiresAt);
  return { authToken, sessionId };
}

function signToken(deps: AppDeps, userId: number, sessionId: string, expiresAt: Date): Promise<string> {
  return key(deps.config.jwtSecret).then((secret) =>
    new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(userId))
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .setJti(sessionId)
      .sign(secret),
  );
}

/**
 * "Continuar conectado" (WCAG 2.2.1): the signed-in session lasts JWT_TTL_SECONDS more, as a new token naming the same
 * session, never past SESSION_MAX_SECONDS from its start. Revoking the session still ends it, old and new tokens alike.
 */
export async function renewSession(deps: AppDeps, auth: Auth): Promise<{ authToken: string; expiresAt: Date }> {
  const [row] = await deps.database.db
    .select({ createdAt: sessions.createdAt, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(and(eq(sessions.id, auth.sessionId), isNull(sessions.revokedAt)));
  if (!row) throw new AppError('UNAUTHENTICATED', MESSAGES.unauthenticated);
  const wanted = Date.now() + deps.config.jwtTtlSeconds * 1000;
  const limit = row.createdAt.getTime() + SESSION_MAX_SECONDS * 1000;
  const expiresAt = new Date(Math.max(row.expiresAt.getTime(), Math.min(wanted, limit)));
  await deps.database.db
    .update(sessions)
    .set({ expiresAt })
    .where(and(eq(sessions.id, auth.sessionId), isNull(sessions.revokedAt)));
  return { authToken: await signToken(deps, auth.user.id, auth.sessionId, expiresAt), expiresAt };
}

/**
 * Revokes one session, or every session of a user (password change, closure, reset). The sessions are forgotten by
 * every instance's session cache before this returns (so before the caller's transaction commits).
 */
export async function revokeSessions(tx: Executor, filter: { sessionId: string } | { userId: number }) {
  await forgetSessions(filter);
  const where =
    'sessionId' in filter
      ? eq(sessions.id, filter.sessionId)
      : and(eq(sessions.userId, filter.userId), isNull(sessions.revokedAt));
  await tx.update(sessions).set({ revokedAt: new Date() }).where(where);
}

/**
 * For code that ends sessions with a statement of its own (a password change keeps the session that made it): call it
 * before the transaction that ends them commits. Every instance stops reusing those sessions' rows.
 */
export async function forgetSessions(filter: { sessionId: string } | { userId: number }) {
  await announceRevocation('sessionId' in filter ? `s:${filter.sessionId}` : `u:${filter.userId}`);
}

/**
 * The sessions and their users of one turn of the event loop, in named prepared statements (planned once per
 * connection): every signed-in call needs its row, and under load many calls arrive in the same turn (the answers of
 * one batch of the matcher go out together, and their customers' next calls come back together). A turn with one
 * session asks by `id = $1`, whose generic plan PostgreSQL keeps; the list's `= any($1)` is planned again on every
 * execution (its generic plan is costed for ten ids), 0.2–0.5 ms of the database's time on every signed-in call.
 * Built once per database handle.
 */
const sessionQueries = new WeakMap<Db, ReturnType<typeof prepareSessionQueries>>();

function prepareSessionQueries(db: Db) {
  const columns = {
    sessionId: sessions.id,
    user: users,
    sessionUserId: sessions.userId,
    lastSeenAt: sessions.lastSeenAt,
  };
  const live = and(isNull(sessions.revokedAt), gt(sessions.expiresAt, sql.placeholder('now')));
  const base = () => db.select(columns).from(sessions).innerJoin(users, eq(users.id, sessions.userId));
  return {
    one: base()
      .where(and(sql`${sessions.id} = ${sql.placeholder('sid')}::uuid`, live))
      .prepare('auth_session'),
    many: base()
      .where(and(sql`${sessions.id} = any(${sql.placeholder('sids')}::uuid[])`, live))
      .prepare('auth_sessions'),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The session row and its user (undefined: no such session, revoked or expired), read with the turn's others. */
const readSessionInTurn = perTurn(async (db: Db, sids: string[]): Promise<Array<SessionRow | undefined>> => {
  let queries = sessionQueries.get(db);
  if (!queries) {
    queries = prepareSessionQueries(db);
    sessionQueries.set(db, queries);
  }
  const distinct = [...new Set(sids)];
  const now = new Date();
  const found =
    distinct.length === 1
      ? await queries.one.execute({ sid: distinct[0], now })
      : await queries.many.execute({ sids: distinct, now });
  const byId = new Map(found.map((r) => [r.sessionId, r]));
  return sids.map((sid) => byId.get(sid));
});

function readSession(db: Db, sid: string): Promise<SessionRow | undefined> {
  // we sign every token with a UUID sid; anything else names no session (and must not break the turn's statement)
  if (!UUID.test(sid)) return Promise.resolve(undefined);
  return readSessionInTurn(db, sid);
}

/** How many verified tokens each secret remembers (the oldest is forgotten first). */
const VERIFIED_TOKENS_MAX = 10_000;
type Claims = { sid: string; sub: string; exp: number };
const verifiedTokens = new Map<string, Map<string, Claims>>();

/**
 * The token's claims once its signature, issuer, audience and expiry check out. A token already verified is
 * remembered until it expires: HS256 through WebCrypto costs a thread-pool job on every signed-in call. The session
 * row is still read on every call (or, on the routes that ask for it, reused briefly: openSessionCache), so a revoked
 * session ends at once.
 */
async function verifyToken(token: string, secret: string): Promise<Claims> {
  let cache = verifiedTokens.get(secret);
  if (!cache) {
    cache = new Map();
    verifiedTokens.set(secret, cache);
  }
  const known = cache.get(token);
  if (known && known.exp * 1000 > Date.now()) return known;
  cache.delete(token);
  const { payload } = await jwtVerify(token, await key(secret), {
    algorithms: ['HS256'],
    issuer: ISSUER,
    audience: AUDIENCE,
    requiredClaims: ['exp', 'sub', 'sid'],
  });
  const claims = { sid: String(payload.sid), sub: String(payload.sub), exp: Number(payload.exp) };
  if (cache.size >= VERIFIED_TOKENS_MAX) cache.delete(cache.keys().next().value!);
  cache.set(token, claims);
  return claims;
}

async function readAuth(request: FastifyRequest): Promise<Auth | null> {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  const token = header.slice(7).trim();
  const { deps } = request.server;
  let sid: string;
  let sub: string;
  let exp: number;
  try {
    ({ sid, sub, exp } = await verifyToken(token, deps.config.jwtSecret));
  } catch (err) {
    if (err instanceof joseErrors.JWTExpired) throw new AppError('TOKEN_EXPIRED', MESSAGES.tokenExpired);
    throw new AppError('UNAUTHENTICATED', MESSAGES.unauthenticated);
  }
  const cache = request.routeOptions.config?.sessionCache === true ? sessionCaches.get(deps) : undefined;
  const useCache = cache !== undefined && cache.ms > 0;
  const cached = useCache ? cache.get(sid) : null;
  let row: SessionRow | undefined;
  if (cached) row = cached;
  else {
    const epoch = useCache ? cache.epoch() : 0;
    row = await readSession(deps.database.db, sid);
    if (useCache && row) cache.put(sid, sub, row, epoch, exp * 1000);
  }
  if (!row || String(row.sessionUserId) !== sub || row.user.closedAt || row.user.blockedAt)
    throw new AppError('UNAUTHENTICATED', MESSAGES.unauthenticated);
  await touchSession(request, sid, row.lastSeenAt);
  return { user: row.user, sessionId: sid };
}

/** The sessions whose last access this process wrote, and when (ms): the cached rows still carry the older time. */
const touchedSessions = new Map<string, number>();

/**
 * "Último acesso" (features/devices): the session's last_seen_at, written at most once per SESSION_SEEN_SECONDS, by
 * whichever instance sees it first (the update is conditional), never on every request. A failure to write it is
 * logged and the request goes on.
 */
async function touchSession(request: FastifyRequest, sid: string, lastSeenAt: Date) {
  const { deps } = request.server;
  const every = deps.config.windows.sessionSeenSeconds * 1000;
  const now = Date.now();
  if (now - lastSeenAt.getTime() < every) return;
  const written = touchedSessions.get(sid);
  if (written !== undefined && now - written < every) return;
  if (touchedSessions.size >= SESSION_CACHE_MAX) touchedSessions.delete(touchedSessions.keys().next().value!);
  touchedSessions.delete(sid);
  touchedSessions.set(sid, now);
  try {
    await deps.database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(now) })
      .where(and(eq(sessions.id, sid), lt(sessions.lastSeenAt, new Date(now - every))));
  } catch (err) {
    request.log.warn({ err }, 'last access of a session not written');
  }
}

/** preHandler: a valid, unrevoked session is required. */
export async function authenticate(request: FastifyRequest) {
  const auth = await readAuth(request);
  if (!auth) throw new AppError('UNAUTHENTICATED', MESSAGES.unauthenticated);
  request.auth = auth;
}

/** preHandler: a session if there is one (public calls that do more for a signed-in customer). */
export async function optionalAuthenticate(request: FastifyRequest) {
  try {
    request.auth = await readAuth(request);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    request.auth = null;
  }
}

/** The signed-in user; only valid after `authenticate`. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.auth) throw new AppError('UNAUTHENTICATED', MESSAGES.unauthenticated);
  return request.auth.user;
}

export const STAFF_ROLES = ['admin', 'compliance', 'finance', 'support', 'logistics'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** preHandler factory: an operator holding one of the roles (admin holds them all). */
export function requireStaff(...roles: StaffRole[]) {
  return async (request: FastifyRequest) => {
    await authenticate(request);
    const user = currentUser(request);
    const held = user.staffRoles;
    if (!(held.includes('admin') || roles.some((r) => held.includes(r))))
      throw new AppError('FORBIDDEN', MESSAGES.forbiddenRole);
    // PASSKEYS_REQUIRED_FOR_OPERATORS: the back office opens only to an operator who registered a passkey
    const { deps } = request.server;
    if (deps.config.operatorPasskeys && !(await hasPasskey(deps.database.db, user.id)))
      throw new AppError('OPERATOR_PASSKEY_REQUIRED', MESSAGES.operatorPasskeyRequired);
  };
}

/** Whether the user registered a passkey (features/passkeys keeps them; the back office's guard asks too). */
export async function hasPasskey(db: Executor, userId: number): Promise<boolean> {
  const [row] = await db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, userId)).limit(1);
  return row !== undefined;
}
