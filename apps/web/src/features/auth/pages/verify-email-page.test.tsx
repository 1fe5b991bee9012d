// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { MESSAGES } from '@prata/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoute } from '@/testing/render';
import { VerifyEmailPage } from './verify-email-page';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const TOKEN = 'a'.repeat(43);
const openLink = () =>
  renderRoute(<VerifyEmailPage />, { path: '/email/verify/:token', url: `/email/verify/${TOKEN}` });

describe('VerifyEmailPage', () => {
  it('a link opened again says the e-mail is already confirmed, with the button to /login', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { message: MESSAGES.emailAlreadyVerified }));
    openLink();
    expect((await screen.findByText(MESSAGES.emailAlreadyVerified)).getAttribute('role')).toBe('status');
    expect(screen.getByRole('link', { name: 'Ir para o login' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(`/api/register/verify/${TOKEN}`);
  });

  it('a bad or expired link says so, with the way to /login', async () => {
    fetchMock.mockResolvedValue(jsonResponse(422, { message: MESSAGES.verificationLinkInvalid }));
    openLink();
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.verificationLinkInvalid);
    expect(screen.getByRole('link', { name: 'Ir para o login' })).toBeTruthy();
  });
});
