import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { type ErrorCode, ErrorResponse, MESSAGES } from '@prata/domain';
import { StorageUnavailableError } from '@/adapters/storage/index';
import { AppError } from '@/lib/errors';
import { isDatabaseUnavailable, isPoolBusy, isStatementTimeout } from '@/db/unavailable';
import { RateLimitedError } from './rate-limit';

/** What a client is told to wait before trying again while the database is away or the instance is busy. */
const RETRY_AFTER_SECONDS = 5;

/**
 * The one table that turns a code into an HTTP status. The rules below it (features, ledger, lib) know only codes.
 * A test (test/error-codes.test.ts) checks that every code is here and that the API answers each of them.
 */
export const HTTP_STATUS: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 422,
  UNSUPPORTED_MEDIA_TYPE: 415,
  PAYLOAD_TOO_LARGE: 413,
  FILE_TOO_LARGE: 413,
  FILE_TYPE_NOT_ALLOWED: 422,
  URI_TOO_LONG: 414,
  HEADERS_TOO_LARGE: 431,
  REQUEST_TIMEOUT: 408,
  ROUTE_NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  DATABASE_UNAVAILABLE: 503,
  SERVER_BUSY: 503,
  DATABASE_TIMEOUT: 503,
  STORAGE_UNAVAILABLE: 503,
  UNAUTHENTICATED: 401,
  TOKEN_EXPIRED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  EMAIL_TAKEN: 422,
  COUPON_INVALID: 422,
  INVALID_CREDENTIALS: 422,
  SIGNIN_LOCKED: 429,
  ACCOUNT_CLOSED: 403,
  ACCOUNT_BLOCKED: 403,
  EMAIL_NOT_VERIFIED: 403,
  SMS_UNAVAILABLE: 422,
  CPF_STATUS_UNAVAILABLE: 503,
  CODE_INVALID: 422,
  CODE_EXPIRED: 422,
  CODE_TOO_MANY_ATTEMPTS: 422,
  CODE_RESEND_WAIT: 429,
  LINK_INVALID: 422,
  REOPEN_NOT_ALLOWED: 422,
  REGISTRATION_INCOMPLETE: 403,
  REGISTRATION_UNDER_REVIEW: 403,
  REGISTRATION_REJECTED: 403,
  ACCOUNT_TYPE_MISMATCH: 403,
  CONTACT_CODE_REQUIRED: 422,
  CONTACT_UNCHANGED: 422,
  IDENTITY_LOCKED: 422,
  ACCOUNT_HAS_BALANCE: 422,
  LIST_LIMIT_REACHED: 422,
  ALREADY_EXISTS: 409,
  LAST_ADDRESS: 422,
  LIMIT_REQUEST_PENDING: 422,
  ALREADY_DECIDED: 409,
  NOT_READY_FOR_APPROVAL: 422,
  SEARCH_TERM_TOO_SHORT: 422,
  PASSKEYS_UNAVAILABLE: 503,
  PASSKEY_REQUIRED: 403,
  PASSKEY_UNKNOWN: 422,
  PASSKEY_INVALID: 422,
  PASSKEY_WRONG_ORIGIN: 422,
  PASSKEY_WRONG_RP_ID: 422,
  PASSKEY_CHALLENGE_EXPIRED: 422,
  PASSKEY_CHALLENGE_USED: 422,
  PASSKEY_COUNTER_REPLAYED: 422,
  PASSKEY_FALLBACK_WAIT: 429,
  OPERATOR_PASSKEY_REQUIRED: 403,
  CUSTOMER_ACCOUNT_CLOSED: 422,
  RECONCILIATION_RUNNING: 409,
  // a day older than the leaves' retention: the day and its totals are public, the customer's leaf is gone
  RESERVES_PROOF_EXPIRED: 410,
  INSUFFICIENT_BALANCE: 422,
  IDEMPOTENCY_KEY_REUSED: 422,
  IDEMPOTENCY_IN_PROGRESS: 409,
  IDEMPOTENCY_OUTCOME_UNKNOWN: 409,
  DEPOSIT_NOT_CANCELLABLE: 409,
  PENDING_DEPOSITS_LIMIT: 422,
  DEPOSIT_LIMIT_EXCEEDED: 422,
  DEPOSIT_EXPIRED: 409,
  DEPOSIT_NOT_HELD: 409,
  PAYMENT_PROVIDER_UNAVAILABLE: 503,
  WEBHOOK_UNAUTHORIZED: 401,
  WEBHOOK_MALFORMED: 400,
  ORDER_NOT_ALLOWED: 422,
  ORDER_PRICE_CHANGED: 409,
  ORDER_NOT_ENOUGH_IN_BOOK: 422,
  ORDER_NOT_OPEN: 409,
  ORDER_OWN: 422,
  TRADING_LIMIT_EXCEEDED: 422,
  ORDER_BOOK_BUSY: 503,
  PRODUCT_UNAVAILABLE: 422,
  STOCK_EXCEEDED: 422,
  STOCK_BELOW_ZERO: 422,
  SHIPPING_UNAVAILABLE: 422,
  SHIPPING_QUOTE_FAILED: 503,
  SILVER_PRICE_UNAVAILABLE: 422,
  SILVER_CHARGE_CHANGED: 409,
  SILVER_WITHDRAWAL_NOT_CANCELLABLE: 409,
  SILVER_WITHDRAWAL_NOT_OPEN: 409,
  SILVER_TRANSFER_TO_SELF: 422,
  SILVER_TRANSFER_RECEIVER_UNAVAILABLE: 422,
  SILVER_TRANSFER_NOT_CANCELLABLE: 409,
  TICKET_CLOSED: 409,
  TICKET_NOT_CLOSED: 409,
  TICKET_ALREADY_RATED: 409,
  TICKET_EMAIL_NOT_VERIFIED: 403,
  INVOICING_UNAVAILABLE: 503,
  IRPF_YEAR_OUT_OF_RANGE: 422,
  STATEMENT_MONTH_OUT_OF_RANGE: 422,
  PRICE_ALERT_LIMIT: 409,
  PUSH_ENDPOINT_NOT_ALLOWED: 422,
  PUSH_ENDPOINT_TAKEN: 409,
  SAVING_PLAN_NOT_CHANGEABLE: 409,
  PRIVACY_EXPORT_TOO_SOON: 429,
  ERASURE_NOT_ALLOWED: 409,
  ERASURE_PASSWORD_WRONG: 422,
  ACCOUNT_ERASED: 403,
  RETENTION_RULE_DISABLED: 409,
  RETENTION_RUN_IN_PROGRESS: 409,
};

