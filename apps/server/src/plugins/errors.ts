import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MESSAGES } from '@prata/domain';
import { AppError } from '../lib/errors';
import { RateLimitedError } from './rate-limit';

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
    if (fe.code === 'FST_REQ_FILE_TOO_LARGE' || fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || fe.statusCode === 413) {
      return reply.status(413).send({ message: MESSAGES.fileTooLarge });
    }
    if (fe.statusCode === 429) {
      return reply.status(429).send({ message: MESSAGES.tooManyRequests });
    }
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      // Malformed JSON, wrong content type, multipart oddities: the request is the problem.
      request.log.info({ code: fe.code }, 'bad request');
      return reply.status(fe.statusCode === 404 ? 404 : 400).send({ message: MESSAGES.badRequest });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: MESSAGES.internalError });
  });
}
