// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { ProductInvoice, ServiceInvoice } from '@prata/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchDownloads } from '@/testing/downloads';
import { jsonResponse, renderRoute } from '@/testing/render';
import { EMPTY_PRODUCT_INVOICES, EMPTY_SERVICE_INVOICES, InvoicesPage, TEST_DOCUMENTS_NOTICE } from './invoices-page';

const fetchMock = vi.fn<typeof fetch>();
let downloads: ReturnType<typeof watchDownloads>;

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  downloads = watchDownloads();
});

afterEach(() => {
  cleanup();
  downloads.restore();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const service: ServiceInvoice = {
  id: 3,
  description: 'Serviços da Prata em outubro de 2026: taxa operacional das ordens executadas (12).',
  services_amount: 1234.5,
  created_at: '2026-11-01T09:00:00Z',
  number: 'T-S-000003',
  test_document: true,
};
const product: ProductInvoice = {
  id: 9,
  description: 'Compra de prata física, pedido nº 4: 1 × Barra de prata 50 g.',
  products_amount: 455,
  taxes_amount: 120.3,
  created_at: '2026-11-20T15:30:00Z',
  number: 'T-P-000001',
  test_document: true,
};

describe('InvoicesPage', { timeout: 20_000 }, () => {
  it('lists both kinds with amounts in reais, says they are test documents, and downloads each kind', async () => {
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.startsWith('/api/service-invoices'))
        return jsonResponse(200, { data: [service], total: 1, per_page: 15 });
      if (url.startsWith('/api/product-invoices'))
        return jsonResponse(200, { data: [product], total: 1, per_page: 15 });
      if (url === '/api/service-invoice/3/pdf')
        return new Response('%PDF-1.7', {
          status: 200,
          headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="nota.pdf"' },
        });
      if (url === '/api/product-invoice/9/pdf')
        return jsonResponse(200, { uri: 'http://localhost/api/product-invoice/9/file?expires=1&signature=x' });
      return jsonResponse(401, { code: 'UNAUTHENTICATED', message: 'x' });
    });
    renderRoute(<InvoicesPage />, { path: '/minhas-notas' });
    const services = await screen.findByRole('table', { name: 'Notas de serviço' });
    await vi.waitFor(() => expect(services.textContent).toContain('R$ 1.234,50'));
    expect(services.textContent).toContain('01/11/2026');
    expect(services.textContent).toContain('T-S-000003');
    const products = screen.getByRole('table', { name: 'Notas de produtos' });
    await vi.waitFor(() => expect(products.textContent).toContain('R$ 455,00'));
    expect(products.textContent).toContain('R$ 120,30');
    expect(screen.getByText(TEST_DOCUMENTS_NOTICE)).toBeTruthy();
    expect(fetchMock.mock.calls.map((c) => String(c[0]))).toEqual(
      expect.arrayContaining(['/api/service-invoices?page=1', '/api/product-invoices?page=1']),
    );

    await act(async () => {
      fireEvent.click(within(services).getByRole('button', { name: 'Baixar a nota de serviço T-S-000003' }));
    });
    await vi.waitFor(() => expect(downloads.saved.map((f) => f.fileName)).toContain('nota.pdf'));
    await act(async () => {
      fireEvent.click(within(products).getByRole('button', { name: 'Baixar a nota de produto T-P-000001' }));
    });
    await vi.waitFor(() =>
      expect(downloads.clicked).toContain('http://localhost/api/product-invoice/9/file?expires=1&signature=x'),
    );
  });

  it('says when there is nothing yet', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(200, { data: [], total: 0, per_page: 15 }));
    renderRoute(<InvoicesPage />, { path: '/minhas-notas' });
    expect(await screen.findByText(EMPTY_SERVICE_INVOICES)).toBeTruthy();
    expect(await screen.findByText(EMPTY_PRODUCT_INVOICES)).toBeTruthy();
    expect(screen.queryByText(TEST_DOCUMENTS_NOTICE)).toBeNull();
  });

  it('pages the service invoices by the server per_page', async () => {
    fetchMock.mockImplementation(async (input) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/service-invoices') {
        const page = Number(url.searchParams.get('page'));
        return jsonResponse(200, {
          data: [{ ...service, id: page, number: `T-S-00000${page}` }],
          total: 2,
          per_page: 1,
        });
      }
      return jsonResponse(200, { data: [], total: 0, per_page: 15 });
    });
    renderRoute(<InvoicesPage />, { path: '/minhas-notas' });
    const services = await screen.findByRole('table', { name: 'Notas de serviço' });
    await vi.waitFor(() => expect(services.textContent).toContain('T-S-000001'));
    await act(async () => {
      fireEvent.click(screen.getAllByRole('button', { name: /próxima página|next page/i })[0]!);
    });
    await vi.waitFor(() => expect(services.textContent).toContain('T-S-000002'));
  });
});
