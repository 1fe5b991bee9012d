// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { AdminSilverTransfer } from '@prata/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoute } from '@/testing/render';
import { SilverTransfersPage } from './silver-transfers-page';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const completed: AdminSilverTransfer = {
  id: 12,
  created_at: '2026-03-01T12:00:00.000Z',
  sender: { id: 4, name: 'Ana Souza', email: 'ana@exemplo.com' },
  receiver: { id: 5, name: 'Bruno Lima', email: 'bruno@exemplo.com' },
  receiver_email: 'bruno@exemplo.com',
  receiver_cpf: null,
  quantity_grams: 2.5,
  message: 'Presente',
  status: 'completed',
  status_label: 'Realizada',
  expires_at: null,
  completed_at: '2026-03-01T12:00:00.000Z',
  cancelled_at: null,
  check_code: 'ABCD2345EFGH',
};
const pending: AdminSilverTransfer = {
  ...completed,
  id: 13,
  receiver: null,
  receiver_email: 'joana@exemplo.com',
  receiver_cpf: '52998224725',
  status: 'pending',
  status_label: 'Aguardando cadastro',
  expires_at: '2026-03-31T12:00:00.000Z',
  completed_at: null,
  check_code: 'HJKM2345NPQR',
};

describe('/admin/transferencias', { timeout: 20_000 }, () => {
  it('lists the transfers with the grams waiting, filters by status, and checks a receipt code', async () => {
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.startsWith('/api/admin/silver-transfers/check/'))
        return url.endsWith('ABCD-2345-EFGH')
          ? jsonResponse(200, { transfer: completed, message: 'Comprovante autêntico: transferência nº 12.' })
          : jsonResponse(404, { code: 'NOT_FOUND', message: 'Nenhuma transferência tem este código de verificação.' });
      const data = url.includes('status=pending') ? [pending] : [completed, pending];
      return jsonResponse(200, { data, total: data.length, per_page: 25, unclaimed_grams: 2.5 });
    });
    const { router } = renderRoute(<SilverTransfersPage />, { path: '/admin/transferencias' });
    const table = await screen.findByRole('table', { name: 'Transferências de prata' });
    await vi.waitFor(() => expect(table.textContent).toContain('Ana Souza'));
    expect(table.textContent).toContain('ABCD-2345-EFGH');
    expect(table.textContent).toContain('sem conta · CPF 529.982.247-25');
    expect(screen.getByText(/Aguardando recebedores/).textContent).toContain('2,50 g');
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/admin/silver-transfers?page=1');

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Situação' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('option', { name: 'Aguardando cadastro' }));
    });
    expect(router.state.location.search).toBe('?status=pending');
    await vi.waitFor(() => expect(String(fetchMock.mock.calls.at(-1)?.[0])).toContain('status=pending'));

    const check = screen.getByRole('region', { name: 'Verificar comprovante' });
    fireEvent.change(within(check).getByLabelText('Código de verificação'), { target: { value: 'XXXX' } });
    await act(async () => {
      fireEvent.click(within(check).getByRole('button', { name: 'Verificar' }));
    });
    await vi.waitFor(() => expect(check.textContent).toContain('Nenhuma transferência tem este código'));
    fireEvent.change(within(check).getByLabelText('Código de verificação'), { target: { value: 'ABCD-2345-EFGH' } });
    await act(async () => {
      fireEvent.click(within(check).getByRole('button', { name: 'Verificar' }));
    });
    await vi.waitFor(() => expect(check.textContent).toContain('Comprovante autêntico: transferência nº 12.'));
    expect(check.textContent).toContain('Ana Souza');
  });
});
