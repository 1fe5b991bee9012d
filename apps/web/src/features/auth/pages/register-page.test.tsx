// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoute } from '@/testing/render';
import { RegisterPage } from './register-page';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const submit = () => screen.getByRole('button', { name: 'Criar conta' }) as HTMLButtonElement;

function fill(label: RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('RegisterPage', () => {
  it("keeps 'criar conta' disabled until the terms are accepted and prefills the coupon from ?cupom=", () => {
    renderRoute(<RegisterPage />, { path: '/register', url: '/register?cupom=PRATA10' });
    expect((screen.getByLabelText('Cupom') as HTMLInputElement).value).toBe('PRATA10');
    expect(submit().disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox'));
    expect(submit().disabled).toBe(false);
  });

  it('sends multipart data and shows the verification panel; server field errors go under the fields', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(422, { message: 'Dados inválidos.', errors: { email: ['Este e-mail já está cadastrado.'] } }),
    );
    renderRoute(<RegisterPage />, { path: '/register' });
    fill(/Nome completo/, 'Ana Souza');
    fill(/^E-mail/, 'ana@exemplo.com');
    fill(/Confirme o e-mail/, 'ana@exemplo.com');
    fill(/^Senha/, 'segredo123');
    fill(/Confirme a senha/, 'segredo123');
    fireEvent.click(screen.getByLabelText('Pessoa jurídica'));
    fireEvent.click(screen.getByRole('checkbox'));
    await act(async () => {
      fireEvent.click(submit());
    });

    expect(await screen.findByText('Este e-mail já está cadastrado.')).toBeTruthy();
    const body = fetchMock.mock.calls[0]?.[1]?.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(body.get('account_type')).toBe('company');
    expect(body.get('email_confirmation')).toBe('ana@exemplo.com');
    expect(body.has('coupon_code')).toBe(false);

    fetchMock.mockResolvedValueOnce(
      jsonResponse(201, {
        user: { id: 9, name: 'Ana Souza', email: 'ana@exemplo.com', account_type: 'company' },
        message: 'Cadastro realizado!',
      }),
    );
    await act(async () => {
      fireEvent.click(submit());
    });
    expect(await screen.findByText('Verificação de e-mail')).toBeTruthy();
  });

  it("a double click on 'Criar conta' sends one request, with an Idempotency-Key; the retry after a failure reuses it", async () => {
    let answer: (response: Response) => void = () => {};
    fetchMock.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    renderRoute(<RegisterPage />, { path: '/register' });
    fill(/Nome completo/, 'Ana Souza');
    fill(/^E-mail/, 'ana@exemplo.com');
    fill(/Confirme o e-mail/, 'ana@exemplo.com');
    fill(/^Senha/, 'segredo123');
    fill(/Confirme a senha/, 'segredo123');
    fireEvent.click(screen.getByRole('checkbox'));
    await act(async () => {
      fireEvent.click(submit());
      fireEvent.click(submit());
    });
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const key = new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('Idempotency-Key');
    expect(key).toMatch(/^[\w.:-]{8,128}$/);
    // The network dropped the answer: trying again is the same intention, under the same key.
    await act(async () => answer(jsonResponse(503, { message: 'Tente de novo.' })));
    fetchMock.mockResolvedValueOnce(
      jsonResponse(201, {
        user: { id: 9, name: 'Ana Souza', email: 'ana@exemplo.com', account_type: 'individual' },
        message: 'Cadastro realizado!',
      }),
    );
    await act(async () => {
      fireEvent.click(submit());
    });
    expect(await screen.findByText('Verificação de e-mail')).toBeTruthy();
    expect(new Headers(fetchMock.mock.calls[1]?.[1]?.headers).get('Idempotency-Key')).toBe(key);
    expect(screen.queryByText('Este e-mail já está cadastrado.')).toBeNull();
  });

  it('validates with the spec messages', async () => {
    renderRoute(<RegisterPage />, { path: '/register' });
    fireEvent.click(screen.getByRole('checkbox'));
    fill(/^Senha/, 'curta');
    await act(async () => {
      fireEvent.click(submit());
    });
    expect(screen.getByText('Informe seu nome completo')).toBeTruthy();
    expect(screen.getByText('A senha deve ter no mínimo 8 caracteres')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