/** Fastify's errors about a request it could not read, as the code and the message people get. */
const FRAMEWORK_ERRORS: Record<string, [ErrorCode, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: ['PAYLOAD_TOO_LARGE', MESSAGES.requestTooLarge],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ['UNSUPPORTED_MEDIA_TYPE', MESSAGES.unsupportedMediaType],
  FST_ERR_CTP_INVALID_JSON_BODY: ['BAD_REQUEST', MESSAGES.invalidJson],
  FST_ERR_CTP_EMPTY_JSON_BODY: ['BAD_REQUEST', MESSAGES.invalidJson],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: ['BAD_REQUEST', MESSAGES.badRequest],
  FST_REQ_FILE_TOO_LARGE: ['FILE_TOO_LARGE', MESSAGES.fileTooLarge],
};

/** Any other status the framework chose for a request it refused, as a code. */
const CODE_BY_STATUS: Record<number, ErrorCode> = {
  404: 'ROUTE_NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  408: 'REQUEST_TIMEOUT',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  431: 'HEADERS_TOO_LARGE',
};

/** Sends `{ code, message, errors?, ...extra }` with the code's status. */
function sendError(
  reply: FastifyReply,
  code: ErrorCode,
  message: string,
  errors?: Record<string, string[]>,
  extra?: Record<string, unknown>,
) {
  return reply.status(HTTP_STATUS[code]).send({ ...extra, code, message, ...(errors ? { errors } : {}) });
}

