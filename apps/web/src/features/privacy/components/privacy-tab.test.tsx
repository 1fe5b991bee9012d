// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import {
  type ErasureDoneResponse,
  type ErasureStatusResponse,
  MESSAGES,
  type PrivacyExport,
  type PrivacyOverviewResponse,
} from '@prata/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoute } from '@/testing/render';
import { PrivacyTab } from './privacy-tab';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const ready: PrivacyExport = {
  id: 7,
  status: 'ready',
  created_at: '2026-11-20T12:00:00.000Z',
  due_at: '2026-12-05T12:00:00.000Z',
  answered_at: '2026-11-20T12:01:00.000Z',
  expires_at: '2026-11-27T12:01:00.000Z',
  size_bytes: 204_800,
};

const overview = (exports: PrivacyExport[], marketing = false): PrivacyOverviewResponse => ({
  exports,
  next_export_at: null,
  export_link_days: 7,
  processors: [
    {
      id: 1,
      name: 'Asaas Gestão Financeira',
      service: 'Pagamentos',
      data_categories: 'Nome, CPF e valores',
      purpose: 'Receber os pagamentos',
      legal_basis: 'Execução de contrato',
      country: 'Brasil',
      active: true,
      updated_at: '2026-11-01T00:00:00.000Z',
    },
  ],
  consents: {
    termos: { version: '2026-11', accepted_at: '2024-12-01T12:00:00.000Z', current_version: '2026-11' },
    privacidade: { version: '2026-12', accepted_at: '2024-12-01T12:00:00.000Z', current_version: '2026-12' },
    marketing: { opted_in: marketing, changed_at: marketing ? '2025-01-01T12:00:00.000Z' : null },
  },
  dpo: { name: 'Encarregado de Proteção de Dados da Prata', email: 'encarregado@prata.dev' },
});

const kept = [
  {
    what: 'Suas operações: movimentos de saldo, ordens e negociações',
    why: 'Lei 9.613/1998, art. 10',
    until: '2031-12-02T12:00:00.000Z',
  },
];
const erasure = (allowed: boolean): ErasureStatusResponse => ({
  allowed,
  reasons: allowed
    ? []
    : [
        { code: 'balance_brl', message: MESSAGES.erasureBalanceBrl },
        { code: 'open_orders', message: MESSAGES.erasureOpenOrders },
      ],
  erased: ['Endereços', 'Documentos enviados (arquivos e registros)'],
  kept,
});

