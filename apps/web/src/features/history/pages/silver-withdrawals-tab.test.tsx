// @vitest-environment jsdom
import type { SilverWithdrawal } from '@prata/domain';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getNotice, notify } from '@/lib/notify';
import { jsonResponse, renderRoute } from '@/testing/render';
import { HistoryPage } from './history-page';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  notify.close();
});

function aWithdrawal(overrides: Partial<SilverWithdrawal>): SilverWithdrawal {
  return {
    id: 1,
    kind: 'custody',
    status: 'pending',
    status_label: 'Pendente',
    created_at: '2026-03-10T13:05:00Z',
    items: [{ product_type_id: 1, name: 'Barra 100 g', quantity: 2, quantity_grams: 200 }],
    quantity_grams: 200,
    rejection_reason: null,
    tracking_code: null,
    payment_method: 'pix',
    total: 180.5,
    expires_at: null,
    cancellable: true,
    ...overrides,
  };
}

const page = (rows: SilverWithdrawal[]) =>
  jsonResponse(200, { silverWithdrawals: { data: rows, total: rows.length, per_page: 15 } });

describe('/meu-historico/prata-retirada', { timeout: 20_000 }, () => {
  it('lists the withdrawals: date, items, grams, status with the reason, tracking code; Cancelar only when pending', async () => {
    fetchMock.mockResolvedValue(
      page([
        aWithdrawal({ id: 3 }),
        aWithdrawal({
          id: 2,
          status: 'sent',
          status_label: 'Enviado',
          tracking_code: 'BR123456789BR',
          cancellable: false,
          items: [{ product_type_id: 2, name: 'Barra 10 g', quantity: 1, quantity_grams: 10 }],
          quantity_grams: 10,
        }),
        aWithdrawal({
          id: 1,
          status: 'rejected',
          status_label: 'Recusado',
          rejection_reason: 'Endereço incompleto',
          cancellable: false,
        }),
      ]),
    );
    renderRoute(<HistoryPage />, { path: '/meu-historico/:tab?', url: '/meu-historico/prata-retirada' });
    const table = await screen.findByRole('table', { name: 'Retiradas de prata' });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/silver-withdrawals?page=1');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Data', 'Itens', 'Quantidade', 'Status', 'Rastreio', 'Ações']);
    await within(table).findByText('1× Barra 10 g');
    const rows = within(table).getAllByRole('row');
    const pending = rows[1] as HTMLElement;
    for (const text of ['10/03/2026 10:05', '2× Barra 100 g', '200,00 g', 'Pendente'])
      expect(within(pending).getByText(text)).toBeTruthy();
    expect(within(pending).getByRole('button', { name: 'Cancelar retirada nº 3' })).toBeTruthy();
    const sent = rows[2] as HTMLElement;
    expect(within(sent).getByText('BR123456789BR')).toBeTruthy();
    expect(within(sent).getByText('Enviado')).toBeTruthy();
    expect(within(sent).queryByRole('button', { name: /Cancelar/ })).toBeNull();
    const rejected = rows[3] as HTMLElement;
    fireEvent.click(within(rejected).getByRole('button', { name: 'ver motivo' }));
    expect(await screen.findByText('Endereço incompleto')).toBeTruthy();
  });

  it('cancels a pending row after confirming: the answer replaces the row', async () => {
    fetchMock.mockImplementation(async (input, init) => {
      if (init?.method === 'PUT' && String(input) === '/api/silver-withdrawal/3/cancel') {
        return jsonResponse(200, {
          silverWithdrawal: aWithdrawal({ id: 3, status: 'cancelled', status_label: 'Cancelado', cancellable: false }),
          message: 'Retirada de prata cancelada',
        });
      }
      if (String(input) === '/api/user') return jsonResponse(401, { code: 'UNAUTHENTICATED', message: 'x' });
      return page([aWithdrawal({ id: 3 })]);
    });
    renderRoute(<HistoryPage />, { path: '/meu-historico/:tab?', url: '/meu-historico/prata-retirada' });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancelar retirada nº 3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar retirada' });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar retirada' }));
    });
    await vi.waitFor(() => expect(getNotice()?.message).toBe('Retirada de prata cancelada'));
    // the dialog's closing transition keeps the page aria-hidden for a moment: the table is read once it is gone
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const table = screen.getByRole('table', { name: 'Retiradas de prata' });
    expect(await within(table).findByText('Cancelado')).toBeTruthy();
    expect(within(table).queryByRole('button', { name: /Cancelar retirada/ })).toBeNull();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT')).toHaveLength(1);
  });

  it('does not cancel when the customer goes back', async () => {
    fetchMock.mockResolvedValue(page([aWithdrawal({ id: 3 })]));
    renderRoute(<HistoryPage />, { path: '/meu-historico/:tab?', url: '/meu-historico/prata-retirada' });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancelar retirada nº 3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar retirada' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Voltar' }));
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT')).toHaveLength(0);
  });
});
