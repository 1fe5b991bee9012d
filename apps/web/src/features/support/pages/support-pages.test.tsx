// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { MESSAGES, type Ticket, type TicketCategoriesResponse } from '@prata/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getNotice, notify } from '@/lib/notify';
import { answerFrom, callsTo, jsonResponse, renderRoute, type RouteTable } from '@/testing/render';
import { CreateTicketPage } from './create-ticket-page';
import { FaqsPage } from './faqs-page';
import { TicketDetailsPage } from './ticket-details-page';
import { VisitorTicketPage } from './visitor-ticket-page';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  fetchMock.mockReset();
  notify.close();
});

const api = (routes: RouteTable) => answerFrom(fetchMock, routes);
const calls = (key: string) => callsTo(fetchMock, key);
const waitLong = <T,>(check: () => T) => vi.waitFor(check, { timeout: 5000 });
const LONG = { timeout: 5000 };
const helperOf = (label: RegExp | string) => {
  const input = screen.getByLabelText(label);
  const id = input.getAttribute('aria-describedby')?.split(' ')[0];
  return id ? document.getElementById(id)?.textContent : null;
};

const lists: TicketCategoriesResponse = {
  categories: [
    { id: 1, name: 'Depósitos e retiradas' },
    { id: 2, name: 'Impostos' },
  ],
  subcategories: [
    { id: 10, category_id: 1, name: 'Depósito por Pix' },
    { id: 20, category_id: 2, name: 'IRPF e declaração' },
  ],
};

const ticket = (over: Partial<Ticket> = {}): Ticket => ({
  id: 7,
  subject: 'TED não apareceu',
  description: 'Enviei ontem.',
  status: 'pending',
  created_at: '2026-11-20T12:00:00.000Z',
  closed_at: null,
  category: { id: 1, name: 'Depósitos e retiradas' },
  subcategory: { id: 10, name: 'Depósito por Pix' },
  user: { name: 'Maria Oliveira' },
  interactions: [
    {
      id: 1,
      message: 'Já verificamos.',
      user: { name: 'Atendimento Prata' },
      from_staff: true,
      created_at: '2026-11-20T13:00:00.000Z',
    },
  ],
  attachments: [
    {
      id: 3,
      original_name: 'comprovante.pdf',
      mime_type: 'application/pdf',
      size_bytes: 2048,
      from_staff: false,
      created_at: '2026-11-20T12:00:00.000Z',
    },
  ],
  rating: null,
  ...over,
});

