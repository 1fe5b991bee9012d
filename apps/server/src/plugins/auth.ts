import { randomUUID, webcrypto } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { MESSAGES } from '@prata/domain';
import type { AppDeps } from '../deps';
import type { Db, Executor } from '../db/client';
import { sessions, users, type UserRow } from '../db/schema/index';
import { AppError } from '../lib/errors';

const ISSUER = 'prata';
const AUDIENCE = 'prata-web';

export type Auth = { user: UserRow; sessionId: string };

declare module 'fastify' {
  interface FastifyRequest {
    auth: Auth | null;
  }
}

export function registerAuth(app: FastifyInstance) {
  app.decorateRequest('auth', null);
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

/** Creates the server-side session and the signed token that names it. */
export async function issueSession(
  tx: Executor,
  deps: AppDeps,
  userId: number,
  meta: { ip?: string; userAgent?: string },
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
  });
  const authToken = await new SignJWT({ sid: sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(userId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .setJti(sessionId)
    .sign(await key(deps.config.jwtSecret));
  return { authToken, sessionId };
}

/** Revokes one session, or every session of a user (password change, closure, reset). */
export async function revokeSessions(tx: Executor, filter: { sessionId: string } | { userId: number }) {
  const where =
    'sessionId' in filter
      ? eq(sessions.id, filter.sessionId)
      : and(eq(sessions.userId, filter.userId), isNull(sessions.revokedAt));
  await tx.update(sessions).set({ revokedAt: new Date() }).where(where);
}

/**
 * The session and its user in one named prepared statement, planned once per connection: every signed-in call runs
 * it. Built once per database handle.
 */
const sessionQueries = new WeakMap<Db, ReturnType<typeof prepareSessionQuery>>();
function prepareSessionQuery(db: Db) {
  return db
    .select({ user: users, sessionUserId: sessions.userId })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sid')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .limit(1)
    .prepare('auth_session');
}
function sessionQuery(db: Db) {
  let query = sessionQueries.get(db);
  if (!query) {
    query = prepareSessionQuery(db);
    sessionQueries.set(db, query);
  }
  return query;
}

/** How many verified tokens each secret remembers (the oldest is forgotten first). */
const VERIFIED_TOKENS_MAX = 10_000;
type Claims = { sid: string; sub: string; exp: number };
const verifiedTokens = new Map<string, Map<string, Claims>>();

/**
 * The token's claims once its signature, issuer, audience and expiry check out. A token already verified is
 * remembered until it expires: HS256 through WebCrypto costs a thread-pool job on every signed-in call. The session
 * row is still read on every call, so a revoked session ends at once.
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
  try {
    ({ sid, sub } = await verifyToken(token, deps.config.jwtSecret));
  } catch (err) {
    if (err instanceof joseErrors.JWTExpired) throw new AppError('TOKEN_EXPIRED', MESSAGES.tokenExpired);
    throw new AppError('UNAUTHENTICATED', MESSAGES.unauthenticated);
  }
  const [row] = await sessionQuery(deps.database.db).execute({ sid, now: new Date() });
  if (!row || String(row.sessionUserId) !== sub || row.user.closedAt)
    throw new AppError('UNAUTHENTICATED', MESSAGES.unauthenticated);
  return { user: row.user, sessionId: sid };
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
    const held = currentUser(request).staffRoles;
    if (held.includes('admin') || roles.some((r) => held.includes(r))) return;
    throw new AppError('FORBIDDEN', MESSAGES.forbiddenRole);
  };
}
