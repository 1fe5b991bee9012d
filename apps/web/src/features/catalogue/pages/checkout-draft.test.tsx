// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/notify';
import { jsonResponse, renderRoute } from '@/testing/render';
import { aCharge, aProduct, aService, anAddress, cpfAnswer, routes } from '@/testing/silver-fixtures';
import type { SavedCheckout } from '../checkout-state';
import { CheckoutPage } from './checkout-page';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  notify.close();
  sessionStorage.clear();
  localStorage.clear();
});

const LONG = { timeout: 5000 };
const DRAFT_KEY = 'formDraft:checkout:dados-pessoais';
const region = (name: string) => screen.getByRole('region', { name });
const visible = (name: string) => vi.waitFor(() => expect(region(name).hidden).toBe(false), LONG);
const typedIn = (scope: HTMLElement, label: RegExp) => (within(scope).getByLabelText(label) as HTMLInputElement).value;
const type = (scope: HTMLElement, label: RegExp, text: string) => {
  const input = within(scope).getByLabelText(label);
  fireEvent.input(input, { target: { value: text } });
  fireEvent.change(input, { target: { value: text } });
};
const checkout = (url: string) => renderRoute(<CheckoutPage />, { path: '/comprar-prata/:id/checkout', url });

const product = () => jsonResponse(200, { productType: aProduct() });

describe('the visitor checkout keeps what was typed', { timeout: 30_000 }, () => {
  it("finds name, CPF, birth date and phone again after a reload on 'Dados pessoais', never in localStorage", async () => {
    routes(fetchMock, {
      'GET /api/silver-withdrawal-product-type/1': product,
      'POST /api/silver-withdrawal/validate-quantity': () => jsonResponse(200, { message: 'ok' }),
    });
    checkout('/comprar-prata/1/checkout?email=ana%40prata.dev');
    const cart = await screen.findByRole('region', { name: 'Carrinho' }, LONG);
    await act(async () => fireEvent.click(within(cart).getByRole('button', { name: 'Continuar' })));
    await visible('Dados pessoais');
    const personal = region('Dados pessoais');
    type(personal, /Nome completo/, 'Ana Souza');
    type(personal, /CPF/, '529.982.247-25');
    type(personal, /Data de nascimento/, '10/05/1990');
    type(personal, /Celular/, '(11) 9 8765 4321');
    await vi.waitFor(() => expect(sessionStorage.getItem(DRAFT_KEY)).toContain('529.982.247-25'), LONG);

    cleanup(); // the reload
    checkout('/comprar-prata/1/checkout?etapa=dados');
    await visible('Dados pessoais');
    const again = region('Dados pessoais');
    await vi.waitFor(() => expect(typedIn(again, /Nome completo/)).toBe('Ana Souza'), LONG);
    expect(typedIn(again, /CPF/)).toBe('529.982.247-25');
    expect(typedIn(again, /Data de nascimento/)).toBe('10/05/1990');
    expect(typedIn(again, /Celular/)).toMatch(/^\(11\) 9 ?8765.?4321$/);
    expect(typedIn(again, /E-mail/)).toBe('ana@prata.dev');
    const everything = Object.keys(localStorage).map((key) => localStorage.getItem(key) ?? '');
    expect(everything.join(' ')).not.toMatch(/52998224725|529\.982\.247-25/);
  });

  it("shows the address with city and UF under 'Entrega para', and drops the draft once the order exists", async () => {
    const saved: SavedCheckout = {
      productId: 1,
      lines: [{ product: aProduct(), quantity: 1 }],
      visited: 4,
      email: 'ana@prata.dev',
      guest: {
        name: 'Ana Souza',
        email: 'ana@prata.dev',
        cpf: '52998224725',
        nascimento: '1990-05-10',
        celular: '11987654321',
        sexo: 'F',
        nfe_cpf_response: { ...cpfAnswer, status: 'Regular', source: 'embedded' },
      },
      address: { ...anAddress, unit: 'ap. 12', id: undefined, city: undefined } as never,
      city: anAddress.city,
      services: [aService()],
      shipping: aService(),
      couponCode: null,
      orderToken: null,
    };
    sessionStorage.setItem('prata.checkout', JSON.stringify(saved));
    sessionStorage.setItem(DRAFT_KEY, JSON.stringify({ name: 'Ana Souza', cpf: '529.982.247-25' }));
    routes(fetchMock, {
      'GET /api/silver-withdrawal-product-type/1': product,
      'POST /api/silver-withdrawal/calculate-charge': () =>
        jsonResponse(200, aCharge({ silver_value: 750, shipping_fee: 45.9, total: 795.9 })),
      'POST /api/silver-withdrawal/guest': () =>
        jsonResponse(201, {
          message: 'Pedido criado.',
          silverWithdrawal: { id: 78 },
          pixQrCode: 'x',
          pixCopiaECola: 'y',
        }),
    });
    checkout('/comprar-prata/1/checkout?etapa=pagamento');
    await visible('Pagamento');
    const payment = region('Pagamento');
    const delivery = (await within(payment).findByText('Entrega para', undefined, LONG)).parentElement!;
    const lines = [...delivery.querySelectorAll('p')].map((p) => p.textContent);
    expect(lines).toEqual([
      'Ana Souza',
      'ana@prata.dev',
      'Avenida Paulista, 1000, ap. 12',
      'Bela Vista',
      'São Paulo/SP',
      'CEP 01310-100',
    ]);

    await act(async () => fireEvent.click(within(payment).getByRole('button', { name: 'Fazer um Pix' })));
    await vi.waitFor(() => expect(sessionStorage.getItem(DRAFT_KEY)).toBeNull(), LONG);
  });
});
