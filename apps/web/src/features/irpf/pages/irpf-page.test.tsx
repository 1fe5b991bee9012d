// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { brasiliaYear, type Order } from '@prata/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchDownloads } from '@/testing/downloads';
import { aUser } from '@/testing/fixtures';
import { jsonResponse, renderRoute } from '@/testing/render';
import { fakeJwt, nowSeconds } from '@/testing/jwt';
import { FOR_INDIVIDUALS, GUIDE, yearChoices } from '../guide';
import { IrpfPage } from './irpf-page';

const fetchMock = vi.fn<typeof fetch>();
let downloads: ReturnType<typeof watchDownloads>;

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  downloads = watchDownloads();
  localStorage.setItem('authToken', fakeJwt({ sub: '1', exp: nowSeconds() + 600 }));
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  downloads.restore();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const order = (id: number, year: number): Order => ({
  id,
  type: 'buy',
  mode: 'limit',
  status: 'filled',
  price_per_gram: 8.5,
  quantity_grams: 12.34,
  total_amount: 109.89,
  transaction_fee: 5,
  iof_fee: 0.4,
  ordered_grams: 12.34,
  filled_grams: 12.34,
  created_at: `${year}-06-10T15:00:00Z`,
  updated_at: `${year}-06-10T15:00:00Z`,
  deleted_at: null,
  my_order: true,
});

describe('the guide', () => {
  it('offers the current year minus 3 up to the current one, and opens on the previous (Brasília)', () => {
    // 1 January 2027 at 01:00 UTC is still 31 December 2026 in Brasília
    expect(brasiliaYear(new Date('2027-01-01T01:00:00Z'))).toBe(2026);
    expect(yearChoices(new Date('2026-11-26T12:00:00Z'))).toEqual({ years: [2026, 2025, 2024, 2023], initial: 2025 });
  });

  it("says the spec's figures", () => {
    expect(GUIDE.holdings).toContain('R$ 5.000,00');
    expect(GUIDE.gains).toContain('R$ 35.000');
    expect(GUIDE.gains).toContain('15% a 22,5%');
    expect(GUIDE.gains).toContain('DARF até o último dia útil do mês seguinte');
  });
});

describe('IrpfPage', { timeout: 20_000 }, () => {
  it("shows the previous year's position and orders, changes year, and downloads the workbook", async () => {
    const { years, initial } = yearChoices();
    fetchMock.mockImplementation(async (input) => {
      const url = new URL(String(input), 'http://localhost');
      const year = Number(url.searchParams.get('year') ?? url.pathname.split('/').pop());
      if (url.pathname === '/api/user') return jsonResponse(200, { user: aUser() });
      if (url.pathname === '/api/orders/completed')
        return jsonResponse(200, { orders: { data: [order(year, year)], total: 1, per_page: 15 } });
      if (url.pathname.startsWith('/api/irpf/position/'))
        return jsonResponse(200, {
          year,
          date: `${year}-12-31`,
          grams: 125.5,
          average_cost_per_gram: 7.25,
          cost_amount: 909.88,
          bought_amount: 1000,
          sold_amount: 200,
          bought_grams: 120,
          sold_grams: 25,
        });
      if (url.pathname.startsWith('/api/orders/export/'))
        return new Response('PK', {
          status: 200,
          headers: { 'content-disposition': `attachment; filename="prata-irpf-${year}.xlsx"` },
        });
      return jsonResponse(401, { code: 'UNAUTHENTICATED', message: 'x' });
    });
    renderRoute(<IrpfPage />, { path: '/irpf' });
    expect(await screen.findByText(GUIDE.gains)).toBeTruthy();
    const table = await screen.findByRole('table', { name: `Ordens realizadas em ${initial}` });
    await vi.waitFor(() => expect(table.textContent).toContain('12,34 g'));
    expect(table.textContent).toContain('R$ 8,50');
    expect(table.textContent).toContain(`10/06/${initial}`);
    expect(fetchMock.mock.calls.map((c) => String(c[0]))).toContain(`/api/orders/completed?page=1&year=${initial}`);
    await vi.waitFor(() => expect(screen.getByText('125,50 g')).toBeTruthy());
    expect(screen.getByText('R$ 7,25')).toBeTruthy();
    expect(screen.getByText('R$ 909,88')).toBeTruthy();
    expect(screen.getByText(`Sua posição em 31/12/${initial}`)).toBeTruthy();

    // the year selector: every choice, then another year
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Ano-calendário' }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => Number(o.textContent))).toEqual(years);
    await act(async () => {
      fireEvent.click(options[0]!);
    });
    await screen.findByRole('table', { name: `Ordens realizadas em ${years[0]}` });
    // the current year is not over: its position is as of today
    expect(await screen.findByText(`Sua posição em ${years[0]}, até hoje`)).toBeTruthy();
    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.map((c) => String(c[0]))).toContain(`/api/irpf/position/${years[0]}`),
    );

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: `Baixar planilha de ${years[0]} (Excel)` }));
    });
    await vi.waitFor(() => expect(downloads.saved.map((f) => f.fileName)).toContain(`prata-irpf-${years[0]}.xlsx`));
  });

  it("tells a company account the guide is for pessoas físicas, and asks for none of the guide's data", async () => {
    fetchMock.mockImplementation(async (input) =>
      String(input) === '/api/user'
        ? jsonResponse(200, { user: aUser({ account_type: 'company', name: 'Joalheria Aurora Ltda' }) })
        : jsonResponse(500, { code: 'INTERNAL_ERROR', message: 'x' }),
    );
    renderRoute(<IrpfPage />, { path: '/irpf' });
    expect(await screen.findByRole('heading', { name: FOR_INDIVIDUALS.title })).toBeTruthy();
    expect(screen.getByText(FOR_INDIVIDUALS.text)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Meu histórico' }).getAttribute('href')).toBe('/meu-historico');
    expect(screen.queryByText(GUIDE.holdingsTitle)).toBeNull();
    expect(screen.queryByText(GUIDE.gains)).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Ano-calendário' })).toBeNull();
    expect(fetchMock.mock.calls.map((c) => String(c[0]))).toEqual(['/api/user']);
  });
});
