import type { ErrorCode } from '@prata/domain';

/**
 * The one error type of the server's rules: a stable code (packages/domain/src/errors.ts), a Portuguese message, and
 * field messages when the error belongs to fields. It knows nothing of HTTP: plugins/errors.ts maps each code to its
 * status in one table. Anything else thrown becomes INTERNAL_ERROR with a generic message, and is logged.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly errors?: Record<string, string[]>,
    /** extra fields of the answer, e.g. closed_at on a closed account */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** Another customer's resource, or none: always the same answer. */
export const notFound = (message = 'Registro não encontrado.') => new AppError('NOT_FOUND', message);
/** An error of one field: the answer carries both `message` and `errors[field]`. */
export const invalid = (field: string, message: string, code: ErrorCode = 'VALIDATION_FAILED') =>
  new AppError(code, message, { [field]: [message] });
/** Errors of several fields at once; `message` is the first one, as the client shows it. */
export function invalidFields(errors: Record<string, string[]>, code: ErrorCode = 'VALIDATION_FAILED'): AppError {
  const first = Object.values(errors).find((m) => m.length > 0)?.[0] ?? 'Dados inválidos.';
  return new AppError(code, first, errors);
}
