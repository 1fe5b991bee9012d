// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getNotice, notify } from '@/lib/notify';
import { aUser } from '@/testing/fixtures';
import { fakeJwt, nowSeconds } from '@/testing/jwt';
import { jsonResponse, renderRoute } from '@/testing/render';
import { aCharge, anAddress, aProduct, aService, catalogue, cpfAnswer, routes } from '@/testing/silver-fixtures';
import { CheckoutPage } from './checkout-page';

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

const LONG = { timeout: 5000 };
type Handler = (init?: RequestInit) => Response | Promise<Response>;
const calls = (key: string) =>
  fetchMock.mock.calls.filter(([input, init]) => `${init?.method ?? 'GET'} ${String(input).split('?')[0]}` === key);
const bodyOf = (key: string, index = 0) => JSON.parse(String(calls(key)[index]?.[1]?.body));
const STEPS = ['Carrinho', 'Dados pessoais', 'Endereço', 'Envio', 'Pagamento'];
const activeStep = () =>
  screen
    .getAllByRole('region')
    .filter((region) => STEPS.includes(region.getAttribute('aria-label') ?? '') && !region.hidden)
    .map((region) => region.getAttribute('aria-label'))
    .join();
const click = async (name: string | RegExp, scope: HTMLElement = document.body) => {
  await act(async () => {
    fireEvent.click(within(scope).getByRole('button', { name }));
  });
};
const waitStep = (name: string) => vi.waitFor(() => expect(activeStep()).toBe(name), LONG);

const customer = aUser({
  cpf: '52998224725',
  nascimento: '1990-05-10',
  celular: '11987654321',
  addresses: [anAddress],
});
const charge = aCharge({
  quantity_grams: 100,
  silver_value: 750,
  minting_fee: 30,
  shipping_fee: 45.9,
  insurance_fee: 0,
  icms: 99.11,
  difal: 0,
  pis: 10,
  cofins: 15,
  total: 950.01,
});

/** The calls of a signed-in customer's checkout; `overrides` replaces some. */
function customerRoutes(overrides: Record<string, Handler> = {}) {
  localStorage.setItem('authToken', fakeJwt({ sub: '1', exp: nowSeconds() + 600 }));
  routes(fetchMock, {
    'GET /api/silver-withdrawal-product-type/1': () => jsonResponse(200, { productType: aProduct() }),
    'GET /api/silver-withdrawal-product-types': () =>
      catalogue([aProduct(), aProduct({ id: 2, name: 'Barra 10 g', price: 90, grams_per_unit: 10 })]),
    'GET /api/user': () => jsonResponse(200, { user: customer }),
    'GET /api/cep/01310100': () => jsonResponse(404, { code: 'NOT_FOUND', message: 'CEP não encontrado.' }),
    'POST /api/silver-withdrawal/validate-quantity': () => jsonResponse(200, { message: 'Quantidade disponível.' }),
    'PUT /api/user/cpf-status': () => jsonResponse(200, cpfAnswer),
    'POST /api/silver-withdrawal/shipping-quote': () =>
      jsonResponse(200, {
        shippingServices: [
          aService({
            Carrier: 'Jadlog',
            ServiceCode: 'PKG',
            ServiceDescription: '.Package',
            ShippingPrice: 30,
            DeliveryTime: 6,
          }),
          aService({
            Carrier: 'Loggi',
            ServiceCode: 'X',
            ServiceDescription: 'Expresso',
            DeliveryTime: 1,
            Error: 'CEP não atendido',
          }),
          aService(),
        ],
      }),
    'POST /api/silver-withdrawal/calculate-charge': () => jsonResponse(200, charge),
    ...overrides,
  });
}

async function openCheckout(url = '/comprar-prata/1/checkout') {
  const view = renderRoute(<CheckoutPage />, { path: '/comprar-prata/:id/checkout', url });
  await screen.findByRole('table', { name: 'Carrinho' }, LONG);
  return view;
}

