/**
 * The one error type of the server. Only its message (always pt-BR) and fields reach people;
 * anything else thrown becomes a 500 with a generic message and is logged.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    /** extra fields of the answer, e.g. closed_at on a closed account */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string) => new AppError(400, message);
export const unauthorized = (message = 'Não autenticado.') => new AppError(401, message);
export const forbidden = (message: string, extra?: Record<string, unknown>) =>
  new AppError(403, message, undefined, extra);
export const notFound = (message = 'Registro não encontrado.') => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
export const tooMany = (message: string) => new AppError(429, message);
/** A 422 for one field: the answer carries both `message` and `errors[field]`. */
export const invalid = (field: string, message: string) => new AppError(422, message, { [field]: [message] });
/** A 422 for several fields at once; `message` is the first one, as the client shows it. */
export function invalidFields(errors: Record<string, string[]>): AppError {
  const first = Object.values(errors).find((m) => m.length > 0)?.[0] ?? 'Dados inválidos.';
  return new AppError(422, first, errors);
}
