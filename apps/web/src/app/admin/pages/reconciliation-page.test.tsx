// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { MESSAGES } from '@prata/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoute } from '@/testing/render';
import { ReconciliationPage } from './reconciliation-page';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const clean = {
  id: 7,
  ran_at: '2026-03-01T12:00:00Z',
  ok: true,
  problems: [],
  duration_ms: 42,
  source: 'admin',
  run_by: { id: 3, name: 'Fabiana Financeiro' },
};

describe('Conferência do razão', () => {
  it('with no run yet, says so; "Conferir agora" runs it and shows the outcome', async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse(200, { reconciliation: null }))
      .mockResolvedValueOnce(jsonResponse(200, { reconciliation: clean, message: MESSAGES.reconciliationClean }));
    renderRoute(<ReconciliationPage />);
    expect(await screen.findByText(/Nenhuma conferência registrada ainda/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Conferir agora' }));
    expect(await screen.findByText('O razão confere')).toBeTruthy();
    expect(screen.getByText('Fabiana Financeiro')).toBeTruthy();
    expect(screen.getByText('42 ms')).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(url).toBe('/api/admin/reconciliation');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBeUndefined();
  });

  it('lists the problems of the last run, and who ran it from the command line', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(200, {
        reconciliation: {
          ...clean,
          ok: false,
          source: 'cli',
          run_by: null,
          problems: [
            'BRL: a soma dos débitos (5000) difere da soma dos créditos (5001)',
            'customer:4:available:BRL: saldo negativo (-1)',
          ],
        },
      }),
    );
    renderRoute(<ReconciliationPage />);
    expect(await screen.findByText('2 problemas encontrados')).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Problemas encontrados' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'BRL: a soma dos débitos (5000) difere da soma dos créditos (5001)',
      'customer:4:available:BRL: saldo negativo (-1)',
    ]);
    expect(screen.getByText('Linha de comando do servidor (npm run reconcile)')).toBeTruthy();
  });

  it('an operator without the finance role reads why, and gets no button', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(403, { code: 'FORBIDDEN', message: MESSAGES.forbiddenRole }));
    renderRoute(<ReconciliationPage />);
    expect(await screen.findByText(MESSAGES.forbiddenRole)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Conferir agora' })).toBeNull();
  });
});
