// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeJwt, nowSeconds } from '@/testing/jwt';
import { jsonResponse } from '@/testing/render';
import { ApiError, api, firstError, setUnauthorizedHandler } from './api';
import { getToken, isTokenExpired, LOGIN_DATA_KEY, TOKEN_KEY } from './auth-storage';

describe('api client', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const onUnauthorized = vi.fn();

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    setUnauthorizedHandler(onUnauthorized);
    localStorage.clear();
    sessionStorage.clear();
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
    onUnauthorized.mockReset();
  });

  it("rejects an expired token before sending, as a 401 'Token expired', and ends the session", async () => {
    localStorage.setItem(TOKEN_KEY, fakeJwt({ sub: 1, exp: nowSeconds() - 10 }));
    sessionStorage.setItem(LOGIN_DATA_KEY, '{"id":1}');

    const error = await api.get('/user').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect((error as ApiError).message).toBe('Token expired');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(getToken()).toBeNull();
    expect(sessionStorage.getItem(LOGIN_DATA_KEY)).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('sends a valid token as a bearer header and JSON bodies as JSON', async () => {
    const token = fakeJwt({ sub: 1, exp: nowSeconds() + 3600 });
    localStorage.setItem(TOKEN_KEY, token);
    fetchMock.mockResolvedValue(jsonResponse(200, { ok: true }));

    await expect(api.post('/login', { email: 'a@b.co' })).resolves.toEqual({ ok: true });

    const [url, init] = fetchMock.mock.calls[0]!;
    const headers = new Headers(init?.headers);
    expect(url).toBe('/api/login');
    expect(headers.get('Authorization')).toBe(`Bearer ${token}`);
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init?.body).toBe('{"email":"a@b.co"}');
  });

  it('leaves FormData to the browser (multipart boundary)', async () => {
    fetchMock.mockResolvedValue(jsonResponse(201, { user: { id: 1 } }));
    const form = new FormData();
    form.set('name', 'Ana');

    await api.post('/register', form, { headers: { 'Idempotency-Key': 'chave-da-intencao' } });

    const init = fetchMock.mock.calls[0]![1];
    expect(init?.body).toBe(form);
    expect(new Headers(init?.headers).has('Content-Type')).toBe(false);
  });

  it('on a 401 answer removes the token and asks the app to go to /login', async () => {
    localStorage.setItem(TOKEN_KEY, fakeJwt({ exp: nowSeconds() + 3600 }));
    fetchMock.mockResolvedValue(jsonResponse(401, { message: 'Sua sessão expirou. Entre novamente.' }));

    await expect(api.get('/user')).rejects.toMatchObject({ status: 401 });
    expect(getToken()).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('keeps the body of a failed answer (e.g. closed_at) on the error', async () => {
    fetchMock.mockResolvedValue(jsonResponse(403, { message: 'Sua conta foi encerrada.', closed_at: '2026-05-04' }));

    const error = (await api.post('/login', {}).catch((e: unknown) => e)) as ApiError;

    expect(error.status).toBe(403);
    expect(error.message).toBe('Sua conta foi encerrada.');
    expect(error.body.closed_at).toBe('2026-05-04');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});

describe('firstError', () => {
  it('returns the first message of the first field when there are field errors', () => {
    const error = new ApiError(422, 'Dados inválidos.', {
      message: 'Dados inválidos.',
      errors: { email: ['Informe um e-mail válido', 'outro'], password: ['Informe sua senha'] },
    });
    expect(firstError(error)).toBe('Informe um e-mail válido');
  });

  it('returns the message when there are no field errors', () => {
    expect(firstError(new ApiError(429, 'Muitas tentativas.', { message: 'Muitas tentativas.' }))).toBe(
      'Muitas tentativas.',
    );
  });

  it('reads plain error bodies too', () => {
    expect(firstError({ message: 'x', errors: { code: ['Informe o código'] } })).toBe('Informe o código');
    expect(firstError({ message: 'Só a mensagem' })).toBe('Só a mensagem');
  });
});

describe('isTokenExpired', () => {
  it('compares exp (seconds) with now', () => {
    const now = Date.UTC(2026, 0, 1);
    expect(isTokenExpired(fakeJwt({ exp: now / 1000 - 1 }), now)).toBe(true);
    expect(isTokenExpired(fakeJwt({ exp: now / 1000 + 60 }), now)).toBe(false);
  });

  it('leaves unreadable tokens and tokens without exp to the server', () => {
    expect(isTokenExpired('not-a-jwt')).toBe(false);
    expect(isTokenExpired(fakeJwt({ sub: 1 }))).toBe(false);
  });
});
