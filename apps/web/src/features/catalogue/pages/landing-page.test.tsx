// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@prata/domain';
import { resetFirstPaintData } from '@/lib/first-paint';
import { aUser } from '@/testing/fixtures';
import { fakeJwt, nowSeconds } from '@/testing/jwt';
import { jsonResponse, renderRoute } from '@/testing/render';
import { aProduct, catalogue, routes } from '@/testing/silver-fixtures';
import { EMPTY_CATALOGUE, LandingPage } from './landing-page';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  localStorage.clear();
  document.getElementById('prata-first-paint')?.remove();
  resetFirstPaintData();
});

const open = (url = '/comprar-prata') => renderRoute(<LandingPage />, { path: '/comprar-prata', url });

describe('/comprar-prata', { timeout: 20_000 }, () => {
  it("shows the cards: first image, name, description, the price 'no Pix', and Buy to the e-mail step for a visitor", async () => {
    routes(fetchMock, {
      'GET /api/silver-withdrawal-product-types': () =>
        catalogue([
          aProduct({ images: [{ path: '/a.png' }, { path: '/b.png' }] }),
          aProduct({ id: 2, name: 'Barra 1 kg', availability: 'out_of_stock', stock: 0 }),
        ]),
    });
    open();
    const card = (await screen.findByRole('article', { name: 'Barra 100 g' })) as HTMLElement;
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/silver-withdrawal-product-types?page=1');
    const image = within(card).getByRole('img', { name: 'Barra 100 g' }) as HTMLImageElement;
    expect(image.getAttribute('src')).toBe('/a.png');
    expect(image.getAttribute('width')).toBe('640');
    expect(image.getAttribute('loading')).toBe('eager');
    expect(card.textContent).toContain('Barra de prata 999 com certificado.');
    expect(card.textContent).toContain('R$ 812,34 no Pix');
    expect(within(card).getByRole('link', { name: 'Comprar Barra 100 g' }).getAttribute('href')).toBe(
      '/comprar-prata/1/auth',
    );
    const soldOut = screen.getByRole('article', { name: 'Barra 1 kg' });
    expect(within(soldOut).getByRole('img').getAttribute('loading')).toBe('lazy');
    expect(within(soldOut).getAllByText('Esgotado').length).toBeGreaterThan(0);
    expect(within(soldOut).queryByRole('link')).toBeNull();
    // one page only: no pagination
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Como funciona' })).toBeTruthy();
  });

  it('pages only when the total is above per_page, and Buy goes to the checkout when signed in', async () => {
    localStorage.setItem('authToken', fakeJwt({ sub: '1', exp: nowSeconds() + 600 }));
    routes(fetchMock, {
      'GET /api/silver-withdrawal-product-types?page=1': () => catalogue([aProduct()], 13, 12),
      'GET /api/silver-withdrawal-product-types?page=2': () =>
        catalogue([aProduct({ id: 7, name: 'Barra 50 g' })], 13, 12),
      'GET /api/user': () => jsonResponse(200, { user: aUser() }),
    });
    const { router } = open();
    const card = await screen.findByRole('article', { name: 'Barra 100 g' });
    expect(within(card).getByRole('link', { name: 'Comprar Barra 100 g' }).getAttribute('href')).toBe(
      '/comprar-prata/1/checkout',
    );
    const pagination = screen.getByRole('navigation');
    await act(async () => {
      fireEvent.click(within(pagination).getByRole('button', { name: 'Página 2' }));
    });
    expect(router.state.location.search).toBe('?page=2');
    expect(await screen.findByRole('article', { name: 'Barra 50 g' })).toBeTruthy();
  });

  it('says when there is nothing to sell, and shows the error with a retry', async () => {
    let fail = true;
    routes(fetchMock, {
      'GET /api/silver-withdrawal-product-types': () =>
        fail ? jsonResponse(500, { code: 'INTERNAL_ERROR', message: 'Falhou.' }) : catalogue([]),
    });
    open();
    expect(await screen.findByText('Falhou.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    expect(await screen.findByText(EMPTY_CATALOGUE)).toBeTruthy();
  });

  it("starts from the server's first paint without a skeleton", async () => {
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = 'prata-first-paint';
    script.textContent = JSON.stringify({
      productTypes: { data: [aProduct({ name: 'Barra pintada' })], total: 1, per_page: 12 },
    });
    document.body.appendChild(script);
    routes(fetchMock, {
      'GET /api/silver-withdrawal-product-types': () => catalogue([aProduct({ name: 'Barra nova' })]),
    });
    open();
    expect(screen.getByRole('article', { name: 'Barra pintada' })).toBeTruthy();
    expect(await screen.findByRole('article', { name: 'Barra nova' })).toBeTruthy();
  });

  it("shows a customer's balances, what the grams would bring sold now, the actions, and hides the balances", async () => {
    localStorage.setItem('authToken', fakeJwt({ sub: '1', exp: nowSeconds() + 600 }));
    routes(fetchMock, {
      'GET /api/silver-withdrawal-product-types': () => catalogue([aProduct()]),
      'GET /api/user': () => jsonResponse(200, { user: aUser({ balance_brl: 1234.56, balance_ag: 12.5 }) }),
      'GET /api/orders/average-price-per-gram/sell/12.50': () => jsonResponse(200, 7.2),
      'PUT /api/user/toggle-balances-visibility': () => jsonResponse(200, { hide_balances: true }),
    });
    open();
    const summary = await screen.findByRole('region', { name: 'Olá, Maria' }, { timeout: 5000 });
    await vi.waitFor(() => expect(summary.textContent).toContain('R$ 90,00'));
    expect(summary.textContent).toContain('R$ 1.234,56');
    expect(summary.textContent).toContain('12,50 g');
    expect(within(summary).getByRole('link', { name: 'Comprar ou vender' }).getAttribute('href')).toBe('/ordens');
    expect(within(summary).getByRole('link', { name: 'Adicionar dinheiro' }).getAttribute('href')).toBe(
      '/adicionar-dinheiro',
    );
    expect(within(summary).getByRole('link', { name: 'Retirar prata' }).getAttribute('href')).toBe('/retirar-prata');
    await act(async () => {
      fireEvent.click(within(summary).getByRole('button', { name: 'Ocultar saldos' }));
    });
    await vi.waitFor(() => expect(summary.textContent).not.toContain('R$ 1.234,56'));
    expect(summary.textContent).toContain('R$ ••••');
    expect(summary.textContent).not.toContain('R$ 90,00');
  });

  it("is a pending customer's home: their summary as the heading, 'Cadastro em análise', no marketing", async () => {
    localStorage.setItem('authToken', fakeJwt({ sub: '1', exp: nowSeconds() + 600 }));
    routes(fetchMock, {
      'GET /api/silver-withdrawal-product-types': () => catalogue([aProduct()]),
      'GET /api/user': () => jsonResponse(200, { user: aUser({ registration_complete: true, approved_at: null }) }),
      'GET /api/orders/average-price-per-gram/sell/0.00': () => jsonResponse(200, 7.2),
    });
    open();
    const summary = await screen.findByRole('region', { name: 'Olá, Maria' }, { timeout: 5000 });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Olá, Maria');
    expect(within(summary).getByText('Cadastro em análise')).toBeTruthy();
    expect(within(summary).getByText(MESSAGES.registrationUnderReview)).toBeTruthy();
    expect(screen.queryByText('Prata física, entregue na sua casa')).toBeNull();
    await screen.findByRole('article', { name: 'Barra 100 g' });
    expect(screen.queryByRole('heading', { name: 'Como funciona' })).toBeNull();
  });

  it('says nothing of the review once approved, and the refusal with its reason when refused', async () => {
    localStorage.setItem('authToken', fakeJwt({ sub: '1', exp: nowSeconds() + 600 }));
    const approved = aUser({ approved_at: '2026-11-01T12:00:00.000Z' });
    routes(fetchMock, {
      'GET /api/silver-withdrawal-product-types': () => catalogue([aProduct()]),
      'GET /api/user': () => jsonResponse(200, { user: approved }),
    });
    open();
    await screen.findByRole('region', { name: 'Olá, Maria' }, { timeout: 5000 });
    expect(screen.queryByText('Cadastro em análise')).toBeNull();
    cleanup();

    const refused = aUser({
      registration_rejected_at: '2026-11-01T12:00:00.000Z',
      registration_rejection_reason: 'Documento ilegível',
    });
    fetchMock.mockReset();
    routes(fetchMock, {
      'GET /api/silver-withdrawal-product-types': () => catalogue([aProduct()]),
      'GET /api/user': () => jsonResponse(200, { user: refused }),
    });
    open();
    const summary = await screen.findByRole('region', { name: 'Olá, Maria' }, { timeout: 5000 });
    expect(within(summary).getByText('Cadastro recusado')).toBeTruthy();
    expect(within(summary).getByText(/Documento ilegível/)).toBeTruthy();
  });
});
