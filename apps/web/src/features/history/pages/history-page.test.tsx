// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { Order } from '@prata/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchDownloads } from '@/testing/downloads';
import { jsonResponse, renderRoute } from '@/testing/render';
import { COMING_SOON, HistoryPage } from './history-page';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('HistoryPage', { timeout: 20_000 }, () => {
  it('lists the silver transfers, sent and received; a pending one sent has Cancelar, which replaces its row', async () => {
    const sent = {
      id: 7,
      created_at: '2026-03-10T13:05:00Z',
      direction: 'sent',
      receiver: { id: null, name: null, email: 'joana@exemplo.com.br' },
      receiver_email: 'joana@exemplo.com.br',
      sender: null,
      quantity_grams: 2.5,
      message: null,
      status: 'pending',
      status_label: 'Aguardando cadastro',
      expires_at: '2026-04-09T13:05:00Z',
      completed_at: null,
      cancellable: true,
    };
    const received = {
      ...sent,
      id: 6,
      direction: 'received',
      receiver: null,
      receiver_email: null,
      sender: { id: null, name: 'Carlos P.', email: null },
      quantity_grams: 12.5,
      status: 'completed',
      status_label: 'Realizada',
      expires_at: null,
      cancellable: false,
    };
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).startsWith('/api/silver-transfer/7/cancel') && init?.method === 'PUT')
        return jsonResponse(200, {
          transfer: { ...sent, status: 'cancelled', status_label: 'Cancelado', cancellable: false, expires_at: null },
          message: 'Transferência de prata cancelada',
        });
      if (String(input).startsWith('/api/user')) return jsonResponse(401, { code: 'UNAUTHENTICATED', message: 'x' });
      return jsonResponse(200, { silverTransfers: { data: [sent, received], total: 2, per_page: 15 } });
    });
    renderRoute(<HistoryPage />, { path: '/meu-historico/:tab?', url: '/meu-historico/prata-transferida' });
    const tabs = screen.getByRole('tablist', { name: 'Tipos de histórico' });
    expect(within(tabs).getByRole('tab', { selected: true }).textContent).toBe('Prata transferida');
    const table = await screen.findByRole('table', { name: 'Transferências de prata' });
    await vi.waitFor(() => expect(table.textContent).toContain('Enviada para joana@exemplo.com.br'));
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/silver-transfers?page=1');
    expect(table.textContent).toContain('2,50 g');
    expect(table.textContent).toContain('Aguardando cadastro');
    expect(table.textContent).toContain('Recebida de Carlos P.12,50 gRealizada');
    await act(async () => {
      fireEvent.click(within(table).getByRole('button', { name: 'Cancelar transferência nº 7' }));
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Cancelar transferência' }));
    });
    await vi.waitFor(() => expect(table.textContent).toContain('Cancelado'));
    expect(within(table).queryByRole('button', { name: 'Cancelar transferência nº 7' })).toBeNull();
  });

  it("downloads a transfer's receipt from its row, sent or received", async () => {
    const downloads = watchDownloads();
    try {
      const received = {
        id: 6,
        created_at: '2026-03-10T13:05:00Z',
        direction: 'received',
        receiver: null,
        receiver_email: null,
        sender: { id: null, name: 'Aurora Joias', email: null },
        quantity_grams: 12.5,
        message: null,
        status: 'completed',
        status_label: 'Realizada',
        expires_at: null,
        completed_at: '2026-03-10T13:05:00Z',
        cancellable: false,
      };
      fetchMock.mockImplementation(async (input) => {
        const url = String(input);
        if (url === '/api/silver-transfer/6/receipt')
          return new Response('%PDF-1.7', {
            status: 200,
            headers: {
              'content-type': 'application/pdf',
              'content-disposition': 'inline; filename="comprovante-transferencia-6.pdf"',
            },
          });
        if (url.startsWith('/api/user')) return jsonResponse(401, { code: 'UNAUTHENTICATED', message: 'x' });
        return jsonResponse(200, { silverTransfers: { data: [received], total: 1, per_page: 15 } });
      });
      renderRoute(<HistoryPage />, { path: '/meu-historico/:tab?', url: '/meu-historico/prata-transferida' });
      const table = await screen.findByRole('table', { name: 'Transferências de prata' });
      const button = await within(table).findByRole('button', { name: 'Baixar o comprovante da transferência nº 6' });
      expect(button.textContent).toBe('Comprovante');
      await act(async () => {
        fireEvent.click(button);
      });
      await vi.waitFor(() =>
        expect(downloads.saved.map((f) => f.fileName)).toEqual(['comprovante-transferencia-6.pdf']),
      );
    } finally {
      downloads.restore();
    }
  });

  it('reads the event logs page by page: dd/mm/aaaa hh:mm and the description', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(200, {
        event_logs: {
          data: [{ id: 9, created_at: '2026-03-10T13:05:00Z', description: 'Senha alterada' }],
          total: 31,
          per_page: 15,
        },
      }),
    );
    const { router } = renderRoute(<HistoryPage />, {
      path: '/meu-historico/:tab?',
      url: '/meu-historico/demais-eventos?page=2',
    });
    expect(await screen.findByText('Senha alterada')).toBeTruthy();
    expect(screen.getByText('10/03/2026 10:05')).toBeTruthy();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/event-logs?page=2');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /próxima página/i }));
    });
    expect(router.state.location.search).toBe('?page=3');
    await vi.waitFor(() => expect(fetchMock.mock.calls.at(-1)?.[0]).toBe('/api/event-logs?page=3'));
  });

  it('lists the withdrawals: destination, amount, fee, net and a refusal with its reason', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(200, {
        withdrawals: {
          data: [
            {
              id: 4,
              amount: 100,
              fee: 9.9,
              net_amount: 90.1,
              status: 'rejected',
              rejection_reason: 'Conta de outro titular',
              created_at: '2026-03-10T13:05:00Z',
              destination: 'Pix e-mail maria@prata.dev',
              instant: false,
            },
          ],
          total: 1,
          per_page: 15,
        },
      }),
    );
    renderRoute(<HistoryPage />, { path: '/meu-historico/:tab?', url: '/meu-historico/dinheiro-retirado' });
    const table = await screen.findByRole('table', { name: 'Retiradas de dinheiro' });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/withdrawals?page=1');
    const row = (await within(table).findByText('Pix e-mail maria@prata.dev')).closest('tr') as HTMLElement;
    for (const text of ['R$ 100,00', 'R$ 9,90', 'R$ 90,10', 'Recusado'])
      expect(within(row).getByText(text)).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'ver motivo' }));
    expect(await screen.findByText('Conta de outro titular')).toBeTruthy();
  });

  it('lists the deposits with their form, Pix or TED', async () => {
    const deposit = (id: number, method: 'pix' | 'ted') => ({
      id,
      amount: 50,
      created_at: '2026-03-10T13:05:00Z',
      status: 'approved',
      rejection_reason: null,
      asaas_payment_id: method === 'pix' ? 'pay_1' : null,
      method,
      credited_at: '2026-03-10T13:06:00Z',
      has_receipt: method === 'ted',
    });
    fetchMock.mockResolvedValue(
      jsonResponse(200, { deposits: { data: [deposit(2, 'ted'), deposit(1, 'pix')], total: 2, per_page: 15 } }),
    );
    renderRoute(<HistoryPage />, { path: '/meu-historico/:tab?', url: '/meu-historico' });
    const table = await screen.findByRole('table', { name: 'Depósitos' });
    expect(await within(table).findByText('TED')).toBeTruthy();
    expect(within(table).getByText('Pix')).toBeTruthy();
    expect(within(table).getAllByText('Aprovado')).toHaveLength(2);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/deposits?page=1');
  });

  it('lists the completed orders, page by page with the server page size: price, quantity, fee, IOF and total', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(200, {
        orders: {
          data: [
            anOrder({ id: 31, type: 'buy', status: 'filled', transaction_fee: 5, iof_fee: 0.21, total_amount: 55.21 }),
          ],
          total: 26,
          per_page: 25,
        },
      }),
    );
    renderRoute(<HistoryPage />, { path: '/meu-historico/:tab?', url: '/meu-historico/ordens-realizadas' });
    const table = await screen.findByRole('table', { name: 'Ordens realizadas' });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/orders/completed?page=1');
    const row = (await within(table).findByText('Compra')).closest('tr') as HTMLElement;
    for (const text of ['10/03/2026 10:05', 'R$ 5,00', '10,00 g', 'R$ 0,21', 'R$ 55,21'])
      expect(within(row).getAllByText(text).length).toBeGreaterThan(0);
    expect(screen.queryByText(COMING_SOON)).toBeNull();
    expect(screen.getByRole('button', { name: /próxima página/i })).toBeTruthy();
  });

  it('lists the cancelled orders: when, type, price, the grams cancelled and their value', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(200, {
        deleted_orders: {
          data: [
            anOrder({
              id: 32,
              type: 'sell',
              status: 'cancelled',
              price_per_gram: 6.5,
              quantity_grams: 4,
              total_amount: 26,
              deleted_at: '2026-03-11T18:30:00Z',
            }),
          ],
          total: 1,
          per_page: 25,
        },
      }),
    );
    renderRoute(<HistoryPage />, { path: '/meu-historico/:tab?', url: '/meu-historico/ordens-canceladas' });
    const table = await screen.findByRole('table', { name: 'Ordens canceladas' });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/orders/deleted?page=1');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Cancelada em', 'Tipo', 'Preço por grama', 'Quantidade cancelada', 'Valor']);
    const row = (await within(table).findByText('Venda')).closest('tr') as HTMLElement;
    for (const text of ['11/03/2026 15:30', 'R$ 6,50', '4,00 g', 'R$ 26,00'])
      expect(within(row).getByText(text)).toBeTruthy();
  });
});

/** One of the customer's orders as the history lists answer it (packages/domain's Order). */
function anOrder(overrides: Partial<Order>): Order {
  return {
    id: 1,
    type: 'buy',
    mode: 'limit',
    status: 'filled',
    price_per_gram: 5,
    quantity_grams: 10,
    total_amount: 50,
    transaction_fee: 0,
    iof_fee: 0,
    ordered_grams: 10,
    filled_grams: 10,
    created_at: '2026-03-10T13:05:00Z',
    updated_at: '2026-03-10T13:05:00Z',
    deleted_at: null,
    my_order: true,
    ...overrides,
  };
}
