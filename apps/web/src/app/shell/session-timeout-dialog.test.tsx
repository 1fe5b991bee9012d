// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { SESSION_WARNING_SECONDS } from '@prata/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToken, getToken, setToken } from '@/lib/auth-storage';
import { fakeJwt, nowSeconds } from '@/testing/jwt';
import { jsonResponse, renderRoute } from '@/testing/render';
import { SessionTimeoutDialog } from './session-timeout-dialog';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.useFakeTimers({
    shouldAdvanceTime: false,
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  clearToken();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const advance = (ms: number) => act(async () => vi.advanceTimersByTime(ms));

describe('SessionTimeoutDialog', () => {
  it('warns 2 minutes before the session ends, counts down silently and renews it through the server', async () => {
    const end = nowSeconds() + 10 * 60;
    setToken(fakeJwt({ sub: '7', sid: 's', exp: end }));
    renderRoute(<SessionTimeoutDialog />);
    await advance((10 * 60 - SESSION_WARNING_SECONDS - 1) * 1000);
    expect(screen.queryByRole('dialog')).toBeNull();

    await advance(1000);
    const dialog = screen.getByRole('dialog', { name: 'Sua sessão vai expirar' });
    expect(dialog.textContent).toContain('Sua sessão vai expirar em 2 minutos. Quer continuar conectado?');
    expect(screen.getByRole('timer').textContent).toBe('Tempo restante: 02:00');
    const announcer = screen.getByRole('status');
    await advance(59_000);
    expect(screen.getByRole('timer').textContent).toBe('Tempo restante: 01:01');
    expect(announcer.textContent).toBe('');
    await advance(1000);
    expect(announcer.textContent).toBe('Sua sessão expira em 1 minuto.');

    const renewed = fakeJwt({ sub: '7', sid: 's', exp: end + 8 * 3600 });
    fetchMock.mockResolvedValue(
      jsonResponse(200, { authToken: renewed, expires_at: new Date((end + 8 * 3600) * 1000).toISOString() }),
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Continuar conectado' }));
    });
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/session/renew');
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('POST');
    expect(getToken()).toBe(renewed);
    await advance(1000);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('at the 24-hour limit it says so and offers only to leave', async () => {
    const end = nowSeconds() + 100;
    const token = fakeJwt({ sub: '7', sid: 's', exp: end });
    setToken(token);
    renderRoute(<SessionTimeoutDialog />);
    await advance(0);
    fetchMock.mockResolvedValue(
      jsonResponse(200, { authToken: token, expires_at: new Date(end * 1000).toISOString() }),
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Continuar conectado' }));
    });
    expect(screen.getByRole('dialog').textContent).toContain('Sua sessão chegou ao limite de 24 horas');
    expect(screen.queryByRole('button', { name: 'Continuar conectado' })).toBeNull();
  });

  it('when the time is up the session ends as an expired one does', async () => {
    setToken(fakeJwt({ sub: '7', sid: 's', exp: nowSeconds() + 30 }));
    renderRoute(<SessionTimeoutDialog />, { url: '/ordens', path: '/ordens' });
    await advance(0);
    expect(screen.getByRole('dialog').textContent).toContain('Sua sessão vai expirar em 1 minuto.');
    await advance(31_000);
    expect(getToken()).toBeNull();
    await advance(1000);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
