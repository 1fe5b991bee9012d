// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { type AdminWithdrawal, MESSAGES } from '@prata/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoute } from '@/testing/render';
import { WithdrawalsPage } from './withdrawals-page';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const sending: AdminWithdrawal = {
  id: 77,
  amount: 100,
  fee: 0,
  net_amount: 100,
  status: 'approved',
  rejection_reason: null,
  created_at: '2026-03-01T12:00:00.000Z',
  destination: 'Pix e-mail ana@exemplo.com',
  instant: false,
  customer: { id: 4, name: 'Ana Lima', email: 'ana@exemplo.com' },
  payout_status: 'sending',
  payout_id: null,
  reviewed_at: '2026-03-01T12:05:00.000Z',
};
const page = (data: AdminWithdrawal[]) => jsonResponse(200, { data, total: data.length, per_page: 25 });

describe('Retiradas: a payout the provider never answered', () => {
  it('is settled as not paid with a reason (required), posted with an Idempotency-Key', async () => {
    fetchMock.mockResolvedValueOnce(page([sending]));
    renderRoute(<WithdrawalsPage />, { path: '/admin/retiradas', url: '/admin/retiradas?fila=decididas' });
    const row = (await screen.findByText('Ana Lima')).closest('tr')!;
    expect(row.textContent).toContain('Enviando ao banco');
    fireEvent.click(within(row).getByRole('button', { name: 'Não foi paga' }));
    const dialog = await screen.findByRole('dialog', { name: 'Registrar a transferência como não paga?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Não foi paga' }));
    expect(await within(dialog).findByText(MESSAGES.reasonRequired)).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    fetchMock
      .mockResolvedValueOnce(
        jsonResponse(200, {
          withdrawal: { ...sending, status: 'rejected', payout_status: 'failed', rejection_reason: 'x' },
          message: MESSAGES.payoutSettledFailed,
        }),
      )
      .mockResolvedValue(page([]));
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Motivo/ }), {
      target: { value: 'Não consta no painel' },
    });
    // a double click settles once
    const settle = within(dialog).getByRole('button', { name: 'Não foi paga' });
    fireEvent.click(settle);
    fireEvent.click(settle);
    expect(await screen.findByText('Nenhuma retirada encontrada.')).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/payout'))).toHaveLength(1);
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(url).toBe('/api/admin/withdrawals/77/payout');
    expect(JSON.parse(String(init?.body))).toEqual({ outcome: 'failed', reason: 'Não consta no painel' });
    expect(new Headers(init?.headers).get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
