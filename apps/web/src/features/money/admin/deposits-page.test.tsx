// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { type AdminDeposit, MESSAGES } from '@prata/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoute } from '@/testing/render';
import { DepositsPage } from './deposits-page';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const ted: AdminDeposit = {
  id: 31,
  amount: 1500.5,
  created_at: '2026-03-01T12:00:00.000Z',
  status: 'pending',
  rejection_reason: null,
  asaas_payment_id: null,
  method: 'ted',
  credited_at: null,
  has_receipt: true,
  expires_at: null,
  paid_amount: null,
  hold_reason: null,
  customer: { id: 4, name: 'Otávio Barreto', email: 'otavio@exemplo.com' },
  receipt_name: 'comprovante-ted.pdf',
  reviewed_at: null,
};
const pix: AdminDeposit = {
  ...ted,
  id: 32,
  method: 'pix',
  has_receipt: false,
  receipt_name: null,
  asaas_payment_id: 'pay_abc123456',
};
const page = (data: AdminDeposit[], canSimulate = false) =>
  jsonResponse(200, { data, total: data.length, per_page: 25, can_simulate_payments: canSimulate });

describe('Depósitos', () => {
  it('lists the pending TEDs (amount, receipt); a rejection needs a reason, then posts it with an Idempotency-Key', async () => {
    fetchMock.mockResolvedValueOnce(page([ted]));
    renderRoute(<DepositsPage />, { path: '/admin/depositos' });
    const table = await screen.findByRole('table', { name: 'Depósitos por TED pendentes' });
    const row = (await within(table).findByText('Otávio Barreto')).closest('tr')!;
    expect(row.textContent).toContain('R$ 1.500,50');
    expect(row.textContent).toContain('comprovante-ted.pdf');
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/admin/deposits?status=pending&method=ted&page=1');

    fireEvent.click(within(row).getByRole('button', { name: 'Recusar depósito de Otávio Barreto' }));
    const dialog = await screen.findByRole('dialog', { name: 'Recusar depósito por TED?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Recusar depósito' }));
    expect(await within(dialog).findByText(MESSAGES.reasonRequired)).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    fetchMock
      .mockResolvedValueOnce(
        jsonResponse(200, {
          deposit: { ...ted, status: 'rejected', rejection_reason: 'Valor não encontrado' },
          message: MESSAGES.depositRejected,
        }),
      )
      .mockResolvedValue(page([]));
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Motivo/ }), {
      target: { value: '  Valor não encontrado ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Recusar depósito' }));
    expect(await screen.findByText('Nenhum depósito pendente.')).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(url).toBe('/api/admin/deposits/31/review');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ decision: 'reject', reason: 'Valor não encontrado' });
    expect(new Headers(init?.headers).get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('approving asks for a confirmation and sends only the decision', async () => {
    fetchMock.mockResolvedValueOnce(page([ted]));
    renderRoute(<DepositsPage />, { path: '/admin/depositos' });
    fireEvent.click(await screen.findByRole('button', { name: 'Aprovar depósito de Otávio Barreto' }));
    const dialog = await screen.findByRole('dialog', { name: 'Aprovar depósito por TED?' });
    expect(dialog.textContent).toContain('R$ 1.500,50');
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    fetchMock
      .mockResolvedValueOnce(
        jsonResponse(200, { deposit: { ...ted, status: 'approved' }, message: MESSAGES.depositApproved }),
      )
      .mockResolvedValue(page([]));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Aprovar e creditar' }));
    expect(await screen.findByText('Nenhum depósito pendente.')).toBeTruthy();
    expect(JSON.parse(String(fetchMock.mock.calls[1]![1]?.body))).toEqual({ decision: 'approve' });
  });

  it('Pix: "Simular pagamento" only where the embedded provider runs', async () => {
    fetchMock.mockResolvedValueOnce(page([pix], true));
    const view = renderRoute(<DepositsPage />, { path: '/admin/depositos', url: '/admin/depositos?fila=pix' });
    const table = await screen.findByRole('table', { name: 'Depósitos Pix pendentes' });
    expect(await within(table).findByText('pay_abc123456')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Simular pagamento de Otávio Barreto' })).toBeTruthy();
    expect(screen.getByText(/faz o papel do banco de quem paga/)).toBeTruthy();
    view.unmount();

    fetchMock.mockResolvedValueOnce(page([pix], false));
    renderRoute(<DepositsPage />, { path: '/admin/depositos', url: '/admin/depositos?fila=pix' });
    expect(await screen.findByText('pay_abc123456')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Simular pagamento/ })).toBeNull();
  });

  it('held payments: what was charged and paid, why; crediting the charge of an overpaid one refunds the rest', async () => {
    const held: AdminDeposit = {
      ...pix,
      id: 40,
      amount: 100,
      status: 'held',
      paid_amount: 150,
      hold_reason: 'overpaid',
    };
    fetchMock.mockResolvedValueOnce(page([held]));
    renderRoute(<DepositsPage />, { path: '/admin/depositos', url: '/admin/depositos?fila=retidos' });
    const table = await screen.findByRole('table', { name: 'Pagamentos retidos' });
    const row = (await within(table).findByText('Otávio Barreto')).closest('tr')!;
    for (const text of ['R$ 100,00', 'R$ 150,00', 'Pago acima do valor cobrado'])
      expect(row.textContent).toContain(text);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/admin/deposits?status=held&page=1');

    fireEvent.click(within(row).getByRole('button', { name: 'Creditar o cobrado e devolver o resto' }));
    const dialog = await screen.findByRole('dialog', { name: 'Creditar o valor cobrado e devolver o restante?' });
    expect(dialog.textContent).toContain('R$ 100,00 entram no saldo de Otávio Barreto; R$ 50,00 voltam ao pagador');
    fetchMock
      .mockResolvedValueOnce(
        jsonResponse(200, { deposit: { ...held, status: 'approved' }, message: MESSAGES.depositHeldDecided }),
      )
      .mockResolvedValue(page([]));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Creditar' }));
    expect(await screen.findByText('Nenhum pagamento retido.')).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(url).toBe('/api/admin/deposits/40/held');
    expect(JSON.parse(String(init?.body))).toEqual({ decision: 'credit_charged' });
    expect(new Headers(init?.headers).get('Idempotency-Key')).toBeTruthy();
  });

  it('an operator without the finance role reads why, with no retry', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(403, { code: 'FORBIDDEN', message: MESSAGES.forbiddenRole }));
    renderRoute(<DepositsPage />, { path: '/admin/depositos' });
    expect(await screen.findByText(MESSAGES.forbiddenRole)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Tentar de novo' })).toBeNull();
  });
});