describe('PrivacyTab', { timeout: 20_000 }, () => {
  it('shows the four sections from the server, asks for a copy with an Idempotency-Key, and records the opt-in', async () => {
    let state = overview([ready]);
    const calls: Array<{ method: string; path: string; key: string | null; body: unknown }> = [];
    fetchMock.mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const headers = new Headers(init?.headers);
      calls.push({
        method,
        path: url.pathname,
        key: headers.get('idempotency-key'),
        body: init?.body ? JSON.parse(String(init.body)) : null,
      });
      if (url.pathname === '/api/privacy/exports' && method === 'POST') {
        const made: PrivacyExport = { ...ready, id: 8, status: 'pending', expires_at: null, size_bytes: null };
        state = { ...state, exports: [made, ...state.exports], next_export_at: '2026-11-21T12:00:00.000Z' };
        return jsonResponse(201, { export: made, message: MESSAGES.privacyExportRequested });
      }
      if (url.pathname === '/api/privacy/consents/marketing' && method === 'PUT') {
        state = overview(state.exports, true);
        return jsonResponse(200, {
          opted_in: true,
          changed_at: '2025-01-01T12:00:00.000Z',
          message: MESSAGES.marketingOptInSaved,
        });
      }
      if (url.pathname === '/api/privacy/erasure') return jsonResponse(200, erasure(true));
      return jsonResponse(200, state);
    });
    renderRoute(<PrivacyTab />);
    for (const name of ['Baixar meus dados', 'Com quem compartilhamos', 'Consentimentos', 'Encarregado (DPO)']) {
      expect(await screen.findByRole('heading', { name })).toBeTruthy();
    }
    expect(screen.getByRole('heading', { name: 'Asaas Gestão Financeira' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'encarregado@prata.dev' }).getAttribute('href')).toBe(
      'mailto:encarregado@prata.dev',
    );
    const list = screen.getByRole('list', { name: 'Seus pedidos de cópia dos dados' });
    expect(within(list).getByRole('button', { name: 'Baixar arquivo' })).toBeTruthy();
    expect(screen.getByText(/versão 2026-11, aceita em/)).toBeTruthy();

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Pedir cópia dos meus dados' }));
    });
    expect(await screen.findByText(/Em preparação|Na fila/)).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.key).toMatch(/.{8,}/);
    expect(screen.getByRole('button', { name: 'Pedir cópia dos meus dados' })).toHaveProperty('disabled', true);
    expect(screen.getByText(/Um novo pedido pode ser feito a partir de/)).toBeTruthy();

    await act(async () => {
      fireEvent.click(screen.getByRole('switch', { name: /novidades e ofertas/ }));
    });
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ opted_in: true });
    expect(await screen.findByText(/Aceito em/)).toBeTruthy();
  });

  it('"Pedir eliminação" refused: the reasons from the server, and the button is off', async () => {
    fetchMock.mockImplementation(async (input) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/privacy/erasure') return jsonResponse(200, erasure(false));
      return jsonResponse(200, overview([]));
    });
    renderRoute(<PrivacyTab />);
    expect(await screen.findByRole('heading', { name: 'Pedir eliminação' })).toBeTruthy();
    expect(await screen.findByText(MESSAGES.erasureBalanceBrl)).toBeTruthy();
    expect(screen.getByText(MESSAGES.erasureOpenOrders)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pedir eliminação dos meus dados' })).toHaveProperty('disabled', true);
  });

  it('"Pedir eliminação": what goes and stays until when; the password; a double click asks once; signed out', async () => {
    const posts: Array<{ key: string | null; body: unknown }> = [];
    const done: ErasureDoneResponse = {
      request_id: 41,
      erased_at: '2026-12-02T12:00:00.000Z',
      erased: ['Endereços'],
      kept,
      message: MESSAGES.erasureDone,
    };
    let release: () => void = () => {};
    fetchMock.mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/privacy/erasure' && init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { password: string };
        posts.push({ key: new Headers(init.headers).get('idempotency-key'), body });
        if (body.password !== 'senha-certa') {
          return jsonResponse(422, {
            code: 'ERASURE_PASSWORD_WRONG',
            message: MESSAGES.erasurePasswordWrong,
            errors: { password: [MESSAGES.erasurePasswordWrong] },
          });
        }
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return jsonResponse(200, done);
      }
      if (url.pathname === '/api/privacy/erasure') return jsonResponse(200, erasure(true));
      return jsonResponse(200, overview([]));
    });
    const { router } = renderRoute(<PrivacyTab />);
    expect(await screen.findByText('Documentos enviados (arquivos e registros)')).toBeTruthy();
    expect(
      screen.getByText(/Suas operações: movimentos de saldo, ordens e negociações: até 02\/12\/2031/),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Pedir eliminação dos meus dados' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar seus dados pessoais?' });
    const password = within(dialog).getByLabelText(/Senha/);
    fireEvent.change(password, { target: { value: 'senha-errada' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar meus dados' }));
    });
    expect(await within(dialog).findByText(MESSAGES.erasurePasswordWrong)).toBeTruthy();

    fireEvent.change(password, { target: { value: 'senha-certa' } });
    await act(async () => {
      const confirm = within(dialog).getByRole('button', { name: 'Eliminar meus dados' });
      fireEvent.click(confirm);
      fireEvent.click(confirm);
    });
    release();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/conta-eliminada'));
    const right = posts.filter((p) => (p.body as { password: string }).password === 'senha-certa');
    expect(right).toHaveLength(1);
    expect(right[0]!.key).toMatch(/.{8,}/);
    expect(right[0]!.key).not.toBe(posts[0]!.key);
    expect(router.state.location.state).toEqual({ erasure: done });
  });
});
