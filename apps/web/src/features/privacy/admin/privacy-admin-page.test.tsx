// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { AdminPrivacyRequest } from '@prata/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoute } from '@/testing/render';
import { PrivacyAdminPage } from './privacy-admin-page';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const request = (id: number, overdue: boolean): AdminPrivacyRequest => ({
  id,
  kind: 'export',
  status: overdue ? 'failed' : 'pending',
  customer: { id: 10 + id, name: `Cliente ${id}`, email: `cliente${id}@exemplo.com.br` },
  created_at: '2026-11-01T12:00:00.000Z',
  due_at: '2026-11-16T12:00:00.000Z',
  answered_at: null,
  answered_by: null,
  overdue,
  attempts: overdue ? 5 : 0,
  last_error: overdue ? 'arquivo ausente' : null,
});

describe('PrivacyAdminPage', { timeout: 20_000 }, () => {
  it('lists the queue with its deadlines, pages by the cursor, and shows the processors register', async () => {
    const asked: string[] = [];
    fetchMock.mockImplementation(async (input) => {
      const url = new URL(String(input), 'http://localhost');
      asked.push(url.pathname + url.search);
      if (url.pathname === '/api/admin/privacy/requests') {
        return url.searchParams.get('cursor')
          ? jsonResponse(200, { data: [request(2, false)], next_cursor: null })
          : jsonResponse(200, { data: [request(1, true)], next_cursor: '1763294400000-1' });
      }
      return jsonResponse(200, {
        data: [
          {
            id: 1,
            name: 'Zenvia',
            service: 'SMS',
            data_categories: 'Celular',
            purpose: 'Códigos',
            legal_basis: 'Contrato',
            country: 'Brasil',
            active: true,
            updated_at: '2026-11-01T00:00:00.000Z',
          },
        ],
      });
    });
    renderRoute(<PrivacyAdminPage />);
    const table = await screen.findByRole('table', { name: /Pedidos de titulares/ });
    const first = within(table).getByRole('row', { name: /Cliente 1/ });
    expect(within(first).getByText('Atrasado')).toBeTruthy();
    expect(within(first).getByText(/5 tentativa\(s\): arquivo ausente/)).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Mostrar mais pedidos' }));
    });
    const second = await within(table).findByRole('row', { name: /Cliente 2/ });
    // the button went with the last page: the focus is on the first row it brought
    expect(document.activeElement).toBe(second);
    expect(asked).toContain('/api/admin/privacy/requests?status=open&cursor=1763294400000-1');
    expect(screen.queryByRole('button', { name: 'Mostrar mais pedidos' })).toBeNull();

    await act(async () => {
      fireEvent.click(screen.getByRole('tab', { name: 'Operadores de dados' }));
    });
    const processors = await screen.findByRole('table', { name: 'Operadores de dados pessoais' });
    expect(within(processors).getByText('Zenvia')).toBeTruthy();
    expect(within(processors).getByRole('button', { name: 'Editar Zenvia' })).toBeTruthy();
  });
});
