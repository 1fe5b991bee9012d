// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY } from '@/lib/auth-storage';
import { fakeJwt, nowSeconds } from '@/testing/jwt';
import { jsonResponse, renderRoute } from '@/testing/render';
import { AppShell } from './app-shell';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(async () => jsonResponse(404, { code: 'ROUTE_NOT_FOUND', message: 'x' }));
  localStorage.setItem(TOKEN_KEY, fakeJwt({ sub: 1, exp: nowSeconds() + 3600 }));
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('AppShell', () => {
  it('keeps /login in the guest frame once the token is stored: no drawer, no customer calls on the way out', async () => {
    renderRoute(<AppShell />, { path: '/login' });
    expect(await screen.findByRole('link', { name: 'Criar conta' })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const asked = fetchMock.mock.calls.map(([url]) => String(url));
    expect(asked.filter((url) => url.includes('average-price') || url.endsWith('/api/user'))).toEqual([]);
  });
});
