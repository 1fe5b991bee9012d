// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { MESSAGES } from '@prata/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aUser } from '@/testing/fixtures';
import { jsonResponse, renderRoute } from '@/testing/render';
import type { CustomerDetail } from '../api/customers';
import { CustomerBlockActions } from './customer-block-actions';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const detail = (blocked: boolean): CustomerDetail => ({
  customer: {
    ...aUser({ id: 7 }),
    status: 'approved',
    blocked_at: blocked ? '2026-12-02T12:00:00.000Z' : null,
    blocked_reason: blocked ? 'Suspeita de fraude' : null,
  },
  documents: [],
  bankingInformation: [],
  tradingLimitRequests: [],
});

describe('CustomerBlockActions', { timeout: 20_000 }, () => {
  it('asks for a reason in Portuguese, then blocks with it', async () => {
    const sent: unknown[] = [];
    fetchMock.mockImplementation(async (input, init) => {
      sent.push({ url: String(input), method: init?.method, body: init?.body ? JSON.parse(String(init.body)) : null });
      return jsonResponse(200, { ...detail(true), message: MESSAGES.customerBlocked });
    });
    renderRoute(<CustomerBlockActions detail={detail(false)} />, { path: '/admin/clientes/7' });
    fireEvent.click(screen.getByRole('button', { name: 'Bloquear acesso' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bloquear o acesso do cliente?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Bloquear acesso' }));
    expect(await within(dialog).findByText(MESSAGES.reasonRequired)).toBeTruthy();
    expect(sent).toEqual([]);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Motivo/ }), {
      target: { value: 'Suspeita de fraude' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Bloquear acesso' }));
    await vi.waitFor(() =>
      expect(sent).toEqual([
        {
          url: expect.stringContaining('/api/admin/customers/7/block'),
          method: 'PUT',
          body: { reason: 'Suspeita de fraude' },
        },
      ]),
    );
  });

  it('shows the block with its reason and lifts it after confirming', async () => {
    const methods: string[] = [];
    fetchMock.mockImplementation(async (_input, init) => {
      methods.push(String(init?.method));
      return jsonResponse(200, { ...detail(false), message: MESSAGES.customerUnblocked });
    });
    renderRoute(<CustomerBlockActions detail={detail(true)} />, { path: '/admin/clientes/7' });
    expect(screen.getByText(/Acesso bloqueado em 02\/12\/2026 09:00: Suspeita de fraude/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Desbloquear acesso' }));
    const dialog = await screen.findByRole('dialog', { name: 'Desbloquear o acesso do cliente?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Desbloquear acesso' }));
    await vi.waitFor(() => expect(methods).toEqual(['DELETE']));
  });
});
