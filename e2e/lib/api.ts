import type { DevPaymentReceivedResponse } from '@prata/domain';
import { BASE_URL } from './env';
import { lastMessageId, latestCode, latestLink } from './outbox';

/**
 * A non-2xx answer of the API under test: its status, its machine code, its Retry-After (seconds) and its body (the
 * parsed JSON, undefined when it is not JSON), if any.
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | undefined,
    readonly retryAfterSeconds: number | undefined,
    readonly body: unknown,
  ) {
    super(message);
  }
}

function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function codeOf(body: unknown): string | undefined {
  const code = typeof body === 'object' && body !== null ? (body as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
}

/** What a call sends beside its body: an Idempotency-Key, as the screens send one with every write that creates. */
type CallOptions = { idempotencyKey?: string };

/**
 * A call to the API under test, its body JSON (or a FormData, sent as a browser's form sends it); throws an ApiError
 * with the server's answer on a non-2xx status.
 */
export async function apiCall<T>(
  method: string,
  path: string,
  body?: unknown,
  token?: string,
  options: CallOptions = {},
): Promise<T> {
  const form = body instanceof FormData;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined && !form) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  const response = await fetch(`${BASE_URL}/api${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : form ? body : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) {
    const retryAfter = Number(response.headers.get('retry-after') ?? Number.NaN);
    const answer = jsonOf(text);
    throw new ApiError(
      `${method} /api${path} answered ${response.status}: ${text}`,
      response.status,
      codeOf(answer),
      Number.isFinite(retryAfter) ? retryAfter : undefined,
      answer,
    );
  }
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A write with a new Idempotency-Key, as the screens send money, order and document writes. */
export function idempotentCall<T>(method: string, path: string, body: unknown, token: string): Promise<T> {
  return apiCall<T>(method, path, body, token, { idempotencyKey: crypto.randomUUID() });
}

/** The embedded provider receives the Pix of a charge (development route): what the webhook did with it. */
export function receiveDevPix(paymentId: string): Promise<DevPaymentReceivedResponse> {
  return apiCall<DevPaymentReceivedResponse>('POST', `/dev/payments/${encodeURIComponent(paymentId)}/receive`);
}

export type NewAccount = { id: number; name: string; email: string; password: string };

/**
 * Creates an account through the API (POST /api/register) and, unless told otherwise, verifies its e-mail with the
 * link from the outbox. Counts against the server's 10-registrations-per-hour limit, like the UI does.
 */
export async function createAccount(input: {
  name: string;
  email: string;
  password?: string;
  accountType?: 'individual' | 'company';
  verify?: boolean;
}): Promise<NewAccount> {
  const password = input.password ?? 'senha-forte-123';
  const { user } = await apiCall<{ user: { id: number } }>('POST', '/register', {
    name: input.name,
    email: input.email,
    email_confirmation: input.email,
    password,
    password_confirmation: password,
    account_type: input.accountType ?? 'individual',
  });
  if (input.verify !== false) {
    const link = await latestLink(input.email, '/email/verify/');
    const token = new URL(link).pathname.split('/').pop()!;
    await apiCall('POST', `/register/verify/${token}`);
  }
  return { id: user.id, name: input.name, email: input.email, password };
}

/**
 * The whole two-step sign-in through the API (password, e-mail code, code check) → the bearer token. Sends one
 * code: the same account cannot get another one for 60 s, so a journey uses it once per account.
 */
export async function apiLogin(email: string, password: string): Promise<string> {
  await apiCall('POST', '/login', { email, password });
  let after = await lastMessageId(email);
  // a shared demo account (the operator) may have been sent a code by a journey of another lane within the resend
  // window (a setting in the journeys): wait what its Retry-After says, then ask again
  for (let attempt = 1; ; attempt++) {
    try {
      await apiCall('POST', '/login/verification-method', { email, password, verificationMethod: 'email' });
      break;
    } catch (err) {
      const wait = err instanceof ApiError && err.code === 'CODE_RESEND_WAIT' ? err.retryAfterSeconds : undefined;
      if (wait === undefined || attempt >= 5) throw err;
      await new Promise((r) => setTimeout(r, wait * 1000 + 100));
      after = await lastMessageId(email);
    }
  }
  const code = await latestCode(email, { after });
  const { authToken } = await apiCall<{ authToken: string }>('POST', '/login/verification-code', { email, code });
  return authToken;
}

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** A JWT-shaped token (any signature) with the given payload, e.g. an `exp` in the past. */
export function craftToken(payload: Record<string, unknown>): string {
  return `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(payload)}.${Buffer.from('not-a-signature').toString('base64url')}`;
}
