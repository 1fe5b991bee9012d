// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@/lib/auth';
import { aUser } from '@/testing/fixtures';
import { jsonResponse, renderRoute } from '@/testing/render';
import { accountLinks } from './account-links';
import { BUY_PRICE_LABEL, DrawerBalances } from './drawer-balances';
import { ORDER_BOOK_OPEN, SECTIONS } from './sections';

const fetchMock = vi.fn<typeof fetch>();

const user = (overrides: Partial<User> = {}): User =>
  aUser({
    id: 1,
    name: 'Maria Oliveira',
    email: 'maria@prata.dev',
    account_type: 'individual',
    email_verified_at: '2026-01-01T00:00:00Z',
    approved_at: null,
    hide_balances: false,
    balance_brl: 1234.56,
    balance_ag: 12.34,
    registration_complete: true,
    staff_roles: [],
    addresses: [],
    company: null,
    ...overrides,
  });

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('DrawerBalances', () => {
  it('formats the balances and says there are no offers when the average price fails', async () => {
    fetchMock.mockResolvedValue(jsonResponse(404, { message: 'Registro não encontrado.' }));
    renderRoute(<DrawerBalances user={user()} showPrice />);
    expect(screen.getByText('R$ 1.234,56')).toBeTruthy();
    expect(screen.getByText('12,34 g')).toBeTruthy();
    expect(await screen.findByText('Sem ofertas no momento')).toBeTruthy();
  });

  it('shows the average price per gram from the API', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, 5.43));
    renderRoute(<DrawerBalances user={user()} showPrice />);
    expect(await screen.findByText('R$ 5,43')).toBeTruthy();
  });

  it('asks for no price while the order book does not exist (no 404 on every page)', async () => {
    expect(ORDER_BOOK_OPEN).toBe(SECTIONS.find((section) => section.key === 'ordens')?.enabled);
    fetchMock.mockResolvedValue(jsonResponse(200, 5.43));
    renderRoute(<DrawerBalances user={user()} showPrice={false} />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByText(BUY_PRICE_LABEL)).toBeNull();
    expect(screen.getByText('R$ 1.234,56')).toBeTruthy();
  });

  it('says there are no offers when the book has nothing to sell (the server answers 0)', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, 0));
    renderRoute(<DrawerBalances user={user()} showPrice />);
    expect(await screen.findByText('Sem ofertas no momento')).toBeTruthy();
  });

  it('by default follows the order book, which is open: the price of 1 g from GET average-price-per-gram/buy/1', async () => {
    expect(ORDER_BOOK_OPEN).toBe(true);
    fetchMock.mockResolvedValue(jsonResponse(200, 5.43));
    renderRoute(<DrawerBalances user={user()} />);
    // the price of buying 1 g now, not the customer's own average cost
    expect(await screen.findByText('Preço de compra agora (1 g)')).toBeTruthy();
    expect(screen.queryByText('Preço médio por grama')).toBeNull();
    expect(await screen.findByText('R$ 5,43')).toBeTruthy();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/orders/average-price-per-gram/buy/1');
  });

  it('shows a skeleton, not "Sem ofertas", for the price while the account is still loading', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, 5.43));
    const { container } = renderRoute(<DrawerBalances user={undefined} showPrice />);
    expect(await screen.findByText('Saldo em reais')).toBeTruthy();
    expect(container.querySelectorAll('.MuiSkeleton-root')).toHaveLength(3);
    expect(screen.queryByText('Sem ofertas no momento')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('hides the balances when the user chose so', () => {
    fetchMock.mockResolvedValue(jsonResponse(200, 5.43));
    renderRoute(<DrawerBalances user={user({ hide_balances: true })} />);
    expect(screen.getByText('R$ ••••')).toBeTruthy();
    expect(screen.getByText('•••• g')).toBeTruthy();
    expect(screen.queryByText('R$ 1.234,56')).toBeNull();
    expect(screen.getByRole('button', { name: 'Mostrar saldos' })).toBeTruthy();
  });
});

describe('accountLinks', () => {
  it('lists only enabled sections, plus registration and back office when they apply', () => {
    const enabled = SECTIONS.filter((section) => section.enabled).map((section) => section.key);
    expect(accountLinks(user()).map((link) => link.key)).toEqual(enabled);
    const keys = accountLinks(user({ registration_complete: false, staff_roles: ['support'] })).map((l) => l.key);
    expect(keys[0]).toBe('concluir-cadastro');
    expect(keys[keys.length - 1]).toBe('admin');
  });
});
