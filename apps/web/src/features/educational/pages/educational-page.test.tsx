// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { Video } from '@prata/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoute } from '@/testing/render';
import { EducationalPage } from './educational-page';
import { VideoPage } from './video-page';

// jsdom and MUI on a busy 2-core machine: the default 5 s is too tight
vi.setConfig({ testTimeout: 30_000 });

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const LONG = 'Como declarar a prata no Imposto de Renda sem erro e sem multa';
const video = (id: number, tag: Video['tag'] = 'informative'): Video => ({
  id,
  youtube_id: `abcdefghij${String.fromCharCode(64 + (id % 26) + 1)}`,
  title: id === 1 ? LONG : `Vídeo ${id}`,
  tag,
  created_at: '2026-02-01T12:00:00Z',
});
const page = (ids: number[], current: number, total: number, tag?: Video['tag']) => ({
  videos: {
    data: ids.map((id) => video(id, tag)),
    total,
    per_page: 12,
    current_page: current,
    last_page: Math.ceil(total / 12),
  },
});

describe('/educacional', () => {
  it('12 videos, titles cut at 40 characters; "Carregar mais" adds the next page', async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse(200, page([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], 1, 14)))
      .mockResolvedValueOnce(jsonResponse(200, page([13, 14], 2, 14)));
    renderRoute(<EducationalPage />, { path: '/educacional' });
    const list = await screen.findByRole('list', { name: 'Vídeos' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(12);
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/educational/videos?page=1&perPage=12');
    const cut = within(list).getByText(`${LONG.slice(0, 40).trimEnd()}…`);
    expect(cut.getAttribute('title')).toBe(LONG);
    expect(screen.getByText('12 de 14 vídeos')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Carregar mais' }));
    expect(await screen.findByText('Vídeo 14')).toBeTruthy();
    expect(within(list).getAllByRole('listitem')).toHaveLength(14);
    expect(String(fetchMock.mock.calls[1]![0])).toBe('/api/educational/videos?page=2&perPage=12');
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).toBeNull();
  });

  it('the tag filter asks for that tag only; a blocked thumbnail leaves a plain tile', async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse(200, page([1, 2], 1, 2)))
      .mockResolvedValueOnce(jsonResponse(200, page([5], 1, 1, 'tutorial')));
    const { router, container } = renderRoute(<EducationalPage />, { path: '/educacional' });
    await screen.findByRole('list', { name: 'Vídeos' });
    const img = container.querySelector('img')!;
    expect(img.getAttribute('src')).toMatch(/^https:\/\/i\.ytimg\.com\/vi\/.+\/hqdefault\.jpg$/);
    fireEvent.error(img);
    expect(container.querySelectorAll('img')).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Tutorial' }));
    expect(await screen.findByText('Vídeo 5')).toBeTruthy();
    expect(String(fetchMock.mock.calls[1]![0])).toBe('/api/educational/videos?page=1&perPage=12&tag=tutorial');
    expect(router.state.location.search).toBe('?tag=tutorial');
  });

  it('no videos: says so', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, page([], 1, 0)));
    renderRoute(<EducationalPage />, { path: '/educacional' });
    expect(await screen.findByText(/Nenhum vídeo/)).toBeTruthy();
  });
});

describe('/educacional/video/{id}', () => {
  it("plays in YouTube's privacy-enhanced player", async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { video: video(1) }));
    const { container } = renderRoute(<VideoPage />, { path: '/educacional/video/:id', url: '/educacional/video/1' });
    expect(await screen.findByRole('heading', { name: LONG })).toBeTruthy();
    const frame = container.querySelector('iframe')!;
    expect(frame.getAttribute('src')).toBe(`https://www.youtube-nocookie.com/embed/${video(1).youtube_id}?rel=0`);
    expect(frame.getAttribute('title')).toBe(LONG);
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/educational/video/1');
  });

  it('a video that is not there says so', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(404, { code: 'NOT_FOUND', message: 'Vídeo não encontrado.' }));
    renderRoute(<VideoPage />, { path: '/educacional/video/:id', url: '/educacional/video/99' });
    expect(await screen.findByText(/Vídeo não encontrado/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Todos os vídeos' }).getAttribute('href')).toBe('/educacional');
  });
});
