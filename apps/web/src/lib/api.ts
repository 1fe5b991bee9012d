// COMMON_MESSAGES rather than MESSAGES: this module is on every first load, and MESSAGES carries every feature's.
import { COMMON_MESSAGES, type ErrorCode, type ErrorResponse } from '@prata/domain';
import { clearLoginData, clearToken, decodeJwtPayload, getToken, isTokenExpired } from './auth-storage';
import { postNeedsNoIntention } from './intention-paths';
import { rememberExpiredSession } from './session-expiry';

export const API_BASE = '/api';

/** Field errors as the server sends them: `{ field: ['first message', ...] }`. */
export type FieldErrors = NonNullable<ErrorResponse['errors']>;

/**
 * Every failed call answers ErrorResponse, `{ code, message, errors? }` (spec 1 §8), some with more fields (closed_at);
 * a failure that never reached the server (network, an expired token) has only what the client knows.
 */
export type ApiErrorBody = Partial<ErrorResponse>;

const NETWORK_ERROR_MESSAGE = 'Não foi possível falar com o servidor. Verifique sua conexão e tente novamente.';

const CODE_SHAPE = /^[A-Z][A-Z0-9_]{1,63}$/;

export class ApiError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody;
  /** A refusal to wait (429): the seconds the server's Retry-After names; null when it names none. */
  readonly retryAfterSeconds: number | null;

  constructor(status: number, message: string, body: ApiErrorBody = {}, retryAfterSeconds: number | null = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.retryAfterSeconds = retryAfterSeconds;
  }

  get errors(): FieldErrors | undefined {
    return this.body.errors;
  }

  /**
   * The server's stable machine code (packages/domain/src/errors.ts); undefined for network failures. Read by its
   * shape, not against the list of codes: the list is 0.7 KB gzip this module would put on every first load, and a
   * code the screens do not know matches none of their branches anyway.
   */
  get code(): ErrorCode | undefined {
    const code = this.body.code;
    return typeof code === 'string' && CODE_SHAPE.test(code) ? (code as ErrorCode) : undefined;
  }
}

/**
 * A POST that creates something, sent without an intention's Idempotency-Key (lib/intention.ts): a mistake of the app,
 * refused before it leaves, since a double click would create twice. The person reads the generic message.
 */
export class IntentionRequiredError extends Error {
  readonly path: string;

  constructor(path: string) {
    super(COMMON_MESSAGES.internalError);
    this.name = 'IntentionRequiredError';
    this.path = path;
  }
}

/** True when the call failed with one of these codes: screens branch on codes, never on message text. */
export function hasErrorCode(error: unknown, ...codes: ErrorCode[]): error is ApiError {
  return error instanceof ApiError && error.code !== undefined && codes.includes(error.code);
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/**
 * The one line to show for a failure (spec 1 §8): the first message of the first field when the answer has
 * field errors, otherwise the message.
 */
export function firstError(error: unknown): string {
  const body: ApiErrorBody | undefined =
    error instanceof ApiError ? error.body : error && typeof error === 'object' ? (error as ApiErrorBody) : undefined;
  const errors = body?.errors;
  if (errors && typeof errors === 'object') {
    for (const messages of Object.values(errors)) {
      const first = Array.isArray(messages) ? messages[0] : undefined;
      if (typeof first === 'string' && first) return first;
    }
  }
  if (error instanceof Error && error.message) return error.message;
  if (typeof body?.message === 'string' && body.message) return body.message;
  if (typeof error === 'string' && error) return error;
  return COMMON_MESSAGES.internalError;
}

type UnauthorizedHandler = () => void;
let unauthorizedHandler: UnauthorizedHandler = () => {};

/** The app decides what "go to /login" means (it owns the router); the client only says when. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  unauthorizedHandler = handler;
}

/**
 * A 401 (real or local): forget the session and let the app send the person to /login. A session that ended under
 * a signed-in person (there was a token) leaves where they were, so the sign-in page can say so and return there.
 */
export function handleUnauthorized(): void {
  const token = getToken();
  if (token !== null && window.location.pathname !== '/login') {
    const sub = Number(decodeJwtPayload(token)?.sub);
    rememberExpiredSession(window.location.pathname + window.location.search, Number.isSafeInteger(sub) ? sub : null);
  }
  clearToken();
  clearLoginData();
  unauthorizedHandler();
}

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain object is sent as JSON; FormData as multipart (the browser sets the boundary). */
  body?: unknown;
  query?: Record<string, string | number | undefined | null>;
  /** Extra request headers, e.g. `Idempotency-Key` on the writes that move money (lib/idempotency.ts). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

function buildUrl(path: string, query?: RequestOptions['query']): string {
  let url = API_BASE + (path.startsWith('/') ? path : `/${path}`);
  if (query) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && value !== null) params.set(key, String(value));
    }
    const search = params.toString();
    if (search) url += `?${search}`;
  }
  return url;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/**
 * fetch for /api: bearer token on every request, JSON or FormData, `{ message, errors }` failures as ApiError.
 * A POST carries an intention's Idempotency-Key unless lib/intention-paths.ts says it creates nothing.
 * An expired token never leaves the browser: the call fails here as a 401 'Token expired' (spec 1 §4.3).
 * Answers the successful Response, body unread.
 */
async function send(path: string, options: RequestOptions, accept: string): Promise<Response> {
  const headers = new Headers({ ...options.headers, Accept: accept });
  // In development and tests (where every screen test runs through here): half a kB of first load in production, where
  // intention-paths.test.ts has already refused any POST of the source that would be refused.
  if (
    import.meta.env.DEV &&
    options.method === 'POST' &&
    !headers.has('Idempotency-Key') &&
    !postNeedsNoIntention(path)
  ) {
    throw new IntentionRequiredError(path);
  }
  const token = getToken();
  if (token) {
    if (isTokenExpired(token)) {
      handleUnauthorized();
      throw new ApiError(401, COMMON_MESSAGES.tokenExpired, {
        code: 'TOKEN_EXPIRED',
        message: COMMON_MESSAGES.tokenExpired,
      });
    }
    headers.set('Authorization', `Bearer ${token}`);
  }

  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }

  if (!response.ok) {
    const data = await readBody(response);
    const errorBody: ApiErrorBody =
      data && typeof data === 'object' ? (data as ApiErrorBody) : { message: typeof data === 'string' ? data : '' };
    const message =
      typeof errorBody.message === 'string' && errorBody.message ? errorBody.message : COMMON_MESSAGES.internalError;
    if (response.status === 401) handleUnauthorized();
    const retryAfter = Number(response.headers.get('retry-after'));
    throw new ApiError(response.status, message, errorBody, retryAfter > 0 ? retryAfter : null);
  }
  return response;
}

export async function apiFetch<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(path, options, 'application/json');
  return (await readBody(response)) as T;
}

/** The file name of a `Content-Disposition: attachment` answer (RFC 6266: filename* first), or null. */
function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/.exec(header);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name || null;
}

/**
 * A file from the API (documents, receipts): fetched with the bearer token, since a plain link cannot carry it.
 * Failures are ApiErrors like any other call.
 */
export async function apiFetchFile(path: string): Promise<{ blob: Blob; fileName: string | null }> {
  const response = await send(path, {}, '*/*');
  const blob = await response.blob();
  return { blob, fileName: fileNameFromDisposition(response.headers.get('content-disposition')) };
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => apiFetch<T>(path, options),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiFetch<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiFetch<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiFetch<T>(path, { ...options, method: 'DELETE' }),
};

/** `{ message }`, the answer of most writes. */
export type { MessageResponse } from '@prata/domain';