/** From the cart to the step `name`, every call answering well. */
async function advanceTo(name: 'Dados pessoais' | 'Endereço' | 'Envio' | 'Pagamento') {
  await click('Continuar');
  await waitStep('Dados pessoais');
  if (name === 'Dados pessoais') return;
  const personal = screen.getByRole('region', { name: 'Dados pessoais' });
  await vi.waitFor(() =>
    expect(within(personal).getByRole('button', { name: 'Continuar' })).toHaveProperty('disabled', false),
  );
  await click('Continuar', personal);
  await waitStep('Endereço');
  if (name === 'Endereço') return;
  await click('Continuar', screen.getByRole('region', { name: 'Endereço' }));
  await waitStep('Envio');
  if (name === 'Envio') return;
  const shipping = screen.getByRole('region', { name: 'Envio' });
  fireEvent.click(within(shipping).getByRole('radio', { name: /Correios/ }));
  await click('Continuar', shipping);
  await waitStep('Pagamento');
}

describe('/comprar-prata/{id}/checkout: the cart', { timeout: 30_000 }, () => {
  it('shows the five steps and the product; the last item cannot be removed; a duplicate is refused', async () => {
    customerRoutes();
    await openCheckout();
    const steps = screen.getAllByText(/^(Carrinho|Dados pessoais|Endereço|Envio|Pagamento)$/).map((e) => e.textContent);
    expect(steps.slice(0, 5)).toEqual(['Carrinho', 'Dados pessoais', 'Endereço', 'Envio', 'Pagamento']);
    const cart = screen.getByRole('table', { name: 'Carrinho' });
    expect(cart.textContent).toContain('Barra 100 g');
    expect(cart.textContent).toContain('R$ 812,34');
    // the quantity field has a label of its own
    expect((within(cart).getByRole('textbox', { name: 'Quantidade de Barra 100 g' }) as HTMLInputElement).value).toBe(
      '1',
    );

    fireEvent.click(within(cart).getByRole('button', { name: 'Remover Barra 100 g' }));
    expect(getNotice()?.message).toBe('É necessário ter pelo menos um item no carrinho.');
    expect(within(cart).getByText('Barra 100 g')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Adicionar item' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adicionar item' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Adicionar Barra 100 g' }));
    expect(getNotice()?.message).toBe('Este item já está no carrinho');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Adicionar Barra 10 g' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), LONG);
    expect(cart.textContent).toContain('Barra 10 g');

    // two items: one can go now; the quantity goes up and the line total follows
    fireEvent.click(within(cart).getByRole('button', { name: 'Aumentar quantidade de Barra 10 g' }));
    await vi.waitFor(() => expect(cart.textContent).toContain('R$ 180,00'));
    fireEvent.click(within(cart).getByRole('button', { name: 'Remover Barra 100 g' }));
    await vi.waitFor(() => expect(cart.textContent).not.toContain('Barra 100 g'));
  });

  it('advances only when validate-quantity succeeds, shows its message, and Back from the cart goes home', async () => {
    let ok = false;
    customerRoutes({
      'POST /api/silver-withdrawal/validate-quantity': () =>
        ok
          ? jsonResponse(200, { message: 'Quantidade disponível.' })
          : jsonResponse(422, {
              code: 'STOCK_EXCEEDED',
              message: 'Temos apenas 10 unidades de Barra 100 g em estoque. Diminua a quantidade.',
            }),
    });
    const { router } = await openCheckout();
    await click('Continuar');
    expect(activeStep()).toBe('Carrinho');
    expect(getNotice()?.message).toBe('Temos apenas 10 unidades de Barra 100 g em estoque. Diminua a quantidade.');
    expect(
      bodyOf(
        'POST /api/silver-withdrawal/validate-quantity',
        calls('POST /api/silver-withdrawal/validate-quantity').length - 1,
      ),
    ).toEqual({
      items: [{ product_type_id: 1, quantity: 1 }],
    });
    ok = true;
    await click('Continuar');
    await waitStep('Dados pessoais');
    await click('Voltar', screen.getByRole('region', { name: 'Dados pessoais' }));
    await waitStep('Carrinho');
    await click('Voltar', screen.getByRole('region', { name: 'Carrinho' }));
    expect(router.state.location.pathname).toBe('/');
  });

  it('checks the stock 300 ms after the quantity stops changing', async () => {
    customerRoutes();
    await openCheckout();
    await vi.waitFor(() => expect(calls('POST /api/silver-withdrawal/validate-quantity')).toHaveLength(1));
    const cart = screen.getByRole('table', { name: 'Carrinho' });
    fireEvent.click(within(cart).getByRole('button', { name: 'Aumentar quantidade de Barra 100 g' }));
    fireEvent.click(within(cart).getByRole('button', { name: 'Aumentar quantidade de Barra 100 g' }));
    expect(calls('POST /api/silver-withdrawal/validate-quantity')).toHaveLength(1);
    await vi.waitFor(() => expect(calls('POST /api/silver-withdrawal/validate-quantity')).toHaveLength(2), LONG);
    expect(bodyOf('POST /api/silver-withdrawal/validate-quantity', 1)).toEqual({
      items: [{ product_type_id: 1, quantity: 3 }],
    });
  });
});

describe('/comprar-prata/{id}/checkout: the steps after the cart', { timeout: 30_000 }, () => {
  it("a customer's data is the stored user, and the step waits for the CPF check", async () => {
    let ok = false;
    customerRoutes({
      'PUT /api/user/cpf-status': () =>
        ok
          ? jsonResponse(200, cpfAnswer)
          : jsonResponse(422, { code: 'CPF_IRREGULAR', message: 'CPF com pendências.' }),
    });
    await openCheckout();
    await advanceTo('Dados pessoais');
    const personal = screen.getByRole('region', { name: 'Dados pessoais' });
    expect(await within(personal).findByText('529.982.247-25')).toBeTruthy();
    expect(within(personal).getByText('10/05/1990')).toBeTruthy();
    await click('Continuar', personal);
    expect(activeStep()).toBe('Dados pessoais');
    expect(getNotice()?.message).toBe('CPF com pendências.');
    expect(bodyOf('PUT /api/user/cpf-status')).toEqual({ cpf: '52998224725', nascimento: '1990-05-10' });
    ok = true;
    await click('Continuar', personal);
    await waitStep('Endereço');
  });

  it('the address comes from the first saved one; the step waits for the shipping quote', async () => {
    let ok = false;
    customerRoutes({
      'POST /api/silver-withdrawal/shipping-quote': () =>
        ok
          ? jsonResponse(200, { shippingServices: [aService()] })
          : jsonResponse(503, { code: 'SHIPPING_QUOTE_FAILED', message: 'Não conseguimos cotar o frete agora.' }),
    });
    await openCheckout();
    await advanceTo('Endereço');
    const step = screen.getByRole('region', { name: 'Endereço' });
    expect((within(step).getByLabelText(/CEP/) as HTMLInputElement).value).toBe('01310-100');
    expect((within(step).getByLabelText(/Rua/) as HTMLInputElement).value).toBe('Avenida Paulista');
    await click('Continuar', step);
    expect(activeStep()).toBe('Endereço');
    ok = true;
    await click('Continuar', step);
    await waitStep('Envio');
    expect(bodyOf('POST /api/silver-withdrawal/shipping-quote', 1)).toEqual({
      quantity_grams: '100.00',
      address: { cep: '01310100' },
    });
  });

  it('lists the options without errors, fastest first; asks for one; waits for the charge calculation', async () => {
    let ok = false;
    customerRoutes({
      'POST /api/silver-withdrawal/calculate-charge': () =>
        ok
          ? jsonResponse(200, charge)
          : jsonResponse(422, { code: 'SILVER_PRICE_UNAVAILABLE', message: 'Não há prata à venda no momento.' }),
    });
    await openCheckout();
    await advanceTo('Envio');
    const step = screen.getByRole('region', { name: 'Envio' });
    const options = within(step).getAllByRole('radio');
    expect(options.map((o) => o.closest('label')?.textContent)).toEqual([
      'CorreiosSEDEX · 3 dias úteisR$ 45,90',
      'Jadlog.Package · 6 dias úteisR$ 30,00',
    ]);
    await click('Continuar', step);
    expect(within(step).getByText('Escolha uma das opções acima')).toBeTruthy();
    fireEvent.click(options[0] as HTMLElement);
    await click('Continuar', step);
    expect(activeStep()).toBe('Envio');
    expect(getNotice()?.message).toBe('Não há prata à venda no momento.');
    ok = true;
    await click('Continuar', step);
    await waitStep('Pagamento');
    const body = bodyOf('POST /api/silver-withdrawal/calculate-charge', 1);
    expect(body).toMatchObject({
      items: [{ product_type_id: 1, quantity: 1 }],
      address: { cep: '01310100', city_id: 3550308 },
      shippingService: { Carrier: 'Correios', ServiceCode: 'SEDEX' },
      coupon_code: null,
      includeSilverValue: true,
      onlyAdminOrders: true,
    });
  });
});

describe('/comprar-prata/{id}/checkout: paying', { timeout: 30_000 }, () => {
  it('shows the fee lines above zero with their share of the total, and explains them', async () => {
    customerRoutes();
    await openCheckout();
    await advanceTo('Pagamento');
    const breakdown = screen.getByRole('region', { name: 'Resumo dos valores' });
    const text = breakdown.textContent ?? '';
    expect(text).toContain('Prata (100,00 g)R$ 7,50/gR$ 750,00');
    expect(text).toContain('Cunhagem3,2%R$ 30,00');
    expect(text).toContain('Frete4,8%R$ 45,90');
    expect(text).toContain('ICMS10,4%R$ 99,11');
    expect(text).toContain('PIS1,1%R$ 10,00');
    expect(text).toContain('COFINS1,6%R$ 15,00');
    expect(text).not.toContain('Seguro');
    expect(text).not.toContain('DIFAL');
    expect(text).toContain('TotalR$ 950,01');
    fireEvent.click(within(breakdown).getByRole('button', { name: 'Entenda as taxas' }));
    const dialog = await screen.findByRole('dialog', { name: 'Entenda as taxas' });
    for (const term of ['Cunhagem', 'Frete', 'Seguro', 'ICMS', 'DIFAL', 'PIS', 'COFINS'])
      expect(within(dialog).getByText(term)).toBeTruthy();
  });

  it('applies a coupon (apply disabled while empty; errors from the errors field) and removes it', async () => {
    const coupon = { id: 9, code: 'PRATA10', transaction_fee: 0.25, discount_percent: 10 };
    customerRoutes({
      'GET /api/coupon?code=NADA': () =>
        jsonResponse(422, {
          code: 'COUPON_INVALID',
          message: 'Dados inválidos.',
          errors: { code: ['Cupom inválido ou expirado.'] },
        }),
      'GET /api/coupon?code=PRATA10': () => jsonResponse(200, { coupon }),
      'POST /api/silver-withdrawal/calculate-charge': (init) => {
        const body = JSON.parse(String(init?.body));
        return jsonResponse(
          200,
          body.coupon_code ? aCharge({ ...charge.totals, discount: 7.59, total: 940 }, coupon) : charge,
        );
      },
    });
    await openCheckout();
    await advanceTo('Pagamento');
    fireEvent.click(screen.getByRole('button', { name: 'Tenho um cupom' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cupom de desconto' });
    const apply = within(dialog).getByRole('button', { name: 'Aplicar' });
    expect(apply).toHaveProperty('disabled', true);
    const field = within(dialog).getByLabelText('Código do cupom');
    fireEvent.change(field, { target: { value: 'nada' } });
    expect(apply).toHaveProperty('disabled', false);
    await click('Aplicar', dialog);
    expect(await within(dialog).findByText('Cupom inválido ou expirado.')).toBeTruthy();
    fireEvent.change(field, { target: { value: 'prata10' } });
    await click('Aplicar', dialog);
    await vi.waitFor(() => expect(getNotice()?.message).toBe('Cupom aplicado com sucesso!'));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), LONG);
    const last = calls('POST /api/silver-withdrawal/calculate-charge').length - 1;
    expect(bodyOf('POST /api/silver-withdrawal/calculate-charge', last).coupon_code).toBe('PRATA10');
    expect(screen.getByRole('region', { name: 'Resumo dos valores' }).textContent).toContain('TotalR$ 940,00');

    fireEvent.click(screen.getByRole('button', { name: 'Cupom PRATA10' }));
    const again = await screen.findByRole('dialog', { name: 'Cupom de desconto' });
    await click('Remover cupom', again);
    await vi.waitFor(() => expect(getNotice()?.message).toBe('Cupom removido'));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), LONG);
    expect(screen.getByRole('region', { name: 'Resumo dos valores' }).textContent).toContain('TotalR$ 950,01');
  });

  it("'Fazer um Pix' creates the order with an Idempotency-Key and shows the QR code; copy; close leads to the history", async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    customerRoutes({
      'POST /api/silver-withdrawal': () =>
        jsonResponse(201, {
          message: 'Pedido criado. Pague o Pix pelo aplicativo do seu banco para confirmá-lo.',
          silverWithdrawal: {
            id: 77,
            kind: 'purchase',
            status: 'pending',
            status_label: 'Pendente',
            created_at: '2026-03-10T13:05:00Z',
            items: [{ product_type_id: 1, name: 'Barra 100 g', quantity: 1, quantity_grams: 100 }],
            quantity_grams: 100,
            rejection_reason: null,
            tracking_code: null,
            payment_method: 'pix',
            total: 950.01,
            expires_at: '2099-01-01T00:00:00Z',
            cancellable: true,
          },
          pixQrCode: 'iVBORw0KGgo=',
          pixCopiaECola: '00020126PRATA',
          order_token: '77.abcdefghijklmnopqrstuvwxyz012345',
        }),
      'GET /api/silver-withdrawal/order/77.abcdefghijklmnopqrstuvwxyz012345': () =>
        jsonResponse(404, { code: 'NOT_FOUND', message: 'Pedido não encontrado.' }),
    });
    await openCheckout();
    await advanceTo('Pagamento');
    await click('Fazer um Pix');
    const dialog = await screen.findByRole('dialog', { name: 'Pague com Pix' });
    expect(dialog.textContent).toContain('Pedido nº 77');
    const [input, init] = calls('POST /api/silver-withdrawal')[0] ?? [];
    expect(String(input)).toBe('/api/silver-withdrawal');
    expect(new Headers(init?.headers).get('Idempotency-Key')).toBeTruthy();
    expect(bodyOf('POST /api/silver-withdrawal')).toMatchObject({
      items: [{ product_type_id: 1, quantity: 1, total: 950.01 }],
      address: { cep: '01310100', city_id: 3550308, street: 'Avenida Paulista' },
      shippingService: { Carrier: 'Correios', ServiceCode: 'SEDEX' },
      coupon_id: null,
      paymentMethod: 'pix',
      includeSilverValue: true,
      requiresOrder: true,
    });
    expect(within(dialog).getByRole('img').getAttribute('src')).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(dialog.textContent).toContain('R$ 950,01');
    await click('Copiar código', dialog);
    expect(writeText).toHaveBeenCalledWith('00020126PRATA');
    await vi.waitFor(() => expect(getNotice()?.message).toBe('Código do QR Code copiado'));
    expect(within(dialog).getByRole('link', { name: 'Ver em Meu histórico' }).getAttribute('href')).toBe(
      '/meu-historico/prata-retirada',
    );
  });
});
