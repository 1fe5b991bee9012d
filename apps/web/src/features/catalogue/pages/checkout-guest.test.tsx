// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getNotice, notify } from '../../../lib/notify';
import { jsonResponse, renderRoute } from '../../../testing/render';
import { aCharge, aProduct, aService, cpfAnswer, routes } from '../../../testing/silver-fixtures';
import { CheckoutPage } from './checkout-page';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  notify.close();
});

const LONG = { timeout: 5000 };
const calls = (key: string) =>
  fetchMock.mock.calls.filter(([input, init]) => `${init?.method ?? 'GET'} ${String(input).split('?')[0]}` === key);
const bodyOf = (key: string, index = 0) => JSON.parse(String(calls(key)[index]?.[1]?.body));
const region = (name: string) => screen.getByRole('region', { name });
const visible = (name: string) => vi.waitFor(() => expect(region(name).hidden).toBe(false), LONG);
const click = async (name: string | RegExp, scope: HTMLElement) => {
  await act(async () => {
    fireEvent.click(within(scope).getByRole('button', { name }));
  });
};
/** Types into a field (react-imask reads the input event of masked ones). */
const type = (scope: HTMLElement, label: RegExp, text: string) => {
  const input = within(scope).getByLabelText(label);
  fireEvent.input(input, { target: { value: text } });
  fireEvent.change(input, { target: { value: text } });
};

describe('/comprar-prata/{id}/checkout as a guest', { timeout: 40_000 }, () => {
  it('types the buyer (e-mail from ?email), waits for the CPF check, buys by Pix and ends on a thank-you panel', async () => {
    let cpfOk = false;
    routes(fetchMock, {
      'GET /api/silver-withdrawal-product-type/1': () => jsonResponse(200, { productType: aProduct() }),
      'POST /api/silver-withdrawal/validate-quantity': () => jsonResponse(200, { message: 'ok' }),
      'PUT /api/user/cpf-status': () =>
        cpfOk
          ? jsonResponse(200, cpfAnswer)
          : jsonResponse(422, {
              code: 'VALIDATION_FAILED',
              message: 'Dados inválidos.',
              errors: { cpf: ['CPF não encontrado na Receita.'] },
            }),
      'GET /api/cep/01310100': () =>
        jsonResponse(200, {
          cep: '01310100',
          state: 'SP',
          city: { id: 3550308, name: 'São Paulo', state: 'SP', description: 'São Paulo - SP' },
          street: 'Avenida Paulista',
          neighborhood: 'Bela Vista',
        }),
      'POST /api/silver-withdrawal/shipping-quote': () => jsonResponse(200, { shippingServices: [aService()] }),
      'POST /api/silver-withdrawal/calculate-charge': () =>
        jsonResponse(200, aCharge({ silver_value: 750, shipping_fee: 45.9, total: 795.9 })),
      'POST /api/silver-withdrawal/guest': () =>
        jsonResponse(201, {
          message: 'Pedido criado.',
          silverWithdrawal: {
            id: 78,
            kind: 'purchase',
            status: 'pending',
            status_label: 'Pendente',
            created_at: '2026-03-10T13:05:00Z',
            items: [{ product_type_id: 1, name: 'Barra 100 g', quantity: 1, quantity_grams: 100 }],
            quantity_grams: 100,
            rejection_reason: null,
            tracking_code: null,
            payment_method: 'pix',
            total: 795.9,
            expires_at: null,
            cancellable: false,
          },
          pixQrCode: 'iVBORw0KGgo=',
          pixCopiaECola: '00020126PRATA',
        }),
    });
    renderRoute(<CheckoutPage />, {
      path: '/comprar-prata/:id/checkout',
      url: '/comprar-prata/1/checkout?email=ana%40prata.dev',
    });
    await click('Continuar', await screen.findByRole('region', { name: 'Carrinho' }, LONG));
    await visible('Dados pessoais');
    const personal = region('Dados pessoais');
    expect((within(personal).getByLabelText(/E-mail/) as HTMLInputElement).value).toBe('ana@prata.dev');
    await click('Continuar', personal);
    expect(await within(personal).findByText('Informe seu nome completo')).toBeTruthy();
    expect(calls('PUT /api/user/cpf-status')).toHaveLength(0);

    type(personal, /Nome completo/, 'Ana Souza');
    type(personal, /CPF/, '529.982.247-25');
    type(personal, /Data de nascimento/, '10/05/1990');
    type(personal, /Celular/, '(11) 9 8765 4321');
    fireEvent.click(within(personal).getByLabelText('Feminino'));
    await click('Continuar', personal);
    expect(await within(personal).findByText('CPF não encontrado na Receita.')).toBeTruthy();
    expect(region('Dados pessoais').hidden).toBe(false);
    expect(bodyOf('PUT /api/user/cpf-status')).toEqual({ cpf: '52998224725', nascimento: '1990-05-10' });

    cpfOk = true;
    await click('Continuar', personal);
    await visible('Endereço');
    const address = region('Endereço');
    type(address, /CEP/, '01310-100');
    await vi.waitFor(
      () => expect((within(address).getByLabelText(/Rua/) as HTMLInputElement).value).toBe('Avenida Paulista'),
      LONG,
    );
    type(address, /Número/, '1000');
    await click('Continuar', address);
    await visible('Envio');
    const shipping = region('Envio');
    fireEvent.click(within(shipping).getByRole('radio', { name: /Correios/ }));
    await click('Continuar', shipping);
    await visible('Pagamento');
    await click('Fazer um Pix', region('Pagamento'));
    const dialog = await screen.findByRole('dialog', { name: 'Pague com Pix' });
    expect(bodyOf('POST /api/silver-withdrawal/guest')).toMatchObject({
      address: {
        cep: '01310100',
        city_id: 3550308,
        street: 'Avenida Paulista',
        number: '1000',
        neighborhood: 'Bela Vista',
      },
      paymentMethod: 'pix',
      includeSilverValue: true,
      user: {
        name: 'Ana Souza',
        email: 'ana@prata.dev',
        cpf: '52998224725',
        nascimento: '1990-05-10',
        celular: '11987654321',
        sexo: 'F',
        nfe_cpf_response: cpfAnswer,
      },
    });
    expect(calls('POST /api/silver-withdrawal')).toHaveLength(0);
    await click('Fechar', dialog);
    expect(await screen.findByText('Pedido nº 78 recebido')).toBeTruthy();
    expect(screen.getByText('ana@prata.dev')).toBeTruthy();
    expect(getNotice()).toBeNull();
  });
});
