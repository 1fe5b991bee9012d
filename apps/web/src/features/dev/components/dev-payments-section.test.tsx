// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MESSAGES } from '@prata/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoute } from '@/testing/render';
import { DevPaymentsSection } from './dev-payments-section';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const payment = {
  deposit_id: 8,
  asaas_payment_id: 'pay_abc123456',
  amount: 250,
  customer_email: 'ana@exemplo.com',
  created_at: '2026-03-01T12:00:00.000Z',
};

describe('Pagamentos Pix pendentes (dev mailbox)', () => {
  it('is hidden when the server has no payer (404: not in dev or demo mode)', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(404, { code: 'ROUTE_NOT_FOUND', message: 'Route GET:/api/dev/payments not found' }),
    );
    const view = renderRoute(<DevPaymentsSection />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(view.container.textContent).toBe(''));
    expect(screen.queryByRole('heading', { name: 'Pagamentos Pix pendentes' })).toBeNull();
  });

  it('lists the pending charges; "Pagar" pays one and the list is read again', async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse(200, { payments: [payment] }))
      .mockResolvedValueOnce(
        jsonResponse(200, { received: true, outcome: 'credited', deposit_id: 8, message: MESSAGES.paymentSimulated }),
      )
      .mockResolvedValue(jsonResponse(200, { payments: [] }));
    renderRoute(<DevPaymentsSection />);
    expect(await screen.findByRole('heading', { name: 'Pagamentos Pix pendentes' })).toBeTruthy();
    expect(screen.getByText(/faz o papel do banco de quem paga/)).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Pagamentos Pix pendentes' });
    expect(list.textContent).toContain('R$ 250,00 · ana@exemplo.com');
    expect(list.textContent).toContain('pay_abc123456');
    fireEvent.click(within(list).getByRole('button', { name: 'Pagar pay_abc123456' }));
    expect(await screen.findByText('Nenhum pagamento Pix pendente.')).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(url).toBe('/api/dev/payments/pay_abc123456/receive');
    expect(init?.method).toBe('POST');
  });
});
