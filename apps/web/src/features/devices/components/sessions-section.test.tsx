// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { MESSAGES, type SessionItem } from '@prata/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoute } from '@/testing/render';
import { AccessTab } from './access-tab';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const session = (id: string, over: Partial<SessionItem>): SessionItem => ({
  id,
  device: 'desktop',
  browser: 'Chrome 142',
  os: 'Linux',
  city: null,
  ip: '127.0.0.1',
  created_at: '2026-12-02T12:00:00.000Z',
  last_seen_at: '2026-12-02T12:30:00.000Z',
  current: false,
  ...over,
});

const PHONE = '11111111-1111-4111-8111-111111111111';
const TABLET = '22222222-2222-4222-8222-222222222222';
const HERE = '33333333-3333-4333-8333-333333333333';

describe('SessionsSection', { timeout: 20_000 }, () => {
  it('lists the sessions, this device first and marked; ends one and then all others after confirming', async () => {
    let sessions = [
      session(PHONE, {
        device: 'mobile',
        browser: 'Chrome 131',
        os: 'Android 14',
        city: 'São Paulo, SP',
        ip: '198.51.100.23',
      }),
      session(TABLET, { device: 'tablet', browser: 'Safari 17', os: 'iOS 17.5' }),
      session(HERE, { current: true }),
    ];
    const deleted: string[] = [];
    fetchMock.mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      if (init?.method === 'DELETE' && url.pathname === '/api/sessions') {
        deleted.push('others');
        const ended = sessions.filter((s) => !s.current).length;
        sessions = sessions.filter((s) => s.current);
        return jsonResponse(200, { message: MESSAGES.otherSessionsEnded(ended), ended });
      }
      if (init?.method === 'DELETE') {
        const id = url.pathname.split('/').pop()!;
        deleted.push(id);
        sessions = sessions.filter((s) => s.id !== id);
        return jsonResponse(200, { message: MESSAGES.sessionEnded });
      }
      if (url.pathname === '/api/sessions') return jsonResponse(200, { sessions, next_cursor: null });
      return jsonResponse(401, { code: 'UNAUTHENTICATED', message: 'x' });
    });
    renderRoute(<AccessTab />, { path: '/meus-dados/acesso-e-dispositivos' });

    expect(screen.getByRole('heading', { level: 2, name: 'Acesso e dispositivos' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Onde estou conectado' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Sessões abertas' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    // this device first, marked, and with no "Encerrar"
    expect(within(items[0]!).getByText('Este dispositivo')).toBeTruthy();
    expect(within(items[0]!).queryByRole('button')).toBeNull();
    expect(items[0]!.textContent).toContain('Computador');
    expect(items[0]!.textContent).toContain(MESSAGES.unknownPlace);
    // the phone: its device, browser, place, address and both accesses, in Brasília's time
    const phone = items[1]!;
    expect(phone.textContent).toContain('Celular');
    expect(phone.textContent).toContain('Chrome 131 em Android 14');
    expect(phone.textContent).toContain('São Paulo, SP');
    expect(phone.textContent).toContain('198.51.100.23');
    expect(within(phone).getByText('Primeiro acesso')).toBeTruthy();
    expect(within(phone).getByText('02/12/2026 09:00')).toBeTruthy();
    expect(within(phone).getByText('Último acesso')).toBeTruthy();
    expect(within(phone).getByText('02/12/2026 09:30')).toBeTruthy();

    // "Encerrar" asks first; "Manter" changes nothing
    fireEvent.click(within(phone).getByRole('button', { name: 'Encerrar a sessão Celular: Chrome 131 em Android 14' }));
    let dialog = await screen.findByRole('dialog', { name: 'Encerrar esta sessão?' });
    expect(dialog.textContent).toContain('São Paulo, SP');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Manter' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(deleted).toEqual([]);

    fireEvent.click(within(phone).getByRole('button', { name: /^Encerrar a sessão Celular/ }));
    dialog = await screen.findByRole('dialog', { name: 'Encerrar esta sessão?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Encerrar sessão' }));
    await vi.waitFor(() => expect(deleted).toEqual([PHONE]));
    await vi.waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));

    fireEvent.click(screen.getByRole('button', { name: 'Encerrar todas as outras' }));
    dialog = await screen.findByRole('dialog', { name: 'Encerrar todas as outras sessões?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Encerrar todas as outras' }));
    await vi.waitFor(() => expect(deleted).toEqual([PHONE, 'others']));
    await vi.waitFor(() => expect(screen.getByText('Nenhuma outra sessão aberta.')).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Encerrar todas as outras' })).toBeNull();
  });

  it("shows the server's message when the list cannot be read, and tries again", async () => {
    let fail = true;
    fetchMock.mockImplementation(async () =>
      fail
        ? jsonResponse(503, { code: 'DATABASE_UNAVAILABLE', message: 'Serviço indisponível no momento.' })
        : jsonResponse(200, { sessions: [session(HERE, { current: true })], next_cursor: null }),
    );
    renderRoute(<AccessTab />, { path: '/meus-dados/acesso-e-dispositivos' });
    expect(await screen.findByText('Serviço indisponível no momento.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    expect(await screen.findByText('Este dispositivo')).toBeTruthy();
  });
});
