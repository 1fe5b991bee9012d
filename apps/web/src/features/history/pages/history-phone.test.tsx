// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import type { Order, Withdrawal } from '@prata/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerFrom, jsonResponse, renderRoute } from '@/testing/render';
import { stubViewportWidth } from '@/testing/viewport';
import { HistoryPage } from './history-page';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const LONG = { timeout: 5000 };

const withdrawal: Withdrawal = {
  id: 9,
  created_at: '2026-03-10T13:05:00Z',
  destination: 'Pix: maria@exemplo.com.br',
  amount: 1234.56,
  fee: 9.9,
  net_amount: 1224.66,
  status: 'rejected',
  rejection_reason: 'Conta de outro titular',
  instant: false,
};

const order = {
  id: 3,
  type: 'sell',
  mode: 'market',
  status: 'filled',
  price_per_gram: 8.94,
  quantity_grams: 6,
  total_amount: 48.45,
  transaction_fee: 5,
  iof_fee: 0.2,
  ordered_grams: 6,
  filled_grams: 6,
  created_at: '2026-03-10T13:05:00Z',
  updated_at: '2026-03-10T13:05:00Z',
  deleted_at: null,
  my_order: true,
} satisfies Order;

/** The pairs of a card's definition list: "Valor" → "R$ 1.234,56". */
function pairs(card: HTMLElement): Record<string, string> {
  const names = within(card).getAllByRole('term');
  const values = within(card).getAllByRole('definition');
  return Object.fromEntries(names.map((name, i) => [name.textContent ?? '', values[i]?.textContent ?? '']));
}

describe('/meu-historico on a phone', () => {
  it('shows each withdrawal as a card: every column named beside its value, none cut off', async () => {
    stubViewportWidth(390);
    answerFrom(fetchMock, {
      'GET /api/withdrawals': () => jsonResponse(200, { withdrawals: { data: [withdrawal], total: 1, per_page: 15 } }),
    });
    renderRoute(<HistoryPage />, { path: '/meu-historico/:tab?', url: '/meu-historico/dinheiro-retirado' });
    const list = await screen.findByRole('list', { name: 'Retiradas de dinheiro' }, LONG);
    expect(screen.queryByRole('table')).toBeNull();
    const [card] = within(list).getAllByRole('listitem');
    expect(pairs(card!)).toEqual({
      Data: expect.stringMatching(/^10\/03\/2026/),
      Destino: 'Pix: maria@exemplo.com.br',
      Valor: 'R$ 1.234,56',
      Tarifa: 'R$ 9,90',
      Líquido: 'R$ 1.224,66',
      Status: expect.stringContaining('Recusado'),
    });
    expect(within(card!).getByRole('button', { name: 'ver motivo' })).toBeTruthy();
  });

  it('shows a completed order with its price, fee, IOF and total', async () => {
    stubViewportWidth(320);
    answerFrom(fetchMock, {
      'GET /api/orders/completed': () => jsonResponse(200, { orders: { data: [order], total: 1, per_page: 15 } }),
    });
    renderRoute(<HistoryPage />, { path: '/meu-historico/:tab?', url: '/meu-historico/ordens-realizadas' });
    const list = await screen.findByRole('list', { name: 'Ordens realizadas' }, LONG);
    const [card] = within(list).getAllByRole('listitem');
    expect(pairs(card!)).toMatchObject({
      'Preço por grama': 'R$ 8,94',
      Quantidade: '6,00 g',
      'Taxa operacional': 'R$ 5,00',
      IOF: 'R$ 0,20',
      Total: 'R$ 48,45',
    });
  });

  it('keeps the table on a wide screen', async () => {
    stubViewportWidth(1280);
    answerFrom(fetchMock, {
      'GET /api/withdrawals': () => jsonResponse(200, { withdrawals: { data: [withdrawal], total: 1, per_page: 15 } }),
    });
    renderRoute(<HistoryPage />, { path: '/meu-historico/:tab?', url: '/meu-historico/dinheiro-retirado' });
    const table = await screen.findByRole('table', { name: 'Retiradas de dinheiro' }, LONG);
    await within(table).findByText('R$ 1.224,66', undefined, LONG);
    expect(screen.queryByRole('list', { name: 'Retiradas de dinheiro' })).toBeNull();
  });
});
