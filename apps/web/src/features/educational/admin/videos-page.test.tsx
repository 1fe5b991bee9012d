// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MESSAGES } from '@prata/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoute } from '@/testing/render';
import { AdminVideosPage } from './videos-page';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('/admin/videos', () => {
  it('lists the videos; "Novo vídeo" posts the address, title and tag; "Remover" asks first', {
    timeout: 30_000,
  }, async () => {
    const writes: Array<[string, string | undefined, unknown]> = [];
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (init?.method === 'POST' || init?.method === 'DELETE') {
        writes.push([init.method, url, init.body ? JSON.parse(String(init.body)) : undefined]);
        return init.method === 'POST'
          ? jsonResponse(201, {
              video: {
                id: 3,
                youtube_id: 'HgubixK-zbI',
                title: 'Nova aula',
                tag: 'tutorial',
                created_at: '2026-02-03T12:00:00Z',
              },
              message: MESSAGES.videoCreated,
            })
          : jsonResponse(200, { message: MESSAGES.videoDeleted });
      }
      return jsonResponse(200, {
        videos: {
          data: [
            {
              id: 1,
              youtube_id: 'hc838DHnals',
              title: 'Aula de renda fixa',
              tag: 'informative',
              created_at: '2026-02-01T12:00:00Z',
            },
          ],
          total: 1,
          per_page: 20,
          current_page: 1,
          last_page: 1,
        },
      });
    });
    renderRoute(<AdminVideosPage />);
    const table = await screen.findByRole('table', { name: 'Vídeos educacionais' });
    expect(await within(table).findByText('Aula de renda fixa')).toBeTruthy();
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/educational/videos?page=1&perPage=20');

    fireEvent.click(screen.getByRole('button', { name: 'Novo vídeo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo vídeo' });
    fireEvent.change(within(dialog).getByLabelText(/Vídeo do YouTube/), { target: { value: 'https://vimeo.com/1' } });
    fireEvent.change(within(dialog).getByLabelText(/Título/), { target: { value: 'Nova aula' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Adicionar vídeo' }));
    expect(await within(dialog).findByText(MESSAGES.videoYoutubeInvalid)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Vídeo do YouTube/), { target: { value: 'youtu.be/HgubixK-zbI' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Adicionar vídeo' }));
    await waitFor(() =>
      expect(writes[0]).toEqual([
        'POST',
        '/api/admin/videos',
        { youtube: 'HgubixK-zbI', title: 'Nova aula', tag: 'informative' },
      ]),
    );

    fireEvent.click(await screen.findByRole('button', { name: 'Remover vídeo Aula de renda fixa' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remover vídeo' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remover' }));
    await waitFor(() => expect(writes[1]).toEqual(['DELETE', '/api/admin/videos/1', undefined]));
  });
});
