// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { Deposit } from '@prata/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/notify';
import { answerFrom, callsTo, jsonResponse, renderRoute } from '@/testing/render';
import { HistoryPage } from './history-page';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  notify.close();
});

const LONG = { timeout: 5000 };

const deposit = (id: number, over: Partial<Deposit>): Deposit => ({
  id,
  amount: 50,
  created_at: '2026-03-10T13:05:00Z',
  status: 'pending',
  rejection_reason: null,
  asaas_payment_id: `pay_${id}`,
  method: 'pix',
  credited_at: null,
  has_receipt: false,
  expires_at: new Date(Date.now() + 20 * 60_000).toISOString(),
  paid_amount: null,
  hold_reason: null,
  ...over,
});

const rows = [
  deposit(5, {}),
  deposit(4, { method: 'ted', asaas_payment_id: null, has_receipt: true, expires_at: null }),
  deposit(3, { status: 'expired', expires_at: '2026-03-10T13:35:00Z' }),
  deposit(2, { status: 'held', paid_amount: 75, hold_reason: 'overpaid' }),
  deposit(1, { status: 'refunded', paid_amount: 30, hold_reason: 'late', rejection_reason: 'QR Code já cancelado.' }),
];

describe('/meu-historico deposits: unpaid Pix charges', () => {
  it('says what each deposit waits for; a pending Pix charge can be paid again or cancelled', async () => {
    answerFrom(fetchMock, {
      'GET /api/deposits': () => jsonResponse(200, { deposits: { data: rows, total: 5, per_page: 15 } }),
      'GET /api/deposit': () =>
        jsonResponse(200, {
          currentBalance: 0,
          pendingDeposits: [rows[0], rows[1]],
          receivingAccount: {},
          minimumPixDeposit: 5,
        }),
      'GET /api/deposit/5/qrcode': () =>
        jsonResponse(200, { pixQrCode: 'iVBORw0KGgo=', pixCopiaECola: '00020126br.gov.bcb.pix' }),
      'DELETE /api/deposit/5': () => jsonResponse(200, { deposit: { id: 5 }, message: 'Depósito cancelado.' }),
    });
    renderRoute(<HistoryPage />, { path: '/meu-historico/:tab?', url: '/meu-historico' });
    const table = await screen.findByRole('table', { name: 'Depósitos' }, LONG);
    const row = (id: number) => within(table).getAllByRole('row')[rows.findIndex((r) => r.id === id) + 1]!;
    await within(table).findByText('Aguardando pagamento', undefined, LONG);
    expect(within(row(4)).getByText('Em análise')).toBeTruthy();
    expect(within(row(3)).getByText('Expirado')).toBeTruthy();
    expect(within(row(2)).getByText('Pagamento em análise')).toBeTruthy();
    expect(within(row(1)).getByText('Devolvido')).toBeTruthy();
    expect(within(row(1)).getByRole('button', { name: 'ver motivo' })).toBeTruthy();
    // only the pending Pix charge has actions
    expect(within(table).getAllByRole('button', { name: /^Pagar / })).toHaveLength(1);
    expect(within(row(3)).queryByRole('button', { name: /^Pagar / })).toBeNull();

    fireEvent.click(within(row(5)).getByRole('button', { name: /^Pagar Depósito por Pix de R\$ 50,00/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Pague com Pix' }, LONG);
    expect(await within(dialog).findByDisplayValue('00020126br.gov.bcb.pix', undefined, LONG)).toBeTruthy();
    expect(within(dialog).getByText(/Expira em/).textContent).toMatch(/Expira em (20:00|19:5\d)/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Fechar' }));

    fireEvent.click(within(row(5)).getByRole('button', { name: /^Cancelar Depósito por Pix/ }));
    const confirm = await screen.findByRole('dialog', { name: 'Cancelar depósito?' }, LONG);
    await act(async () => fireEvent.click(within(confirm).getByRole('button', { name: 'Cancelar depósito' })));
    await vi.waitFor(() => expect(callsTo(fetchMock, 'DELETE /api/deposit/5')).toHaveLength(1), LONG);
  });
});
