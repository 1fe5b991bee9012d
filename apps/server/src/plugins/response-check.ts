import type { FastifyInstance } from 'fastify';
import type { ZodType } from 'zod';

const isSchema = (value: unknown): value is ZodType =>
  typeof value === 'object' && value !== null && typeof (value as ZodType).safeParse === 'function';

/**
 * Checks every JSON answer against its route's response schema as it leaves: what Fastify's serializer wrote, and
 * the answers a route writes as bytes itself, which no serializer checks (the order placement, the catalogue's
 * cached pages). The API tests turn it on (CHECK_RESPONSES=1, `checkResponses`), so an answer that breaks its contract
 * fails the test that asked for it, whichever route built it. An answer that breaks it is an INTERNAL_ERROR, logged.
 */
export function registerResponseCheck(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    const schemas = request.routeOptions.schema?.response as Record<string, unknown> | undefined;
    const schema = schemas?.[String(reply.statusCode)];
    if (!isSchema(schema)) return payload;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
    // compressed already (the browser asked for it): the bytes are no longer JSON to read
    if (reply.getHeader('content-encoding')) return payload;
    const text = Buffer.isBuffer(payload) ? payload.toString() : typeof payload === 'string' ? payload : null;
    if (text === null) return payload;
    const checked = schema.safeParse(JSON.parse(text));
    if (checked.success) return payload;
    throw new Error(
      `response-check: ${request.method} ${request.routeOptions.url} ${reply.statusCode} breaks its schema: ${checked.error.message}`,
    );
  });
}
