// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getNotice, notify } from '@/lib/notify';
import { aUser } from '@/testing/fixtures';
import { fakeJwt, nowSeconds } from '@/testing/jwt';
import { jsonResponse, renderRoute } from '@/testing/render';
import { aCharge, anAddress, aProduct, aService, catalogue, routes } from '@/testing/silver-fixtures';
import { WithdrawSilverPage } from './withdraw-silver-page';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  localStorage.setItem('authToken', fakeJwt({ sub: '1', exp: nowSeconds() + 600 }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  localStorage.clear();
  notify.close();
});

const LONG = { timeout: 5000 };
type Handler = (init?: RequestInit) => Response | Promise<Response>;
const calls = (key: string) =>
  fetchMock.mock.calls.filter(([input, init]) => `${init?.method ?? 'GET'} ${String(input).split('?')[0]}` === key);
const bodyOf = (key: string, index = 0) => JSON.parse(String(calls(key)[index]?.[1]?.body));
const section = (name: string) => screen.getByRole('region', { name });
const click = async (name: string | RegExp, scope: HTMLElement = document.body) => {
  await act(async () => {
    fireEvent.click(within(scope).getByRole('button', { name }));
  });
};

const custody = aCharge({
  quantity_grams: 200,
  silver_value: 0,
  minting_fee: 60,
  shipping_fee: 45.9,
  insurance_fee: 12,
  icms: 21.22,
  total: 139.12,
});

const created = (paymentMethod: 'pix' | 'balance') => ({
  message:
    paymentMethod === 'pix'
      ? 'Pedido criado. Pague o Pix pelo aplicativo do seu banco.'
      : 'Retirada solicitada. As taxas e a prata foram reservadas do seu saldo; acompanhe o envio em Meu histórico.',
  silverWithdrawal: {
    id: 90,
    kind: 'custody',
    status: paymentMethod === 'pix' ? 'pending' : 'paid',
    status_label: 'Pendente',
    created_at: '2026-03-10T13:05:00Z',
    items: [{ product_type_id: 1, name: 'Barra 100 g', quantity: 2, quantity_grams: 200 }],
    quantity_grams: 200,
    rejection_reason: null,
    tracking_code: null,
    payment_method: paymentMethod,
    total: 139.12,
    expires_at: null,
    cancellable: paymentMethod === 'pix',
  },
  ...(paymentMethod === 'pix' ? { pixQrCode: 'iVBORw0KGgo=', pixCopiaECola: '00020126PRATA' } : {}),
});

function wizardRoutes(overrides: Record<string, Handler> = {}) {
  routes(fetchMock, {
    'GET /api/user': () =>
      jsonResponse(200, { user: aUser({ balance_ag: 500, balance_brl: 1000, addresses: [anAddress] }) }),
    'GET /api/silver-withdrawal-product-types': () =>
      catalogue([aProduct(), aProduct({ id: 2, name: 'Barra 1 kg', availability: 'out_of_stock', stock: 0 })]),
    'POST /api/silver-withdrawal/validate-quantity': () => jsonResponse(200, { message: 'Quantidade disponível.' }),
    'POST /api/silver-withdrawal/shipping-quote': () =>
      jsonResponse(200, {
        shippingServices: [aService(), aService({ Carrier: 'Loggi', ServiceCode: 'L', Error: 'Sem cobertura' })],
      }),
    'POST /api/silver-withdrawal/calculate-charge': () => jsonResponse(200, custody),
    'POST /api/silver-withdrawal': (init) => jsonResponse(201, created(JSON.parse(String(init?.body)).paymentMethod)),
    ...overrides,
  });
}

async function open() {
  const view = renderRoute(<WithdrawSilverPage />, { path: '/retirar-prata', url: '/retirar-prata' });
  await screen.findByRole('radio', { name: 'Barra 100 g' }, LONG);
  return view;
}

/** Product (2 units) → address → shipping → costs. */
async function throughTheSteps() {
  const product = section('Produto e quantidade');
  fireEvent.click(within(product).getByRole('radio', { name: 'Barra 100 g' }));
  fireEvent.click(await within(product).findByRole('button', { name: 'Aumentar quantidade de Barra 100 g' }));
  await click('Continuar', product);
  await within(section('Endereço de entrega')).findByRole('radio', {}, LONG);
  fireEvent.click(within(section('Endereço de entrega')).getByRole('radio'));
  await click('Continuar', section('Endereço de entrega'));
  const shipping = await vi.waitFor(() => within(section('Envio')).getByRole('radio', { name: /Correios/ }), LONG);
  fireEvent.click(shipping);
  await click('Calcular custos', section('Envio'));
  await vi.waitFor(
    () => within(section('Custos e pagamento')).getByRole('region', { name: 'Resumo dos valores' }),
    LONG,
  );
}

