import { isUtf8 } from 'node:buffer';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RouteHandlerMethod,
} from 'fastify';
import { hasControlChars, MESSAGES } from '@prata/domain';
import { AppError } from '@/lib/errors';

/**
 * The largest JSON body any route takes. The largest form (a company, with two 2000-character fields in 4-byte UTF-8)
 * is about 20 KB; the margin lets a string far over its field's own limit still reach validation and get that field's
 * message. Multipart routes have limits of their own (plugins/multipart.ts).
 */
export const JSON_BODY_LIMIT = 128 * 1024;

export type RouteEntry = {
  method: string;
  url: string;
  schema: FastifySchema | undefined;
  /** takes an Idempotency-Key (plugins/idempotency.ts) */
  idempotent: boolean;
  /** the route's own handler (the contract test reads whether it uses the query string) */
  handler: RouteHandlerMethod;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** every route's method, path and schema, HEAD left out (the 405 lookup and the bad-input tests read it) */
    routeTable: RouteEntry[];
  }
}

/**
 * Register before any plugin that adds routes, so the table sees them all. Checks every request has to pass before
 * validation, whatever its route:
 * - path parameters and query strings hold no control characters (a NUL reaches PostgreSQL as an error, so a 500);
 * - a route without a body schema takes no body: its handler would run with input nobody checked.
 */
export function registerInputGuards(app: FastifyInstance) {
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') {
        routeTable.push({
          method,
          url: route.url,
          schema: route.schema,
          idempotent: Boolean(route.config?.idempotent),
          handler: route.handler as RouteHandlerMethod,
        });
      }
    }
  });
  // Only JSON (and multipart where a route accepts it): text/plain bodies would reach schemas as strings.
  app.removeContentTypeParser('text/plain');
  // JSON as Fastify reads it (prototype and constructor poisoning refused), after its bytes are found to be UTF-8:
  // decoding invalid bytes would store U+FFFD in place of what was meant.
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = body as Buffer;
    if (!isUtf8(bytes)) return done(new AppError('BAD_REQUEST', MESSAGES.encodingInvalid), undefined);
    json(request, bytes.toString('utf8'), done);
  });
  app.addHook('preValidation', async (request) => {
    if (request.is404) return;
    refuseControlChars(request.params);
    refuseControlChars(request.query);
    if (request.body !== undefined && !request.routeOptions.schema?.body) {
      throw new AppError('BAD_REQUEST', MESSAGES.bodyNotAccepted);
    }
  });
}

/** A 422 naming the first parameter whose name or value holds a control character. */
function refuseControlChars(values: unknown) {
  if (!values || typeof values !== 'object') return;
  for (const [name, value] of Object.entries(values)) {
    const texts = Array.isArray(value) ? value : [value];
    if (hasControlChars(name) || texts.some((v) => typeof v === 'string' && hasControlChars(v))) {
      const field = hasControlChars(name) ? '_' : name;
      throw new AppError('VALIDATION_FAILED', MESSAGES.invalidCharacters, { [field]: [MESSAGES.invalidCharacters] });
    }
  }
}

/** Errors the router raises before any route runs (Fastify's `frameworkErrors`). */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_BAD_URL')
    return reply.status(400).send({ code: 'BAD_REQUEST', message: MESSAGES.urlInvalid });
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH')
    return reply.status(414).send({ code: 'URI_TOO_LONG', message: MESSAGES.urlTooLong });
  request.log.error({ err: error }, 'router error');
  return reply.status(500).send({ code: 'INTERNAL_ERROR', message: MESSAGES.internalError });
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (headers or address over 16 KB, a malformed request
 * line, a timeout): the same JSON shape, written on the socket, which is then closed.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'HEADERS_TOO_LARGE', MESSAGES.headersTooLarge]
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'REQUEST_TIMEOUT', MESSAGES.requestTimeout]
        : [400, 'BAD_REQUEST', MESSAGES.badRequest];
  const body = JSON.stringify({ code, message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
