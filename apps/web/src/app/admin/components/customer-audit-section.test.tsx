// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoute } from '@/testing/render';
import { CustomerAuditSection } from './customer-audit-section';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('CustomerAuditSection', () => {
  it("lists the customer's audit entries in Portuguese, one line per change", async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(200, {
        data: [
          {
            id: 9,
            created_at: '2026-03-01T12:00:00Z',
            actor: { id: 4, name: 'Carla Dias', email: 'carla@exemplo.com' },
            action: 'customer.contact_changed',
            description: 'Dados de contato alterados pelo cliente (confirmado com código enviado ao e-mail)',
            target_type: 'user',
            target_id: '4',
            target: 'Cliente nº 4',
            details: ['Celular: de (11) 9****-4321 para (21) 9****-7777'],
            ip: '10.0.0.1',
          },
        ],
        total: 1,
        per_page: 25,
      }),
    );
    renderRoute(<CustomerAuditSection customerId={4} />);
    const table = await screen.findByRole('table', { name: 'Histórico de auditoria do cliente' });
    expect(await within(table).findByText('Celular: de (11) 9****-4321 para (21) 9****-7777')).toBeTruthy();
    expect(within(table).getByText(/Dados de contato alterados pelo cliente/)).toBeTruthy();
    expect(within(table).getByText('Carla Dias')).toBeTruthy();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/admin/customers/4/audit?page=1');
  });
});
