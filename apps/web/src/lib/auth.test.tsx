// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoute } from '@/testing/render';
import { useLogout } from './auth';
import { getToken, setToken } from './auth-storage';
import { getNotice, notify } from './notify';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  setToken('um-token');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  localStorage.clear();
});

function SignOut() {
  const logout = useLogout();
  return (
    <button type="button" onClick={() => void logout()}>
      Sair
    </button>
  );
}

/** Signs out with the server answering `answer`; where the app went, and what it carried there. */
async function signOutWith(answer: () => Promise<Response>) {
  fetchMock.mockImplementation(answer);
  const { router } = renderRoute(<SignOut />);
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Sair' }));
  });
  await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/logout');
  return router.state.location.state;
}

describe('useLogout', () => {
  it('forgets the session on this device whatever the answer; only a server that answered confirms the end', async () => {
    notify.success('Endereço salvo com sucesso!');
    expect(await signOutWith(async () => jsonResponse(200, { message: 'ok' }))).toBeNull();
    expect(getToken()).toBeNull();
    expect(getNotice()).toBeNull();
    cleanup();
    setToken('um-token');
    // 401: the session had ended on the server already
    expect(await signOutWith(async () => jsonResponse(401, { code: 'UNAUTHENTICATED', message: 'x' }))).toBeNull();
    cleanup();
    setToken('um-token');
    expect(await signOutWith(() => Promise.reject(new TypeError('Failed to fetch')))).toEqual({
      logoutUnconfirmed: true,
    });
    expect(getToken()).toBeNull();
    cleanup();
    setToken('um-token');
    expect(await signOutWith(async () => jsonResponse(503, { code: 'DATABASE_UNAVAILABLE', message: 'x' }))).toEqual({
      logoutUnconfirmed: true,
    });
  });
});
