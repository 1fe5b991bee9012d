// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSiteLinks } from '@/config/site';
import { jsonResponse, renderRoute } from '@/testing/render';
import { Footer } from './footer';
import { GuestHeader } from './guest-header';

const fetchMock = vi.fn<typeof fetch>();
const NONE = { jewelry: null, refining: null, app_store: null, google_play: null };

beforeEach(() => {
  resetSiteLinks();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

function page() {
  return renderRoute(
    <>
      <GuestHeader />
      <Footer />
    </>,
  );
}

describe('the links out of the app (settings of the server)', () => {
  it('shows only the links whose addresses are set, asking the server once without the session', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(200, {
        links: { ...NONE, jewelry: 'https://joias.exemplo.com.br', app_store: 'https://apps.apple.com/br/app/id1' },
      }),
    );
    page();
    const jewelry = await screen.findByRole('link', { name: 'Joias' });
    expect(jewelry.getAttribute('href')).toBe('https://joias.exemplo.com.br');
    expect(jewelry.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('link', { name: 'App Store' }).getAttribute('href')).toBe(
      'https://apps.apple.com/br/app/id1',
    );
    expect(screen.queryByText('Refino e análise')).toBeNull();
    expect(screen.queryByText('Google Play')).toBeNull();
    expect(screen.getByText('Baixe o aplicativo')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe('/api/site');
    expect(new Headers(init?.headers).get('Authorization')).toBeNull();
  });

  it('shows none of them when none is set (the default), nor when the server does not answer', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { links: NONE }));
    page();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 0));
    for (const text of ['Joias', 'Refino e análise', 'App Store', 'Google Play', 'Baixe o aplicativo'])
      expect(screen.queryByText(text)).toBeNull();
    expect(screen.getByRole('link', { name: 'Prata física' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Termos de uso' })).toBeTruthy();

    cleanup();
    resetSiteLinks();
    fetchMock.mockRejectedValueOnce(new TypeError('rede caiu'));
    page();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByText('Joias')).toBeNull();
  });
});
