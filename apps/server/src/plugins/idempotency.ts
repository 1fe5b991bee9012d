import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import { MESSAGES } from '@prata/domain';
import { idempotencyKeys } from '../db/schema/index';
import { AppError } from '../lib/errors';

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

export const IDEMPOTENCY_HEADER = 'idempotency-key';
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

// biome-ignore lint/complexity/noExcessiveLinesPerFunction: the hooks share the request's record; each is short
export function registerIdempotency(app: FastifyInstance) {
  app.decorateRequest('idempotency', null);
  const ttlSeconds = app.deps.config.windows.idempotencyTtlSeconds;
  const staleSeconds = app.deps.config.windows.idempotencyStaleSeconds;
  const db = app.deps.database.db;
  // PRATA_FAULTS=idempotency-in-memory (never in production): the records live in this process only, so a retry that
  // reaches another instance, or this one restarted, runs again; the fault tests prove they notice (apps/server/faults)
  const memory = app.deps.config.faults.has('idempotency-in-memory') ? inMemoryRecords() : null;

  const before: preHandlerHookHandler = async (request, reply) => {
    const header = request.headers[IDEMPOTENCY_HEADER];
    if (header === undefined) return;
    const key = Array.isArray(header) ? header[0] : header;
    if (!key || !KEY_SHAPE.test(key)) {
      throw new AppError('VALIDATION_FAILED', MESSAGES.idempotencyKeyInvalid, {
        [IDEMPOTENCY_HEADER]: [MESSAGES.idempotencyKeyInvalid],
      });
    }
    const scope = request.auth ? `user:${request.auth.user.id}` : `route:${request.method} ${request.routeOptions.url}`;
    const hash = fingerprint(request);
    if (memory) {
      const first = memory.get(scope, key);
      if (!first) {
        memory.set(scope, key, {
          requestHash: hash,
          state: 'in_progress',
          statusCode: null,
          responseBody: null,
          responseType: null,
        });
        request.idempotency = { scope, key };
        return;
      }
      if (first.requestHash !== hash) throw new AppError('IDEMPOTENCY_KEY_REUSED', MESSAGES.idempotencyKeyReused);
      if (first.state !== 'done' || first.statusCode === null) {
        throw new AppError('IDEMPOTENCY_IN_PROGRESS', MESSAGES.idempotencyInProgress);
      }
      return replay(reply, first.statusCode, first.responseBody, first.responseType);
    }
    // Forget what is past its time, then claim the key. A first attempt that died mid-way (its instance killed) is
    // never run again: it may have committed before it died, so its retries are told the outcome is unknown.
    await db
      .delete(idempotencyKeys)
      .where(
        and(
          eq(idempotencyKeys.scope, scope),
          eq(idempotencyKeys.key, key),
          lt(idempotencyKeys.createdAt, sql`now() - make_interval(secs => ${ttlSeconds})`),
        ),
      );
    const claimed = await db
      .insert(idempotencyKeys)
      .values({ scope, key, requestHash: hash })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length > 0) {
      request.idempotency = { scope, key };
      return;
    }
    const [first] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
    if (!first) throw new AppError('IDEMPOTENCY_IN_PROGRESS', MESSAGES.idempotencyInProgress);
    if (first.requestHash !== hash) throw new AppError('IDEMPOTENCY_KEY_REUSED', MESSAGES.idempotencyKeyReused);
    if (first.state !== 'done' || first.statusCode === null) {
      const stale = Date.now() - first.updatedAt.getTime() > staleSeconds * 1000;
      throw stale
        ? new AppError('IDEMPOTENCY_OUTCOME_UNKNOWN', MESSAGES.idempotencyOutcomeUnknown)
        : new AppError('IDEMPOTENCY_IN_PROGRESS', MESSAGES.idempotencyInProgress);
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
        const where = and(eq(idempotencyKeys.scope, claim.scope), eq(idempotencyKeys.key, claim.key));
        // an answer is text, or the bytes of its text (a placement's, orders/service.ts placeOrderBytes)
        const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
        if (memory) {
          if (reply.statusCode >= 500 || body === null) memory.delete(claim.scope, claim.key);
          else {
            const type = String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8');
            memory.set(claim.scope, claim.key, {
              ...memory.get(claim.scope, claim.key)!,
              state: 'done',
              statusCode: reply.statusCode,
              responseBody: body,
              responseType: type,
            });
          }
          return payload;
        }
        // The answer goes out even when its record cannot be written (the database went away after the work was
        // done): the record then stays "in progress", and a retry hears that, then that the outcome is unknown;
        // never a 500 in place of the answer, never the work run twice.
        try {
          if (reply.statusCode >= 500 || body === null) {
            // Not an answer to keep (a failure of ours, or a stream): the retry runs again.
            await db.delete(idempotencyKeys).where(where);
          } else {
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
          }
        } catch (err) {
          request.log.error({ err, scope: claim.scope, key: claim.key }, 'idempotency: the record was not written');
        }
        return payload;
      },
    ];
  });
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
