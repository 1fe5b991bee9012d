import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MESSAGES } from '@prata/domain';
import { AppError } from '../lib/errors';
import { RateLimitedError } from './rate-limit';

/** Fastify's errors about a request it could not read, as the status and the message people get. */
const FRAMEWORK_ERRORS: Record<string, [number, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, MESSAGES.requestTooLarge],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, MESSAGES.unsupportedMediaType],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, MESSAGES.invalidJson],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, MESSAGES.invalidJson],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, MESSAGES.badRequest],
  FST_REQ_FILE_TOO_LARGE: [413, MESSAGES.fileTooLarge],
};

/** One error shape everywhere: `{ message, errors? }`, pt-BR, never a stack trace, never a 500 for bad input. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      if (error instanceof RateLimitedError) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply
        .status(error.statusCode)
        .send({ message: error.message, ...(error.errors ? { errors: error.errors } : {}), ...error.extra });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
        errors[field] = [...(errors[field] ?? []), issue.message ?? MESSAGES.invalidData];
      }
      const first = Object.values(errors)[0]?.[0] ?? MESSAGES.invalidData;
      return reply.status(422).send({ message: first, errors });
    }
    const fe = error as FastifyError;
    const known = fe.code ? FRAMEWORK_ERRORS[fe.code] : undefined;
    if (known) {
      request.log.info({ code: fe.code }, 'bad request');
      return reply.status(known[0]).send({ message: known[1] });
    }
    if (fe.statusCode === 429) {
      return reply.status(429).send({ message: MESSAGES.tooManyRequests });
    }
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      // Any other complaint of the framework about the request: its status, our words.
      request.log.info({ code: fe.code }, 'bad request');
      const message =
        fe.statusCode === 404
          ? MESSAGES.notFound
          : fe.statusCode === 413
            ? MESSAGES.requestTooLarge
            : MESSAGES.badRequest;
      return reply.status(fe.statusCode).send({ message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: MESSAGES.internalError });
  });
}