describe('/retirar-prata', { timeout: 30_000 }, () => {
  it('asks for a product, shows the grams of the units, and locks product and quantity once validated', async () => {
    wizardRoutes();
    await open();
    const product = section('Produto e quantidade');
    expect(within(product).getByRole('radio', { name: 'Barra 1 kg' })).toHaveProperty('disabled', true);
    await click('Continuar', product);
    expect(within(product).getByText('Escolha uma das opções acima')).toBeTruthy();
    expect(calls('POST /api/silver-withdrawal/validate-quantity')).toHaveLength(0);

    fireEvent.click(within(product).getByRole('radio', { name: 'Barra 100 g' }));
    fireEvent.click(await within(product).findByRole('button', { name: 'Aumentar quantidade de Barra 100 g' }));
    expect(product.textContent).toContain('200,00 g');
    await click('Continuar', product);
    expect(bodyOf('POST /api/silver-withdrawal/validate-quantity')).toEqual({
      items: [{ product_type_id: 1, quantity: 2 }],
    });
    // locked: the choice is a summary with 'Alterar'; the address step is open
    await vi.waitFor(() => expect(within(product).queryByRole('radio')).toBeNull());
    expect(product.textContent).toContain('Barra 100 g · 2 unidades (200,00 g)');
    expect(within(section('Endereço de entrega')).getByRole('radio')).toBeTruthy();

    // 'Alterar' opens it again, and the later steps close
    await click('Alterar produto e quantidade', product);
    expect(within(product).getByRole('radio', { name: 'Barra 100 g' })).toBeTruthy();
    expect(within(section('Endereço de entrega')).queryByRole('radio')).toBeNull();
  });

  it('a quantity past the silver available stops at step 1 with the message the payment would give', async () => {
    wizardRoutes({
      'GET /api/user': () =>
        jsonResponse(200, { user: aUser({ balance_ag: 256.76, balance_brl: 1000, addresses: [anAddress] }) }),
      'GET /api/silver-withdrawal-product-types': () =>
        catalogue([aProduct(), aProduct({ id: 2, name: 'Barra de prata 1 kg', grams_per_unit: 1000 })]),
    });
    await open();
    const product = section('Produto e quantidade');
    fireEvent.click(within(product).getByRole('radio', { name: 'Barra de prata 1 kg' }));
    await click('Continuar', product);
    const alert = await within(product).findByRole('alert', {}, LONG);
    expect(alert.textContent).toBe('Você não tem prata disponível suficiente para esta retirada.');
    // not validated, not locked: the address step stays closed
    expect(calls('POST /api/silver-withdrawal/validate-quantity')).toHaveLength(0);
    expect(within(product).getByRole('radio', { name: 'Barra de prata 1 kg' })).toBeTruthy();
    expect(within(section('Endereço de entrega')).queryByRole('radio')).toBeNull();

    // a choice that fits goes on
    fireEvent.click(within(product).getByRole('radio', { name: 'Barra 100 g' }));
    expect(within(product).queryByRole('alert')).toBeNull();
    fireEvent.click(await within(product).findByRole('button', { name: 'Aumentar quantidade de Barra 100 g' }));
    await click('Continuar', product);
    expect(bodyOf('POST /api/silver-withdrawal/validate-quantity')).toEqual({
      items: [{ product_type_id: 1, quantity: 2 }],
    });
    await vi.waitFor(() => expect(within(product).queryByRole('radio')).toBeNull(), LONG);
  });

  it('does not lock when a call fails; each step locks its choice; the costs come without the silver value', async () => {
    let quoteOk = false;
    wizardRoutes({
      'POST /api/silver-withdrawal/shipping-quote': () =>
        quoteOk
          ? jsonResponse(200, { shippingServices: [aService()] })
          : jsonResponse(503, { code: 'SHIPPING_QUOTE_FAILED', message: 'Não conseguimos cotar o frete agora.' }),
    });
    await open();
    const product = section('Produto e quantidade');
    fireEvent.click(within(product).getByRole('radio', { name: 'Barra 100 g' }));
    await click('Continuar', product);
    const address = section('Endereço de entrega');
    // the only saved address is chosen already
    expect(await within(address).findByRole('radio', { checked: true }, LONG)).toBeTruthy();
    await click('Continuar', address);
    expect(getNotice()?.message).toBe('Não conseguimos cotar o frete agora.');
    expect(within(address).getByRole('radio')).toBeTruthy();
    quoteOk = true;
    await click('Continuar', address);
    await vi.waitFor(() => expect(within(address).queryByRole('radio')).toBeNull());
    expect(address.textContent).toContain('Avenida Paulista, 1000');
    const shipping = section('Envio');
    fireEvent.click(within(shipping).getByRole('radio', { name: /Correios/ }));
    await click('Calcular custos', shipping);
    await vi.waitFor(() => expect(within(shipping).queryByRole('radio')).toBeNull());
    expect(shipping.textContent).toContain('Correios · SEDEX · 3 dias úteis');
    expect(bodyOf('POST /api/silver-withdrawal/calculate-charge')).toMatchObject({
      items: [{ product_type_id: 1, quantity: 1 }],
      address: { cep: '01310100', city_id: 3550308 },
      includeSilverValue: false,
      onlyAdminOrders: true,
    });
    const breakdown = within(section('Custos e pagamento')).getByRole('region', { name: 'Resumo dos valores' });
    expect(breakdown.textContent).toContain('Prata da sua custódia200,00 g');
    expect(breakdown.textContent).toContain('Cunhagem43,1%R$ 60,00');
    expect(breakdown.textContent).toContain('TotalR$ 139,12');
  });

  it('chooses nothing for the customer who has two addresses: Continuar asks for one', async () => {
    const other = { ...anAddress, id: anAddress.id + 1, street: 'Rua Augusta', number: '500' };
    wizardRoutes({
      'GET /api/user': () =>
        jsonResponse(200, { user: aUser({ balance_ag: 500, balance_brl: 1000, addresses: [anAddress, other] }) }),
    });
    await open();
    const product = section('Produto e quantidade');
    fireEvent.click(within(product).getByRole('radio', { name: 'Barra 100 g' }));
    await click('Continuar', product);
    const address = section('Endereço de entrega');
    await vi.waitFor(() => expect(within(address).getAllByRole('radio')).toHaveLength(2), LONG);
    expect(within(address).queryByRole('radio', { checked: true })).toBeNull();
    await click('Continuar', address);
    expect(within(address).getByText('Escolha uma das opções acima')).toBeTruthy();
    expect(calls('POST /api/silver-withdrawal/shipping-quote')).toHaveLength(0);
  });

  it('pays by balance: the server message, then the history tab; the user is asked again', async () => {
    wizardRoutes();
    const { router } = await open();
    await throughTheSteps();
    const userCalls = calls('GET /api/user').length;
    await click('Pagar com saldo', section('Custos e pagamento'));
    // always a confirmation (the grams leave the custody), with the all-in total and the grams; nothing is sent yet
    const dialog = await screen.findByRole('dialog', { name: 'Pagar com saldo?' }, LONG);
    expect(dialog.textContent).toContain(
      'Confirme a retirada: R$ 139,12 saem do seu saldo em reais (cunhagem, frete, seguro e impostos) e 200,00 g de prata saem da sua custódia.',
    );
    expect(calls('POST /api/silver-withdrawal')).toHaveLength(0);
    // a double tap on the confirmation: one request, with an Idempotency-Key
    const confirm = within(dialog).getByRole('button', { name: 'Pagar com saldo' });
    await act(async () => {
      fireEvent.click(confirm);
      fireEvent.click(confirm);
    });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/meu-historico/prata-retirada'));
    expect(calls('POST /api/silver-withdrawal')).toHaveLength(1);
    expect(new Headers(calls('POST /api/silver-withdrawal')[0]?.[1]?.headers).get('Idempotency-Key')).toMatch(
      /^[\w-]{32,36}$/,
    );
    expect(getNotice()?.message).toContain('Retirada solicitada.');
    expect(bodyOf('POST /api/silver-withdrawal')).toMatchObject({
      address: { id: 5 },
      paymentMethod: 'balance',
      includeSilverValue: false,
      shippingService: { Carrier: 'Correios', ServiceCode: 'SEDEX' },
      items: [{ product_type_id: 1, total: 139.12 }],
    });
    await vi.waitFor(() => expect(calls('GET /api/user').length).toBeGreaterThan(userCalls));
  });

  it('pays by Pix: the QR dialog, whose close leads to the history', async () => {
    wizardRoutes();
    await open();
    await throughTheSteps();
    const pix = within(section('Custos e pagamento')).getByRole('button', { name: 'Pagar com Pix' });
    await act(async () => {
      fireEvent.click(pix);
      fireEvent.click(pix);
    });
    const dialog = await screen.findByRole('dialog', { name: 'Pague com Pix' });
    expect(calls('POST /api/silver-withdrawal')).toHaveLength(1);
    expect(within(dialog).getByRole('img').getAttribute('src')).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(within(dialog).getByRole('link', { name: 'Ver em Meu histórico' }).getAttribute('href')).toBe(
      '/meu-historico/prata-retirada',
    );
    expect(bodyOf('POST /api/silver-withdrawal').paymentMethod).toBe('pix');
  });

  it('an incomplete registration (403) shows the message and goes to /register/finish', async () => {
    wizardRoutes({
      'POST /api/silver-withdrawal/calculate-charge': () =>
        jsonResponse(403, { code: 'REGISTRATION_INCOMPLETE', message: 'Conclua seu cadastro para continuar.' }),
    });
    const { router } = await open();
    const product = section('Produto e quantidade');
    fireEvent.click(within(product).getByRole('radio', { name: 'Barra 100 g' }));
    await click('Continuar', product);
    const address = section('Endereço de entrega');
    fireEvent.click(await within(address).findByRole('radio', {}, LONG));
    await click('Continuar', address);
    fireEvent.click(await vi.waitFor(() => within(section('Envio')).getByRole('radio', { name: /Correios/ }), LONG));
    await click('Calcular custos', section('Envio'));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/register/finish'));
    expect(getNotice()?.message).toBe('Conclua seu cadastro para continuar.');
  });
});