/** What every API route may answer when it fails: a route's own entry for a status or range wins. */
const ERROR_RESPONSES = { '4xx': ErrorResponse, '5xx': ErrorResponse } as const;

/** The routes under /api that are not the API's own (the OpenAPI document and its browser). */
const isApiRoute = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

/**
 * One error shape everywhere, pt-BR, never a stack trace, never a 500 for bad input. Every API route's schema gets
 * ErrorResponse for 4xx and 5xx, so failures are serialized through it and the OpenAPI document lists them.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (!isApiRoute(route.url)) return;
    // Changed in place: the route table (plugins/input.ts) holds this same schema object.
    route.schema ??= {};
    route.schema.response = { ...ERROR_RESPONSES, ...(route.schema.response as object | undefined) };
  });
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      if (error instanceof RateLimitedError) reply.header('retry-after', String(error.retryAfterSeconds));
      if (error.code === 'SERVER_BUSY') {
        // a bounded queue of this instance is full (the render pool): nothing was written
        request.log.warn({ code: error.code }, 'server busy: queue full');
        reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      }
      return sendError(reply, error.code, error.message, error.errors, error.extra);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
        errors[field] = [...(errors[field] ?? []), issue.message ?? MESSAGES.invalidData];
      }
      const first = Object.values(errors)[0]?.[0] ?? MESSAGES.invalidData;
      return sendError(reply, 'VALIDATION_FAILED', first, errors);
    }
    const fe = error as FastifyError;
    const known = fe.code ? FRAMEWORK_ERRORS[fe.code] : undefined;
    if (known) {
      request.log.info({ code: fe.code }, 'bad request');
      return sendError(reply, known[0], known[1]);
    }
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      // Any other complaint of the framework about the request: its status, our words.
      request.log.info({ code: fe.code }, 'bad request');
      const code = CODE_BY_STATUS[fe.statusCode] ?? 'BAD_REQUEST';
      const message =
        code === 'ROUTE_NOT_FOUND'
          ? MESSAGES.notFound
          : code === 'PAYLOAD_TOO_LARGE'
            ? MESSAGES.requestTooLarge
            : code === 'RATE_LIMITED'
              ? MESSAGES.tooManyRequests
              : MESSAGES.badRequest;
      return reply.status(fe.statusCode).send({ code, message });
    }
    if (isPoolBusy(error)) {
      // Every connection of the pool was busy for as long as a request may wait: the database answers, the load is
      // past what this instance serves at once. Nothing of this request ran.
      request.log.warn({ err: error }, 'server busy: no database connection free in time');
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return sendError(reply, 'SERVER_BUSY', MESSAGES.serverBusy);
    }
    if (isStatementTimeout(error)) {
      // One statement ran past the requests' pool's limit (db/client.ts) and PostgreSQL cancelled it, with its
      // transaction: a plan gone wrong or a lock held too long somewhere, which an operator must look at.
      request.log.error({ err: error }, 'database statement ran past its limit and was cancelled');
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return sendError(reply, 'DATABASE_TIMEOUT', MESSAGES.databaseTimeout);
    }
    if (error instanceof StorageUnavailableError) {
      // The file store failed (its disk, or the object store away or refusing): the client may try again.
      request.log.error({ err: error }, 'file storage unavailable');
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return sendError(reply, 'STORAGE_UNAVAILABLE', MESSAGES.storageUnavailable);
    }
    if (isDatabaseUnavailable(error)) {
      // The database stopped or the network to it dropped: nothing was committed by this request (a commit that
      // succeeded has answered already); the client may try again, with its Idempotency-Key where it has one.
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return sendError(reply, 'DATABASE_UNAVAILABLE', MESSAGES.databaseUnavailable);
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, 'INTERNAL_ERROR', MESSAGES.internalError);
  });
}
