import { createHash } from 'node:crypto';
import { and, eq, lt, or, sql } from 'drizzle-orm';
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
/** A first request still running after this long is taken as dead (its instance stopped): a retry may run. */
const STALE_IN_PROGRESS_SECONDS = 60;

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

export function registerIdempotency(app: FastifyInstance) {
  app.decorateRequest('idempotency', null);
  const ttlSeconds = app.deps.config.windows.idempotencyTtlSeconds;
  const db = app.deps.database.db;

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
    // Forget what is past its time, and a first attempt that died mid-way, then claim the key.
    await db
      .delete(idempotencyKeys)
      .where(
        and(
          eq(idempotencyKeys.scope, scope),
          eq(idempotencyKeys.key, key),
          or(
            lt(idempotencyKeys.createdAt, sql`now() - make_interval(secs => ${ttlSeconds})`),
            and(
              eq(idempotencyKeys.state, 'in_progress'),
              lt(idempotencyKeys.updatedAt, sql`now() - make_interval(secs => ${STALE_IN_PROGRESS_SECONDS})`),
            ),
          ),
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
      throw new AppError('IDEMPOTENCY_IN_PROGRESS', MESSAGES.idempotencyInProgress);
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
        if (reply.statusCode >= 500 || body === null) {
          // Not an answer to keep (a failure of ours, or a stream): the retry runs again.
          await db.delete(idempotencyKeys).where(where);
          return payload;
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