describe('/faqs', () => {
  it('lists the questions; an answer opens under its question', async () => {
    api({
      'GET /api/faqs': () =>
        jsonResponse(200, {
          faqs: [{ id: 1, question: 'O que é custódia?', answer: '<p>Seus gramas <strong>guardados</strong>.</p>' }],
        }),
    });
    renderRoute(<FaqsPage />);
    const question = await screen.findByRole('button', { name: 'O que é custódia?' }, LONG);
    expect(question.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(question);
    await waitLong(() => expect(question.getAttribute('aria-expanded')).toBe('true'));
    expect(screen.getByText('guardados').tagName).toBe('STRONG');
  }, 20_000);
});

describe('/contato/ticket/create', () => {
  it("answers the spec's messages, lists the chosen category's subcategories, and sends multipart", async () => {
    api({
      'GET /api/ticket': () => jsonResponse(200, lists),
      'POST /api/ticket': () => jsonResponse(201, { message: 'Ticket aberto.', ticket: { id: 9 } }),
    });
    const { router } = renderRoute(<CreateTicketPage />, { path: '/contato/ticket/create' });
    const send = await screen.findByRole('button', { name: 'Enviar ticket' }, LONG);
    await act(async () => fireEvent.click(send));
    await waitLong(() => expect(helperOf(/Categoria/)).toBe('Selecione um item da lista'));
    expect(helperOf(/Subcategoria/)).toBe('Selecione um item da lista');
    expect(helperOf(/Assunto/)).toBe('Informe o assunto');
    expect(helperOf(/Descrição/)).toBe('Descreva sua mensagem');
    expect(calls('POST /api/ticket')).toHaveLength(0);

    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Categoria/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Impostos' }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Subcategoria/ }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['IRPF e declaração']);
    fireEvent.click(options[0]!);
    fireEvent.change(screen.getByLabelText(/Assunto/), { target: { value: 'Informe de rendimentos' } });
    fireEvent.change(screen.getByLabelText(/Descrição/), { target: { value: 'Preciso do informe.' } });
    // a refused file is named when chosen, with the spec's message, and never joins the ticket
    const planilha = new File(['a;b'], 'planilha.csv', { type: 'text/csv' });
    const huge = new File([new Uint8Array(5_242_881)], 'extrato.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByLabelText('Anexos do ticket'), { target: { files: [planilha] } });
    expect(getNotice()?.message).toBe(
      '"planilha.csv" não foi anexado. Envie um arquivo PDF ou uma imagem (PNG, JPG, GIF ou WEBP).',
    );
    fireEvent.change(screen.getByLabelText('Anexos do ticket'), { target: { files: [huge] } });
    expect(getNotice()?.message).toBe(
      '"extrato.pdf" não foi anexado. O arquivo é muito grande. O tamanho máximo permitido é 5.00 MB.',
    );
    expect(screen.queryByText('planilha.csv')).toBeNull();
    expect(screen.queryByText('extrato.pdf')).toBeNull();
    const file = new File(['%PDF-1.4'], 'rg.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByLabelText('Anexos do ticket'), { target: { files: [file] } });
    expect(await screen.findByText('rg.pdf')).toBeTruthy();
    // a double tap opens one ticket, with an Idempotency-Key
    await act(async () => {
      fireEvent.click(send);
      fireEvent.click(send);
    });
    await waitLong(() => expect(calls('POST /api/ticket')).toHaveLength(1));
    expect(new Headers(calls('POST /api/ticket')[0]![1]?.headers).get('Idempotency-Key')).toMatch(/^[\w-]{32,36}$/);
    const body = calls('POST /api/ticket')[0]![1]?.body as FormData;
    expect(body.get('category_id')).toBe('2');
    expect(body.get('subcategory_id')).toBe('20');
    expect(body.get('subject')).toBe('Informe de rendimentos');
    expect((body.getAll('attachments[]') as File[]).map((f) => f.name)).toEqual(['rg.pdf']);
    // the new ticket replaces the form in the history: Back does not offer the filled-in form's page again
    await waitLong(() => expect(router.state.location.pathname).toBe('/contato/ticket/9/details'));
    expect(router.state.historyAction).toBe('REPLACE');
  }, 20_000);
});

describe("Auro's 'Abrir ticket' (?assunto=, ?email=)", () => {
  it('fills the subject of the customer form', async () => {
    api({ 'GET /api/ticket': () => jsonResponse(200, lists) });
    renderRoute(<CreateTicketPage />, {
      path: '/contato/ticket/create',
      url: '/contato/ticket/create?assunto=Como%20declaro%20a%20prata%3F',
    });
    await screen.findByRole('button', { name: 'Enviar ticket' }, LONG);
    expect((screen.getByLabelText(/Assunto/) as HTMLInputElement).value).toBe('Como declaro a prata?');
  }, 20_000);

  it("fills the visitor's e-mail, which is still proven by the code", async () => {
    api({});
    renderRoute(<VisitorTicketPage />, {
      path: '/contato/ticket/visitante',
      url: '/contato/ticket/visitante?email=ana%40exemplo.com&assunto=Ajuda',
    });
    await screen.findByRole('button', { name: 'Enviar código' }, LONG);
    expect((screen.getByLabelText(/E-mail/) as HTMLInputElement).value).toBe('ana@exemplo.com');
    expect(calls('POST /api/ticket/send-verification-code')).toHaveLength(0);
  }, 20_000);
});

describe('/contato/ticket/{id}/details', () => {
  it('the new-message button waits for text; the customer deletes their own attachment', async () => {
    api({ 'GET /api/ticket/7': () => jsonResponse(200, { ticket: ticket() }) });
    renderRoute(<TicketDetailsPage />, { path: '/contato/ticket/:id/details', url: '/contato/ticket/7/details' });
    const button = await screen.findByRole('button', { name: 'Enviar mensagem' }, LONG);
    expect((button as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Nova mensagem'), { target: { value: '   ' } });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Nova mensagem'), { target: { value: 'Obrigada' } });
    expect((button as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByRole('button', { name: 'Excluir comprovante.pdf' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Anexar arquivo' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  }, 20_000);

  it('a double tap on "Enviar mensagem" sends one message, under the intention\'s key', async () => {
    api({
      'GET /api/ticket/7': () => jsonResponse(200, { ticket: ticket() }),
      'POST /api/ticket/7/interaction': () =>
        jsonResponse(201, { interaction: ticket().interactions[0], message: 'Mensagem enviada.' }),
    });
    renderRoute(<TicketDetailsPage />, { path: '/contato/ticket/:id/details', url: '/contato/ticket/7/details' });
    const button = await screen.findByRole('button', { name: 'Enviar mensagem' }, LONG);
    fireEvent.change(screen.getByLabelText('Nova mensagem'), { target: { value: 'Obrigada' } });
    await act(async () => {
      fireEvent.click(button);
      fireEvent.click(button);
    });
    await waitLong(() => expect(getNotice()?.message).toBe('Mensagem enviada.'));
    const sent = calls('POST /api/ticket/7/interaction');
    expect(sent).toHaveLength(1);
    expect(new Headers(sent[0]![1]?.headers).get('Idempotency-Key')).toMatch(/^[\w-]{32,36}$/);
  }, 20_000);

  it('a closed ticket without a rating opens the rating dialog by itself; submit waits for stars; no message field', async () => {
    const stars = { stars: 4, description: null, created_at: '' };
    let rated = false;
    api({
      'GET /api/ticket/7': () =>
        jsonResponse(200, {
          ticket: ticket({ status: 'closed', closed_at: '2026-11-21T12:00:00.000Z', rating: rated ? stars : null }),
        }),
      'POST /api/ticket/7/rating': () => {
        rated = true;
        return jsonResponse(201, { message: 'Obrigado!', rating: stars });
      },
    });
    renderRoute(<TicketDetailsPage />, { path: '/contato/ticket/:id/details', url: '/contato/ticket/7/details' });
    const dialog = await screen.findByRole('dialog', { name: 'Avaliar atendimento' }, LONG);
    expect(screen.queryByLabelText('Nova mensagem')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Anexar arquivo' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Excluir comprovante.pdf' })).toBeNull();
    const submit = within(dialog).getByRole('button', { name: 'Enviar avaliação' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.click(within(dialog).getByLabelText('4 estrelas'));
    expect(submit.disabled).toBe(false);
    await act(async () => fireEvent.click(submit));
    await waitLong(() => expect(calls('POST /api/ticket/7/rating')).toHaveLength(1));
    expect(JSON.parse(String(calls('POST /api/ticket/7/rating')[0]![1]?.body))).toEqual({
      stars: 4,
      description: null,
    });
    // rated, the 'Avaliar' button is gone: the focus goes to the closed ticket's notice
    await waitLong(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitLong(() => expect(document.activeElement?.textContent).toMatch(/^Ticket fechado em/));
  }, 20_000);

  it("Esc on the rating dialog that opened by itself leaves the focus on 'Avaliar', not at the page's top", async () => {
    api({
      'GET /api/ticket/7': () =>
        jsonResponse(200, { ticket: ticket({ status: 'closed', closed_at: '2026-11-21T12:00:00.000Z' }) }),
    });
    renderRoute(<TicketDetailsPage />, { path: '/contato/ticket/:id/details', url: '/contato/ticket/7/details' });
    const dialog = await screen.findByRole('dialog', { name: 'Avaliar atendimento' }, LONG);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitLong(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitLong(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Avaliar' })));
  }, 20_000);

  it('a rated closed ticket shows the rating and asks nothing', async () => {
    api({
      'GET /api/ticket/7': () =>
        jsonResponse(200, {
          ticket: ticket({ status: 'closed', rating: { stars: 5, description: null, created_at: '' } }),
        }),
    });
    renderRoute(<TicketDetailsPage />, { path: '/contato/ticket/:id/details', url: '/contato/ticket/7/details' });
    expect(await screen.findByText('Sua avaliação:', {}, LONG)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  }, 20_000);
});

describe('/contato/ticket/visitante', () => {
  it("e-mail ('Informe seu e-mail', 'Informe um e-mail válido'), then the code ('Informe o código'), then the form", async () => {
    api({
      'POST /api/ticket/send-verification-code': () =>
        jsonResponse(200, { message: 'Enviamos.', resendAfterSeconds: 60, validForSeconds: 600 }),
      'POST /api/ticket/verify-code': () => jsonResponse(200, { message: 'Confirmado.', verification_token: 'tok' }),
      'GET /api/ticket': () => jsonResponse(200, lists),
    });
    renderRoute(<VisitorTicketPage />, { path: '/contato/ticket/visitante' });
    const sendCode = await screen.findByRole('button', { name: 'Enviar código' }, LONG);
    await act(async () => fireEvent.click(sendCode));
    await waitLong(() => expect(helperOf(/E-mail/)).toBe('Informe seu e-mail'));
    fireEvent.change(screen.getByLabelText(/E-mail/), { target: { value: 'visitante@' } });
    await act(async () => fireEvent.click(sendCode));
    await waitLong(() => expect(helperOf(/E-mail/)).toBe('Informe um e-mail válido'));
    fireEvent.change(screen.getByLabelText(/E-mail/), { target: { value: 'visitante@exemplo.com' } });
    // a double tap sends one e-mail
    await act(async () => {
      fireEvent.click(sendCode);
      fireEvent.click(sendCode);
    });
    const confirm = await screen.findByRole('button', { name: 'Confirmar código' }, LONG);
    expect(calls('POST /api/ticket/send-verification-code')).toHaveLength(1);
    expect(screen.getByRole('button', { name: /Reenviar código em \d+ s/ })).toBeTruthy();
    await act(async () => fireEvent.click(confirm));
    await waitLong(() => expect(helperOf('Código')).toBe('Informe o código'));
    fireEvent.change(screen.getByLabelText('Código'), { target: { value: '123456' } });
    await waitLong(() => expect(calls('POST /api/ticket/verify-code')).toHaveLength(1));
    expect(await screen.findByRole('button', { name: 'Enviar ticket' }, LONG)).toBeTruthy();
    expect(screen.getByText('E-mail confirmado: visitante@exemplo.com')).toBeTruthy();
  }, 20_000);

  it('the code step says when the code sent has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    api({
      'POST /api/ticket/send-verification-code': () =>
        jsonResponse(200, { message: 'Enviamos.', resendAfterSeconds: 60, validForSeconds: 600 }),
    });
    renderRoute(<VisitorTicketPage />, { path: '/contato/ticket/visitante' });
    fireEvent.change(await screen.findByLabelText(/E-mail/, undefined, LONG), {
      target: { value: 'visitante@exemplo.com' },
    });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Enviar código' })));
    await screen.findByRole('button', { name: 'Confirmar código' }, LONG);
    expect(screen.queryByText(MESSAGES.codeStepExpired)).toBeNull();
    await act(async () => vi.advanceTimersByTime(600_000));
    expect(await screen.findByText(MESSAGES.codeStepExpired)).toBeTruthy();
  }, 20_000);
});
