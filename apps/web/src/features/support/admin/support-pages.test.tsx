// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { AdminTicket } from '@prata/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/notify';
import { answerFrom, callsTo, jsonResponse, renderRoute, type RouteTable } from '@/testing/render';
import { SupportPage } from './support-page';
import { SupportTicketPage } from './support-ticket-page';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  notify.close();
});

const api = (routes: RouteTable) => answerFrom(fetchMock, routes);
const calls = (key: string) => callsTo(fetchMock, key);
const LONG = { timeout: 5000 };

const ticket: AdminTicket = {
  id: 4,
  subject: 'Saque não chegou',
  description: 'Pedi ontem.',
  status: 'pending',
  created_at: '2026-11-20T12:00:00.000Z',
  closed_at: null,
  category: { id: 1, name: 'Depósitos e retiradas' },
  subcategory: { id: 3, name: 'Retirada de dinheiro' },
  user: { name: 'Maria Oliveira' },
  interactions: [],
  attachments: [],
  rating: null,
  customer: { id: 9, name: 'Maria Oliveira', email: 'maria@exemplo.com' },
  visitor: false,
};

describe('/admin/atendimento', () => {
  it('the queue starts with the pending tickets, with the customer and the category', async () => {
    api({
      'GET /api/admin/tickets?status=pending&page=1': () =>
        jsonResponse(200, {
          data: [
            {
              id: 4,
              subject: 'Saque não chegou',
              status: 'pending',
              category: ticket.category,
              subcategory: ticket.subcategory,
              answered: false,
              created_at: ticket.created_at,
              updated_at: ticket.created_at,
              customer: ticket.customer,
              visitor: false,
            },
          ],
          total: 1,
          per_page: 25,
        }),
      'GET /api/admin/ticket-categories': () => jsonResponse(200, { categories: [] }),
    });
    renderRoute(<SupportPage />, { path: '/admin/atendimento' });
    expect(await screen.findByRole('link', { name: 'Saque não chegou' }, LONG)).toBeTruthy();
    expect(screen.getAllByText('maria@exemplo.com').length).toBeGreaterThan(0);
  }, 20_000);
});

describe('/admin/atendimento/tickets/{id}', () => {
  it('"Responder" waits for text and sends it with an Idempotency-Key; closing asks first and sends the last words', async () => {
    api({
      'GET /api/admin/tickets/4': () => jsonResponse(200, { ticket }),
      'POST /api/admin/tickets/4/interaction': () => jsonResponse(200, { ticket, message: 'Resposta enviada.' }),
      'POST /api/admin/tickets/4/close': () =>
        jsonResponse(200, { ticket: { ...ticket, status: 'closed' }, message: 'Ticket fechado.' }),
    });
    renderRoute(<SupportTicketPage />, { path: '/admin/atendimento/tickets/:id', url: '/admin/atendimento/tickets/4' });
    const answer = (await screen.findByRole('button', { name: 'Responder' }, LONG)) as HTMLButtonElement;
    expect(answer.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Resposta ao cliente'), { target: { value: 'Já foi pago.' } });
    expect(answer.disabled).toBe(false);
    await act(async () => fireEvent.click(answer));
    await vi.waitFor(() => expect(calls('POST /api/admin/tickets/4/interaction')).toHaveLength(1), LONG);
    const [, init] = calls('POST /api/admin/tickets/4/interaction')[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ message: 'Já foi pago.' });
    expect(new Headers(init?.headers).get('Idempotency-Key')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Fechar ticket' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fechar ticket' });
    fireEvent.change(within(dialog).getByLabelText('Mensagem final (opcional)'), { target: { value: 'Até mais!' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Fechar ticket' })));
    await vi.waitFor(() => expect(calls('POST /api/admin/tickets/4/close')).toHaveLength(1), LONG);
    expect(JSON.parse(String(calls('POST /api/admin/tickets/4/close')[0]![1]?.body))).toEqual({ message: 'Até mais!' });
  }, 20_000);
});
