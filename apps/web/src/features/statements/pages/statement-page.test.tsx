// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { MonthlyStatementResponse } from '@prata/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchDownloads } from '@/testing/downloads';
import { jsonResponse, renderRoute } from '@/testing/render';
import { StatementPage, monthOptionLabel } from './statement-page';

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

const empty = {
  opening: 0,
  opening_available: 0,
  opening_reserved: 0,
  closing: 0,
  closing_available: 0,
  closing_reserved: 0,
  credits: 0,
  debits: 0,
  movements: [],
};

function statement(month: string): MonthlyStatementResponse {
  const october = month === '2026-10';
  return {
    month,
    from: '2026-10-01T03:00:00.000Z',
    to: '2026-11-01T03:00:00.000Z',
    complete: october,
    months: ['2026-11', '2026-10', '2026-09'],
    customer: { name: 'Ana Souza', document: '529.982.247-25' },
    reais: october
      ? {
          opening: 100,
          opening_available: 100,
          opening_reserved: 0,
          closing: 39.48,
          closing_available: 9.48,
          closing_reserved: 30,
          credits: 0,
          debits: 60.52,
          movements: [
            {
              id: 'a',
              at: '2026-10-05T15:00:00.000Z',
              description: 'Compra de prata: valor pago',
              amount: -55,
              balance: 45,
            },
            { id: 'b', at: '2026-10-05T15:00:00.000Z', description: 'Tarifa de operação', amount: -5, balance: 40 },
            { id: 'c', at: '2026-10-05T15:00:00.000Z', description: 'IOF', amount: -0.52, balance: 39.48 },
          ],
        }
      : empty,
    grams: october
      ? {
          opening: 0,
          opening_available: 0,
          opening_reserved: 0,
          closing: 10,
          closing_available: 8,
          closing_reserved: 2,
          credits: 10,
          debits: 0,
          movements: [
            {
              id: 'd',
              at: '2026-10-05T15:00:00.000Z',
              description: 'Compra de prata: gramas recebidas',
              amount: 10,
              balance: 10,
            },
          ],
        }
      : empty,
    truncated: false,
    average_cost: october
      ? { bought_grams: 10, bought_amount: 60.52, month_per_gram: 6.05, irpf_per_gram: 6.05 }
      : { bought_grams: 0, bought_amount: 0, month_per_gram: null, irpf_per_gram: null },
  };
}

describe('StatementPage', { timeout: 20_000 }, () => {
  it('opens on the last complete month, lists each movement with its balance, changes month and downloads the PDF', async () => {
    fetchMock.mockImplementation(async (input) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/statements')
        return jsonResponse(200, statement(url.searchParams.get('month') ?? '2026-10'));
      if (url.pathname === '/api/statements/pdf')
        return new Response('%PDF', {
          status: 200,
          headers: {
            'content-disposition': `attachment; filename="extrato-prata-${url.searchParams.get('month')}.pdf"`,
          },
        });
      return jsonResponse(401, { code: 'UNAUTHENTICATED', message: 'x' });
    });
    const view = renderRoute(<StatementPage />, { path: '/meu-historico/extrato' });
    const reais = await screen.findByRole('list', { name: 'Movimentações: Reais' });
    expect(fetchMock.mock.calls.map((c) => String(c[0]))).toContain('/api/statements');
    const rows = within(reais).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      'Saldo inicialR$ 100,00disponível R$ 100,00 + reservado R$ 0,00',
      'Compra de prata: valor pago05/10/2026 12:00-R$ 55,00saldo R$ 45,00',
      'Tarifa de operação05/10/2026 12:00-R$ 5,00saldo R$ 40,00',
      'IOF05/10/2026 12:00-R$ 0,52saldo R$ 39,48',
      'Saldo finalR$ 39,48disponível R$ 9,48 + reservado R$ 30,00',
    ]);
    // the closing balances as the drawer shows them: what can be used, and what a withdrawal or an order reserves
    expect(screen.getByText('Saldo final em prata').parentElement?.textContent).toBe(
      'Saldo final em prata10,00 gdisponível 8,00 g + reservado 2,00 g',
    );
    const grams = screen.getByRole('list', { name: 'Movimentações: Prata (gramas)' });
    expect(grams.textContent).toContain('+10,00 g');
    expect(screen.getByText('Custo médio das compras do mês').nextElementSibling?.textContent).toBe('R$ 6,05/g');

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Mês' }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Novembro de 2026 (em andamento)',
      'Outubro de 2026',
      'Setembro de 2026',
    ]);
    await act(async () => {
      fireEvent.click(options[2]!);
    });
    await vi.waitFor(() =>
      expect(screen.getByRole('list', { name: 'Movimentações: Reais' }).textContent).toContain(
        'Nenhuma movimentação no mês.',
      ),
    );
    expect(fetchMock.mock.calls.map((c) => String(c[0]))).toContain('/api/statements?month=2026-09');
    expect(view.router.state.location.search).toBe('?mes=2026-09');

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Baixar PDF' }));
    });
    await vi.waitFor(() => expect(downloads.saved.map((f) => f.fileName)).toContain('extrato-prata-2026-09.pdf'));
  });

  it('opens on the month of the address', async () => {
    fetchMock.mockImplementation(async (input) => {
      const url = new URL(String(input), 'http://localhost');
      return jsonResponse(200, statement(url.searchParams.get('month') ?? '2026-10'));
    });
    renderRoute(<StatementPage />, { path: '/meu-historico/extrato', url: '/meu-historico/extrato?mes=2026-09' });
    await screen.findByRole('list', { name: 'Movimentações: Reais' });
    expect(fetchMock.mock.calls.map((c) => String(c[0]))).toEqual(['/api/statements?month=2026-09']);
    expect(screen.getByRole('combobox', { name: 'Mês' }).textContent).toBe('Setembro de 2026');
  });

  it('names the months in Portuguese', () => {
    expect(monthOptionLabel('2026-03', false)).toBe('Março de 2026');
  });
});
