// @vitest-environment jsdom
import { MESSAGES } from '@prata/domain';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToken } from '@/lib/auth-storage';
import { readFormDraft } from '@/lib/form-draft';
import { rememberExpiredSession } from '@/lib/session-expiry';
import { getNotice, notify } from '@/lib/notify';
import { fakeJwt, nowSeconds } from '@/testing/jwt';
import { jsonResponse, renderRoute } from '@/testing/render';
import { LoginPage } from './login-page';

const EMAIL = 'joana.carvalho.de.albuquerque@exemplo.com.br';
const fetchMock = vi.fn<typeof fetch>();

function answer(route: string, status: number, body: unknown) {
  return (url: string) => (url.startsWith(`/api${route}`) ? jsonResponse(status, body) : undefined);
}

function serve(...handlers: Array<(url: string, init?: RequestInit) => Response | undefined>) {
  fetchMock.mockImplementation(async (input, init) => {
    for (const handler of handlers) {
      const response = handler(String(input), init);
      if (response) return response;
    }
    return jsonResponse(404, { message: 'Registro não encontrado.' });
  });
}

async function submitCredentials() {
  fireEvent.change(screen.getByLabelText(/E-mail/), { target: { value: EMAIL } });
  fireEvent.change(screen.getByLabelText(/^Senha/), { target: { value: 'segredo123' } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
  });
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  localStorage.clear();
  sessionStorage.clear();
  notify.close();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('LoginPage', () => {
  it('validates the e-mail and password with the spec messages', async () => {
    renderRoute(<LoginPage />, { path: '/login' });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    });
    expect(screen.getByText('Informe seu e-mail')).toBeTruthy();
    expect(screen.getByText('Informe sua senha')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('goes password → method (e-mail cut at 33) → code → signed in', async () => {
    const token = fakeJwt({ sub: 1, exp: nowSeconds() + 3600 });
    const user = { id: 1, name: 'Joana', email: EMAIL, email_verified_at: '2026-01-01', celular: '(11) 9****-4321' };
    serve(
      answer('/login/verification-method', 200, {
        verificationMethod: 'sms',
        message: 'Código enviado.',
        resendAfterSeconds: 60,
        validForSeconds: 600,
      }),
      answer('/login/verification-code', 200, { authToken: token, user: { ...user, registration_complete: true } }),
      answer('/login', 200, { user }),
    );
    const { router } = renderRoute(<LoginPage />, { path: '/login' });

    await submitCredentials();
    expect(await screen.findByText(`${EMAIL.slice(0, 33)}…`)).toBeTruthy();

    await act(async () => {
      fireEvent.click(screen.getByText('SMS'));
    });
    const methodCall = fetchMock.mock.calls.find(([url]) => String(url) === '/api/login/verification-method');
    expect(JSON.parse(String(methodCall?.[1]?.body))).toEqual({
      email: EMAIL,
      password: 'segredo123',
      verificationMethod: 'sms',
    });
    expect(await screen.findByText('Reenviar código em 60 s')).toBeTruthy();

    // the sixth digit submits by itself
    await act(async () => {
      fireEvent.change(screen.getByLabelText(/Código de verificação/), { target: { value: '123456' } });
    });

    expect(getToken()).toBe(token);
    expect(router.state.location.pathname).toBe('/');
    expect(fetchMock.mock.calls.filter(([url]) => String(url) === '/api/login/verification-code')).toHaveLength(1);
  });

  it('after a sign-out the server never confirmed: says where to end the session; an ordinary arrival says nothing', async () => {
    serve();
    renderRoute(<LoginPage />, { path: '/login', state: { logoutUnconfirmed: true } });
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.logoutUnconfirmed);
    cleanup();
    renderRoute(<LoginPage />, { path: '/login' });
    await screen.findByRole('button', { name: 'Entrar' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('after an expired session: says so, focuses the e-mail, sends one code on a double click, returns where the person was with no stale notice', async () => {
    const token = fakeJwt({ sub: 1, exp: nowSeconds() + 3600 });
    const user = { id: 1, name: 'Joana', email: EMAIL, email_verified_at: '2026-01-01', celular: null };
    serve(
      answer('/login/verification-method', 200, {
        verificationMethod: 'email',
        message: 'Enviamos um código para o seu e-mail.',
        resendAfterSeconds: 60,
        validForSeconds: 600,
      }),
      answer('/login/verification-code', 200, { authToken: token, user: { ...user, registration_complete: true } }),
      answer('/login', 200, { user }),
    );
    rememberExpiredSession('/ordens?lado=venda', 1);
    sessionStorage.setItem('formDraft:ordens:buy', JSON.stringify({ quantity_grams: '2.5' }));
    const { router } = renderRoute(<LoginPage />, { path: '/login' });
    expect(await screen.findByText('Sua sessão expirou. Entre novamente para continuar.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(/E-mail/));

    await submitCredentials();
    await act(async () => {
      const email = await screen.findByText('E-mail');
      fireEvent.click(email);
      fireEvent.click(email);
    });
    const codeCalls = fetchMock.mock.calls.filter(([url]) => String(url) === '/api/login/verification-method');
    expect(codeCalls).toHaveLength(1);
    expect(new Headers(codeCalls[0]?.[1]?.headers).get('Idempotency-Key')).toBeTruthy();
    expect(getNotice()?.message).toBe('Enviamos um código para o seu e-mail.');

    await act(async () => {
      fireEvent.change(await screen.findByLabelText(/Código de verificação/), { target: { value: '123456' } });
    });
    expect(router.state.location.pathname + router.state.location.search).toBe('/ordens?lado=venda');
    expect(getNotice()).toBeNull();
    // the same person: the typed amount waits for the form
    expect(readFormDraft('ordens:buy')).toEqual({ quantity_grams: '2.5' });
  });

  it('never returns to another site, and another person signing in does not get the first one drafts', async () => {
    const token = fakeJwt({ sub: 2, exp: nowSeconds() + 3600 });
    const user = { id: 2, name: 'Outra', email: EMAIL, email_verified_at: '2026-01-01', celular: null };
    serve(
      answer('/login/verification-method', 200, {
        verificationMethod: 'email',
        resendAfterSeconds: 60,
        validForSeconds: 600,
      }),
      answer('/login/verification-code', 200, { authToken: token, user: { ...user, registration_complete: true } }),
      answer('/login', 200, { user }),
    );
    rememberExpiredSession('//malicioso.example/ordens', 1);
    expect(sessionStorage.getItem('sessionExpired')).toBeNull();
    rememberExpiredSession('/ordens', 1);
    sessionStorage.setItem('formDraft:ordens:buy', JSON.stringify({ quantity_grams: '2.5' }));
    const { router } = renderRoute(<LoginPage />, { path: '/login' });
    await submitCredentials();
    await act(async () => {
      fireEvent.click(await screen.findByText('E-mail'));
    });
    await act(async () => {
      fireEvent.change(await screen.findByLabelText(/Código de verificação/), { target: { value: '123456' } });
    });
    expect(router.state.location.pathname).toBe('/ordens');
    expect(readFormDraft('ordens:buy')).toBeNull();
  });

  it('lands an operator on /admin, not on the customer onboarding', async () => {
    const token = fakeJwt({ sub: 9, exp: nowSeconds() + 3600 });
    const user = { id: 9, name: 'Operadora', email: EMAIL, email_verified_at: '2026-01-01', celular: null };
    serve(
      answer('/login/verification-method', 200, {
        verificationMethod: 'email',
        resendAfterSeconds: 60,
        validForSeconds: 600,
      }),
      answer('/login/verification-code', 200, {
        authToken: token,
        user: { ...user, registration_complete: false, staff_roles: ['support'] },
      }),
      answer('/login', 200, { user }),
    );
    const { router } = renderRoute(<LoginPage />, { path: '/login' });
    await submitCredentials();
    await act(async () => {
      fireEvent.click(await screen.findByText('E-mail'));
    });
    await act(async () => {
      fireEvent.change(await screen.findByLabelText(/Código de verificação/), { target: { value: '123456' } });
    });
    expect(router.state.location.pathname).toBe('/admin');
  });

  it("keeps the code step after 'Escolher outro método': the same method goes back to it, no new code", async () => {
    const user = { id: 1, name: 'Joana', email: EMAIL, email_verified_at: '2026-01-01', celular: '(11) 9****-4321' };
    serve(
      answer('/login/verification-method', 200, {
        verificationMethod: 'email',
        resendAfterSeconds: 60,
        validForSeconds: 600,
      }),
      answer('/login', 200, { user }),
    );
    renderRoute(<LoginPage />, { path: '/login' });
    await submitCredentials();
    await act(async () => {
      fireEvent.click(await screen.findByText('E-mail'));
    });
    fireEvent.change(await screen.findByLabelText(/Código de verificação/), { target: { value: '12a3' } });
    expect((screen.getByLabelText(/Código de verificação/) as HTMLInputElement).value).toBe('123');

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Escolher outro método' }));
    });
    expect(screen.getByRole('alert').textContent).toContain('Já enviamos um código para o e-mail');
    await act(async () => {
      fireEvent.click(screen.getByText('E-mail'));
    });
    // back on the code, with the digits typed and the countdown still running; no second code asked for
    expect((screen.getByLabelText(/Código de verificação/) as HTMLInputElement).value).toBe('123');
    expect(screen.getByRole('button', { name: /^Reenviar código em \d+ s$/ })).toHaveProperty('disabled', true);
    const methodCalls = () =>
      fetchMock.mock.calls.filter(([url]) => String(url) === '/api/login/verification-method').length;
    expect(methodCalls()).toBe(1);

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Escolher outro método' }));
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Digitar o código' }));
    });
    expect((screen.getByLabelText(/Código de verificação/) as HTMLInputElement).value).toBe('123');
    expect(methodCalls()).toBe(1);
  });

  it('shows the verification notice when the e-mail is not verified', async () => {
    serve(
      answer('/login', 200, { user: { id: 3, name: 'Ana', email: EMAIL, email_verified_at: null, celular: null } }),
    );
    renderRoute(<LoginPage />, { path: '/login' });
    await submitCredentials();
    expect(await screen.findByText('Verificação de e-mail')).toBeTruthy();
  });

  it("offers 'Reabrir conta' when the account is closed", async () => {
    serve(
      answer('/user/reopen-account', 200, { message: 'Sua conta foi reaberta.' }),
      answer('/login', 403, {
        code: 'ACCOUNT_CLOSED',
        message: 'Sua conta foi encerrada.',
        closed_at: '2026-03-15T13:00:00Z',
      }),
    );
    renderRoute(<LoginPage />, { path: '/login' });
    await submitCredentials();

    const notice = getNotice();
    expect(notice?.message).toBe('Sua conta foi encerrada em 15/03/2026');
    expect(notice?.action?.label).toBe('Reabrir conta');

    await act(async () => {
      notice?.action?.onClick();
    });
    const reopen = fetchMock.mock.calls.find(([url]) => String(url) === '/api/user/reopen-account');
    expect(reopen?.[1]?.method).toBe('PUT');
    expect(JSON.parse(String(reopen?.[1]?.body))).toEqual({ email: EMAIL });
  });

  it('sends someone already signed in home; an expired token still sees the form', () => {
    localStorage.setItem('authToken', fakeJwt({ sub: '1', exp: nowSeconds() + 600 }));
    const signedIn = renderRoute(<LoginPage />, { path: '/login' });
    expect(signedIn.router.state.location.pathname).toBe('/');
    signedIn.unmount();

    localStorage.setItem('authToken', fakeJwt({ sub: '1', exp: nowSeconds() - 10 }));
    const expired = renderRoute(<LoginPage />, { path: '/login' });
    expect(expired.router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('button', { name: 'Entrar' })).toBeTruthy();
  });

  it('an account with a passkey: the passkey step; "Perdi minha chave de acesso" waits, then the code by e-mail only', async () => {
    const user = { id: 1, name: 'Joana', email: EMAIL, email_verified_at: '2026-01-01', celular: '(11) 9****-4321' };
    const readyAt = new Date(Date.now() + 15 * 60_000).toISOString();
    let fallback: string | null = null;
    serve(
      answer('/login/passkey/fallback', 200, {
        message: 'Pedido registrado. Avisamos você por e-mail; o código fica disponível após a espera.',
        available_at: readyAt,
        wait_seconds: 900,
      }),
      (url) =>
        url === '/api/login'
          ? jsonResponse(200, { user, second_step: fallback ? 'code' : 'passkey', fallback_ready_at: fallback })
          : undefined,
    );
    renderRoute(<LoginPage />, { path: '/login' });
    await submitCredentials();
    expect(await screen.findByRole('heading', { name: 'Chave de acesso' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Entrar com chave de acesso' })).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Perdi minha chave de acesso' }));
    });
    const asked = fetchMock.mock.calls.find(([url]) => String(url) === '/api/login/passkey/fallback');
    expect(JSON.parse(String(asked?.[1]?.body))).toEqual({ email: EMAIL, password: 'segredo123' });
    expect(new Headers(asked?.[1]?.headers).get('Idempotency-Key')).toBeTruthy();
    expect((await screen.findByText(/o código por e-mail fica disponível às/)).textContent).toMatch(/em 15 minutos/);
    expect(screen.queryByRole('button', { name: 'Perdi minha chave de acesso' })).toBeNull();

    // after the wait, the sign-in goes to the method step with e-mail only (no SMS)
    cleanup();
    fallback = new Date(Date.now() - 1000).toISOString();
    renderRoute(<LoginPage />, { path: '/login' });
    await submitCredentials();
    expect(await screen.findByRole('heading', { name: 'Verificação em duas etapas' })).toBeTruthy();
    expect(screen.queryByText('SMS')).toBeNull();
    expect(screen.getByText('E-mail')).toBeTruthy();
  });
});
