import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import { MESSAGES } from '@prata/domain';
import { idempotencyKeys } from '@/db/schema/index';
import { AppError } from '@/lib/errors';

/**
 * `Idempotency-Key` on the writes that move money or send a message (a route opts in with `config: { idempotent: true
 * }`). The first request with a key runs and its answer is kept; a retry with the same key and the same body gets that
 * answer again (with `Idempotent-Replayed: true`) and nothing runs twice; the same key with another body is refused
 * (IDEMPOTENCY_KEY_REUSED), and while the first is still running a retry waits its turn (IDEMPOTENCY_IN_PROGRESS).
 * Keys belong to the signed-in customer (or, on public routes, to the route), live in PostgreSQL so every instance
 * sees them, and are kept IDEMPOTENCY_TTL_SECONDS (24 hours by default). A 5xx answer is not kept: the retry runs.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** accepts an Idempotency-Key header (money and messages) */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    idempotency: { scope: string; key: string } | null;
  }
}

const IDEMPOTENCY_HEADER = 'idempotency-key';
/** A key is what a client generates: a UUID, a ULID, a random string. */
const KEY_SHAPE = /^[\w.:-]{8,128}$/;

/** The request's fingerprint: method, route, path parameters and body, in a canonical JSON. */
function fingerprint(request: FastifyRequest): string {
  const canonical = (value: unknown): unknown => {
    if (Buffer.isBuffer(value)) return { sha256: createHash('sha256').update(value).digest('hex') };
    if (Array.isArray(value)) return value.map(canonical);
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.keys(value)
          .sort()
          .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
      );
    }
    return value;
  };
  const text = JSON.stringify([
    request.method,
    request.routeOptions.url,
    canonical(request.params),
    canonical(request.body),
  ]);
  return createHash('sha256').update(text).digest('hex');
}

type Claim = { scope: string; key: string };
type Db = FastifyInstance['deps']['database']['db'];
type MemoryStore = ReturnType<typeof inMemoryRecords>;
/** The first request's record as a retry reads it. */
type FirstRecord = {
  requestHash: string;
  state: string;
  statusCode: number | null;
  responseBody: string | null;
  responseType: string | null;
};

export function registerIdempotency(app: FastifyInstance) {
  app.decorateRequest('idempotency', null);
  const { windows, faults } = app.deps.config;
  const db = app.deps.database.db;
  // PRATA_FAULTS=idempotency-in-memory (never in production): the records live in this process only, so a retry that
  // reaches another instance, or this one restarted, runs again; the fault tests prove they notice (apps/server/faults)
  const memory = faults.has('idempotency-in-memory') ? inMemoryRecords() : null;

  const before: preHandlerHookHandler = async (request, reply) => {
    const claim = requestedClaim(request);
    if (!claim) return;
    const hash = fingerprint(request);
    const first = memory
      ? claimInMemory(memory, claim, hash)
      : await claimInDatabase(db, claim, hash, windows.idempotencyTtlSeconds, windows.idempotencyStaleSeconds);
    if (!first) {
      request.idempotency = claim;
      return;
    }
    return replay(reply, first.statusCode, first.responseBody, first.responseType);
  };

  app.addHook('onRoute', (route) => {
    if (!route.config?.idempotent) return;
    route.preHandler = [...[route.preHandler ?? []].flat(), before];
    route.onSend = [
      ...[route.onSend ?? []].flat(),
      async (request, reply, payload) => {
        const claim = request.idempotency;
        if (!claim) return payload;
        request.idempotency = null;
        // an answer is text, or the bytes of its text (a placement's, orders/service.ts placeOrderBytes)
        const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
        if (memory) recordInMemory(memory, claim, reply, body);
        else await recordInDatabase(db, claim, request, reply, body);
        return payload;
      },
    ];
  });
}

/** The request's key and whose it is; undefined without the header, VALIDATION_FAILED for a key of another shape. */
function requestedClaim(request: FastifyRequest): Claim | undefined {
  const header = request.headers[IDEMPOTENCY_HEADER];
  if (header === undefined) return undefined;
  const key = Array.isArray(header) ? header[0] : header;
  if (!key || !KEY_SHAPE.test(key)) {
    throw new AppError('VALIDATION_FAILED', MESSAGES.idempotencyKeyInvalid, {
      [IDEMPOTENCY_HEADER]: [MESSAGES.idempotencyKeyInvalid],
    });
  }
  const scope = request.auth ? `user:${request.auth.user.id}` : `route:${request.method} ${request.routeOptions.url}`;
  return { scope, key };
}

