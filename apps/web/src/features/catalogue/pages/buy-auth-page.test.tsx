// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/notify';
import { aUser } from '@/testing/fixtures';
import { fakeJwt, nowSeconds } from '@/testing/jwt';
import { jsonResponse, renderRoute } from '@/testing/render';
import { routes } from '@/testing/silver-fixtures';
import { BuyAuthPage } from './buy-auth-page';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  localStorage.clear();
  sessionStorage.clear();
  notify.close();
});

const open = () => renderRoute(<BuyAuthPage />, { path: '/comprar-prata/:id/auth', url: '/comprar-prata/3/auth' });
const submit = async (name: string) => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
};
const type = (name: RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(name, { selector: 'input' }), { target: { value } });

describe('/comprar-prata/{id}/auth', { timeout: 20_000 }, () => {
  it('lists the four benefits; an e-mail without an account goes to the checkout, the e-mail out of the URL', async () => {
    routes(fetchMock, { 'POST /api/silver-withdrawal/check-email': () => jsonResponse(200, { exists: false }) });
    const { router } = open();
    const benefits = screen.getByRole('list', { name: 'Benefícios de informar o e-mail' });
    expect(benefits.querySelectorAll('li')).toHaveLength(4);
    await submit('Continuar');
    expect(screen.getByText('Informe seu e-mail')).toBeTruthy();
    type(/^E-mail/, 'ana@prata.dev');
    await submit('Continuar');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/comprar-prata/3/checkout'));
    // handed over in the tab's storage (the e-mail never travels in the address bar)
    expect(router.state.location.search).toBe('');
    expect(sessionStorage.getItem('prata.checkout.email')).toBe('ana@prata.dev');
  });

  it("an account asks for the password ('Esqueci a senha' opens the reset dialog), then the code, then the checkout", async () => {
    const user = aUser({ celular: null });
    routes(fetchMock, {
      'POST /api/silver-withdrawal/check-email': () => jsonResponse(200, { exists: true }),
      'POST /api/silver-withdrawal/check-password': () =>
        jsonResponse(200, {
          user: { id: 1, name: user.name, email: user.email, email_verified_at: user.email_verified_at, celular: null },
        }),
      'POST /api/login/verification-method': () =>
        jsonResponse(200, { verificationMethod: 'email', message: 'Código enviado.', resendAfterSeconds: 60 }),
      'POST /api/login/verification-code': () =>
        jsonResponse(200, { authToken: fakeJwt({ sub: '1', exp: nowSeconds() + 600 }), user }),
    });
    const { router } = open();
    type(/^E-mail/, 'maria@prata.dev');
    await submit('Continuar');
    await screen.findByLabelText(/^Senha/, { selector: 'input' });
    fireEvent.click(screen.getByRole('button', { name: 'Esqueci a senha' }));
    expect(await screen.findByRole('dialog', { name: 'Esqueci a senha' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 5000 });
    type(/^Senha/, 'prata1234');
    await submit('Entrar e continuar');
    expect(JSON.parse(String(fetchMock.mock.calls.at(-1)?.[1]?.body))).toEqual({
      email: 'maria@prata.dev',
      password: 'prata1234',
    });
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: /E-mail/ }));
    });
    const code = await screen.findByLabelText(/Código de verificação/, { selector: 'input' });
    fireEvent.change(code, { target: { value: '123456' } });
    await submit('Entrar');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/comprar-prata/3/checkout'));
    expect(localStorage.getItem('authToken')).toBeTruthy();
  });
});
