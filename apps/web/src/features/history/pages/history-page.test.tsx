// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoute } from '../../../testing/render';
import { COMING_SOON, HistoryPage } from './history-page';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('HistoryPage', { timeout: 20_000 }, () => {
  it('says the tabs without an endpoint will come, and calls nothing for them', () => {
    renderRoute(<HistoryPage />, { path: '/meu-historico/:tab?', url: '/meu-historico' });
    const tabs = screen.getByRole('tablist', { name: 'Tipos de histórico' });
    expect(within(tabs).getByRole('tab', { selected: true }).textContent).toBe('Dinheiro adicionado');
    expect(within(tabs).getAllByRole('tab')[6]?.textContent).toBe('Ordens canceladas');
    expect(screen.getByText(COMING_SOON)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('reads the event logs page by page: dd/mm/aaaa hh:mm and the description', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(200, {
        event_logs: {
          data: [{ id: 9, created_at: '2026-03-10T13:05:00Z', description: 'Senha alterada' }],
          total: 31,
          per_page: 15,
        },
      }),
    );
    const { router } = renderRoute(<HistoryPage />, {
      path: '/meu-historico/:tab?',
      url: '/meu-historico/demais-eventos?page=2',
    });
    expect(await screen.findByText('Senha alterada')).toBeTruthy();
    expect(screen.getByText('10/03/2026 10:05')).toBeTruthy();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/event-logs?page=2');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /próxima página/i }));
    });
    expect(router.state.location.search).toBe('?page=3');
    await vi.waitFor(() => expect(fetchMock.mock.calls.at(-1)?.[0]).toBe('/api/event-logs?page=3'));
  });
});