/**
 * A retry's answer: the first request's, when it had the same body and is done; IDEMPOTENCY_KEY_REUSED for another
 * body; while the first has no answer, IDEMPOTENCY_IN_PROGRESS, or IDEMPOTENCY_OUTCOME_UNKNOWN once it is stale.
 */
function retryAnswer(first: FirstRecord, hash: string, stale: boolean): FirstRecord & { statusCode: number } {
  if (first.requestHash !== hash) throw new AppError('IDEMPOTENCY_KEY_REUSED', MESSAGES.idempotencyKeyReused);
  if (first.state !== 'done' || first.statusCode === null) {
    throw stale
      ? new AppError('IDEMPOTENCY_OUTCOME_UNKNOWN', MESSAGES.idempotencyOutcomeUnknown)
      : new AppError('IDEMPOTENCY_IN_PROGRESS', MESSAGES.idempotencyInProgress);
  }
  return { ...first, statusCode: first.statusCode };
}

/** Claims the key in this process: null when claimed, else the first request's answer to replay. */
function claimInMemory(memory: MemoryStore, { scope, key }: Claim, hash: string) {
  const first = memory.get(scope, key);
  if (first) return retryAnswer(first, hash, false);
  memory.set(scope, key, {
    requestHash: hash,
    state: 'in_progress',
    statusCode: null,
    responseBody: null,
    responseType: null,
  });
  return null;
}

/**
 * Forgets what is past its time, then claims the key: null when claimed, else the first request's answer to replay. A
 * first attempt that died mid-way (its instance killed) is never run again: it may have committed before it died, so
 * its retries are told the outcome is unknown.
 */
async function claimInDatabase(db: Db, { scope, key }: Claim, hash: string, ttlSeconds: number, staleSeconds: number) {
  const where = and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key));
  await db
    .delete(idempotencyKeys)
    .where(and(where, lt(idempotencyKeys.createdAt, sql`now() - make_interval(secs => ${ttlSeconds})`)));
  const claimed = await db
    .insert(idempotencyKeys)
    .values({ scope, key, requestHash: hash })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (claimed.length > 0) return null;
  const [first] = await db.select().from(idempotencyKeys).where(where);
  if (!first) throw new AppError('IDEMPOTENCY_IN_PROGRESS', MESSAGES.idempotencyInProgress);
  return retryAnswer(first, hash, Date.now() - first.updatedAt.getTime() > staleSeconds * 1000);
}

function recordInMemory(memory: MemoryStore, { scope, key }: Claim, reply: FastifyReply, body: string | null) {
  if (reply.statusCode >= 500 || body === null) {
    memory.delete(scope, key);
    return;
  }
  memory.set(scope, key, {
    ...memory.get(scope, key)!,
    state: 'done',
    statusCode: reply.statusCode,
    responseBody: body,
    responseType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
  });
}

/**
 * Keeps the answer for the retries. It goes out even when its record cannot be written (the database went away after
 * the work was done): the record then stays "in progress", and a retry hears that, then that the outcome is unknown;
 * never a 500 in place of the answer, never the work run twice.
 */
async function recordInDatabase(
  db: Db,
  { scope, key }: Claim,
  request: FastifyRequest,
  reply: FastifyReply,
  body: string | null,
) {
  const where = and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key));
  try {
    if (reply.statusCode >= 500 || body === null) {
      // Not an answer to keep (a failure of ours, or a stream): the retry runs again.
      await db.delete(idempotencyKeys).where(where);
      return;
    }
    await db
      .update(idempotencyKeys)
      .set({
        state: 'done',
        statusCode: reply.statusCode,
        responseBody: body,
        responseType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
        updatedAt: new Date(),
      })
      .where(where);
  } catch (err) {
    request.log.error({ err, scope, key }, 'idempotency: the record was not written');
  }
}

function replay(reply: FastifyReply, status: number, body: string | null, type: string | null) {
  return reply
    .status(status)
    .header('idempotent-replayed', 'true')
    .type(type ?? 'application/json; charset=utf-8')
    .send(body ?? '');
}

type MemoryRecord = {
  requestHash: string;
  state: 'in_progress' | 'done';
  statusCode: number | null;
  responseBody: string | null;
  responseType: string | null;
};

/** The deliberate fault's store: a Map in this process (PRATA_FAULTS=idempotency-in-memory; config.ts refuses it in production). */
function inMemoryRecords() {
  const records = new Map<string, MemoryRecord>();
  const id = (scope: string, key: string) => `${scope}\u0000${key}`;
  return {
    get: (scope: string, key: string) => records.get(id(scope, key)),
    set: (scope: string, key: string, r: MemoryRecord) => records.set(id(scope, key), r),
    delete: (scope: string, key: string) => records.delete(id(scope, key)),
  };
}
