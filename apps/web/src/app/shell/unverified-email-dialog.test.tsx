// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@/lib/auth';
import { getNotice, notify } from '@/lib/notify';
import { jsonResponse, renderRoute } from '@/testing/render';
import { UnverifiedEmailDialog } from './unverified-email-dialog';

const fetchMock = vi.fn<typeof fetch>();
const unverified = { id: 2, name: 'Rui', email: 'rui@exemplo.com', email_verified_at: null } as User;

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  notify.close();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('UnverifiedEmailDialog', () => {
  it('blocks a signed-in person with an unverified e-mail and resends the link', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(200, { message: 'Enviamos um novo link de verificação para o seu e-mail.' }),
    );
    renderRoute(<UnverifiedEmailDialog user={unverified} />);

    expect(screen.getByRole('dialog', { name: 'Confirme seu e-mail' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sair' })).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Reenviar e-mail' }));
    });

    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/email/resend');
    expect(getNotice()?.message).toBe('Enviamos um novo link de verificação para o seu e-mail.');
  });

  it('stays closed for a verified e-mail', () => {
    renderRoute(<UnverifiedEmailDialog user={{ ...unverified, email_verified_at: '2026-01-01' }} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
