// @vitest-environment jsdom
import { MESSAGES } from '@prata/domain';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ORDER_POLL_MS } from '@/features/silver-withdrawals';
import { getNotice, notify } from '@/lib/notify';
import { jsonResponse, renderRoute } from '@/testing/render';
import { aCharge, aProduct, aService, cpfAnswer, routes } from '@/testing/silver-fixtures';
import { CheckoutPage } from './checkout-page';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  notify.close();
  sessionStorage.clear();
});

const TOKEN = '78.abcdefghijklmnopqrstuvwxyz012345';
const IN_30_MINUTES = () => new Date(Date.now() + 30 * 60_000).toISOString();
const order78 = (change: object = {}) => ({
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
  expires_at: IN_30_MINUTES(),
  cancellable: false,
  ...change,
});

const LONG = { timeout: 5000 };
/**
 * The order is read again on an interval (every 3 s while its Pix waits): the tests hold the intervals' clock and
 * move it on when the payment or the expiry has happened, instead of waiting for the next read.
 */
const holdPolls = () => vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
const nextPoll = () => act(() => vi.advanceTimersByTimeAsync(ORDER_POLL_MS));
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

describe('/comprar-prata/{id}/checkout as a guest', { timeout: 90_000 }, () => {
  it('types the buyer (e-mail from ?email), waits for the CPF check, buys by Pix and ends on a thank-you panel', async () => {
    holdPolls();
    let cpf: 'away' | 'not found' | 'ok' = 'away';
    let paid = false;
    routes(fetchMock, {
      'GET /api/silver-withdrawal-product-type/1': () => jsonResponse(200, { productType: aProduct() }),
      'POST /api/silver-withdrawal/validate-quantity': () => jsonResponse(200, { message: 'ok' }),
      'PUT /api/user/cpf-status': () =>
        cpf === 'ok'
          ? jsonResponse(200, cpfAnswer)
          : cpf === 'away'
            ? jsonResponse(503, { code: 'CPF_STATUS_UNAVAILABLE', message: MESSAGES.cpfStatusUnavailable })
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
          silverWithdrawal: order78(),
          pixQrCode: 'iVBORw0KGgo=',
          pixCopiaECola: '00020126PRATA',
          order_token: TOKEN,
        }),
      [`GET /api/silver-withdrawal/order/${TOKEN}`]: () =>
        jsonResponse(
          200,
          paid
            ? {
                silverWithdrawal: order78({ status: 'paid', status_label: 'Pago', expires_at: null }),
                order_token: TOKEN,
              }
            : {
                silverWithdrawal: order78(),
                order_token: TOKEN,
                pixQrCode: 'iVBORw0KGgo=',
                pixCopiaECola: '00020126PRATA',
              },
        ),
    });
    const first = renderRoute(<CheckoutPage />, {
      path: '/comprar-prata/:id/checkout',
      url: '/comprar-prata/1/checkout?email=ana%40prata.dev',
    });
    // the spec's ?email= is taken and leaves the address bar at once
    await vi.waitFor(() => expect(first.router.state.location.search).toBe('?etapa=carrinho'), LONG);
    await click('Continuar', await screen.findByRole('region', { name: 'Carrinho' }, LONG));
    await vi.waitFor(() => expect(first.router.state.location.search).toBe('?etapa=dados'));
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
    // the CPF service away: its message in the snackbar, the CPF not called wrong, the step kept
    await click('Continuar', personal);
    await vi.waitFor(() => expect(getNotice()?.message).toBe(MESSAGES.cpfStatusUnavailable));
    expect(within(personal).getByLabelText(/CPF/).getAttribute('aria-invalid')).toBe('false');
    expect(region('Dados pessoais').hidden).toBe(false);
    notify.close();

    cpf = 'not found';
    await click('Continuar', personal);
    expect(await within(personal).findByText('CPF não encontrado na Receita.')).toBeTruthy();
    expect(region('Dados pessoais').hidden).toBe(false);
    expect(bodyOf('PUT /api/user/cpf-status')).toEqual({ cpf: '52998224725', nascimento: '1990-05-10' });

    cpf = 'ok';
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
    expect(first.router.state.location.search).toBe('?etapa=envio');

    // a reload: the same step, and Back finds the address as typed
    cleanup();
    const view = renderRoute(<CheckoutPage />, {
      path: '/comprar-prata/:id/checkout',
      url: '/comprar-prata/1/checkout?etapa=envio',
    });
    await visible('Envio');
    const shipping = region('Envio');
    fireEvent.click(within(shipping).getByRole('radio', { name: /Correios/ }));
    await click('Voltar', shipping);
    await visible('Endereço');
    expect((within(region('Endereço')).getByLabelText(/Número/) as HTMLInputElement).value).toBe('1000');
    // the browser's Back: the shipping step again, the choice kept
    await act(async () => {
      await view.router.navigate(-1);
    });
    await visible('Envio');
    expect((within(region('Envio')).getByRole('radio', { name: /Correios/ }) as HTMLInputElement).checked).toBe(true);
    await click('Continuar', region('Envio'));
    await visible('Pagamento');
    // a double click: one order (one Idempotency-Key, the second run dropped while the first is on its way)
    const payButton = within(region('Pagamento')).getByRole('button', { name: 'Fazer um Pix' });
    await act(async () => {
      fireEvent.click(payButton);
      fireEvent.click(payButton);
    });
    const dialog = await screen.findByRole('dialog', { name: 'Pague com Pix' }, LONG);
    expect(calls('POST /api/silver-withdrawal/guest')).toHaveLength(1);
    expect(view.router.state.location.search).toBe(`?etapa=pix&pedido=${encodeURIComponent(TOKEN)}`);
    expect(dialog.textContent).toContain('Pedido nº 78');
    expect(within(dialog).getByRole('timer').textContent).toMatch(/Expira em (29|30):\d{2}/);
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
    // the payment arrives: the dialog says so by itself (the next read of the order)
    paid = true;
    await nextPoll();
    const approved = await screen.findByRole('dialog', { name: 'Pagamento aprovado' });
    expect(approved.textContent).toContain('Recebemos o seu Pix de R$ 795,90');
    // said through the polite region the dialog had from the start, not a region inserted with its words
    const said = within(approved).getByRole('status');
    expect(said.getAttribute('aria-live')).toBe('polite');
    expect(said.textContent).toMatch(/^Pagamento aprovado\. Recebemos o seu Pix de R\$ 795,90/);
    await click('Fechar', approved);
    expect(await screen.findByText('Pedido nº 78 confirmado')).toBeTruthy();
    expect(screen.getByText('ana@prata.dev')).toBeTruthy();
    expect(view.router.state.location.search).toBe(`?etapa=pagamento&pedido=${encodeURIComponent(TOKEN)}`);
    // Back: the payment step shows this order (never a new 'Fazer um Pix'); Back again, the shipping step, locked
    await act(async () => {
      await view.router.navigate(-1);
    });
    await visible('Pagamento');
    expect(within(region('Pagamento')).getByText('Pedido nº 78 confirmado')).toBeTruthy();
    expect(within(region('Pagamento')).queryByRole('button', { name: 'Fazer um Pix' })).toBeNull();
    await act(async () => {
      await view.router.navigate(-1);
    });
    await visible('Envio');
    expect(within(region('Envio')).getByText(/O pedido nº 78 já foi feito com estes dados/)).toBeTruthy();
    expect(within(region('Envio')).getByRole('button', { name: 'Continuar' }).matches(':disabled')).toBe(true);
    expect(calls('POST /api/silver-withdrawal/guest')).toHaveLength(1);
    expect(getNotice()).toBeNull();
  });

  it("opened at the Pix step's address (a reload, the e-mail's link): the same order and QR code, never a new one", async () => {
    holdPolls();
    let expired = false;
    routes(fetchMock, {
      'GET /api/silver-withdrawal-product-type/1': () => jsonResponse(200, { productType: aProduct() }),
      'POST /api/silver-withdrawal/validate-quantity': () => jsonResponse(200, { message: 'ok' }),
      [`GET /api/silver-withdrawal/order/${TOKEN}`]: () =>
        jsonResponse(
          200,
          expired
            ? { silverWithdrawal: order78({ status: 'expired', status_label: 'Expirado' }), order_token: TOKEN }
            : {
                silverWithdrawal: order78(),
                order_token: TOKEN,
                pixQrCode: 'iVBORw0KGgo=',
                pixCopiaECola: '00020126PRATA',
              },
        ),
    });
    const view = renderRoute(<CheckoutPage />, {
      path: '/comprar-prata/:id/checkout',
      url: `/comprar-prata/1/checkout?etapa=pix&pedido=${TOKEN}`,
    });
    const dialog = await screen.findByRole('dialog', { name: 'Pague com Pix' }, LONG);
    expect(within(dialog).getByRole('img').getAttribute('src')).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect((within(dialog).getByLabelText('Pix copia e cola') as HTMLInputElement).value).toBe('00020126PRATA');
    expired = true;
    await nextPoll();
    const late = await screen.findByRole('dialog', { name: 'Pix expirado' });
    expect(within(late).getByRole('button', { name: 'Gerar novo Pix' })).toBeTruthy();
    expect(calls('POST /api/silver-withdrawal/guest')).toHaveLength(0);
    expect(view.router.state.location.search).toContain('etapa=pix');
  });
});
