// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUnauthorizedHandler } from '@/lib/api';
import { getToken, setToken } from '@/lib/auth-storage';
import { expiredSession } from '@/lib/session-expiry';
import { fakeJwt, nowSeconds } from '@/testing/jwt';
import { RequireAuth } from './require-auth';

function renderGuarded(url: string) {
  const router = createMemoryRouter(
    [
      { element: <RequireAuth />, children: [{ path: '/ordens', element: <p>ordens</p> }] },
      { path: '/login', element: <p>login</p> },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  setUnauthorizedHandler(() => {});
});

describe('RequireAuth', () => {
  it("ends the session at the token's exp, remembering where the person was, and sends them to /login", async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    window.history.replaceState(null, '', '/ordens?lado=compra');
    setToken(fakeJwt({ sub: 7, exp: nowSeconds() + 60 }));
    const router = renderGuarded('/ordens?lado=compra');
    expect(screen.getByText('ordens')).toBeTruthy();

    await act(async () => {
      vi.advanceTimersByTime(59_000);
    });
    expect(getToken()).not.toBeNull();
    await act(async () => {
      vi.advanceTimersByTime(2_000);
    });
    expect(getToken()).toBeNull();
    expect(handler).toHaveBeenCalledOnce();
    expect(expiredSession()).toEqual({ from: '/ordens?lado=compra', userId: 7 });
    expect(router.state.location.pathname).toBe('/login');
  });

  it('checks again when the tab comes back (background timers sleep)', async () => {
    setToken(fakeJwt({ sub: 7, exp: nowSeconds() + 3600 }));
    renderGuarded('/ordens');
    // the clock moved on while the phone slept, the timer did not fire
    vi.setSystemTime(Date.now() + 3_601_000);
    await act(async () => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(getToken()).toBeNull();
  });
});
