// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { MESSAGES } from '@prata/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoute } from '@/testing/render';
import { EndSessionPage } from './end-session-page';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('EndSessionPage (the new-device e-mail link)', () => {
  it("sends the link's token once and says the session ended", async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { message: MESSAGES.sessionEndedByLink }));
    renderRoute(<EndSessionPage />, { path: '/encerrar-sessao/:token', url: '/encerrar-sessao/abc_DEF-123' });
    expect(await screen.findByText(MESSAGES.sessionEndedByLink)).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toContain('/api/sessions/end-by-link');
    expect(JSON.parse(String(init?.body))).toEqual({ token: 'abc_DEF-123' });
    expect(screen.getByRole('link', { name: 'Ir para o login' })).toBeTruthy();
  });

  it("shows the server's refusal of a bad link", async () => {
    fetchMock.mockResolvedValue(jsonResponse(422, { code: 'LINK_INVALID', message: MESSAGES.sessionLinkInvalid }));
    renderRoute(<EndSessionPage />, { path: '/encerrar-sessao/:token', url: '/encerrar-sessao/x' });
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.sessionLinkInvalid);
  });
});
