// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { MESSAGES } from '@prata/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoute } from '@/testing/render';
import ChatPanel from './chat-panel';

const fetchMock = vi.fn<typeof fetch>();
const visitor = { signedIn: false, name: null };

const reply = (text: string, extra: Record<string, unknown> = {}) =>
  jsonResponse(200, { reply: text, chat_id: 'c'.repeat(32), offer_ticket: false, sources: [], ...extra });
const sent = (call: number) => JSON.parse(String(fetchMock.mock.calls[call]?.[1]?.body));
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

function startAsVisitor() {
  fireEvent.change(screen.getByRole('textbox', { name: 'Nome' }), { target: { value: 'Paula Lima' } });
  fireEvent.change(screen.getByRole('textbox', { name: 'E-mail' }), { target: { value: 'paula@exemplo.com.br' } });
  fireEvent.click(screen.getByRole('button', { name: 'Começar conversa' }));
}
function type(text: string) {
  const box = screen.getByRole('textbox', { name: 'Sua mensagem' });
  fireEvent.change(box, { target: { value: text } });
  fireEvent.keyDown(box, { key: 'Enter' });
}
const typing = () => screen.queryByRole('status', { name: 'Auro está digitando' });
const log = () => screen.getByRole('log', { name: 'Mensagens' });

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('Auro chat panel', { timeout: 20_000 }, () => {
  it('asks a visitor for name and a valid e-mail, then greets after 2 seconds', async () => {
    renderRoute(<ChatPanel open identity={visitor} onClose={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Começar conversa' }));
    expect(screen.getAllByText('Campo obrigatório')).toHaveLength(2);
    fireEvent.change(screen.getByRole('textbox', { name: 'Nome' }), { target: { value: 'Paula Lima' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'E-mail' }), { target: { value: 'paula@' } });
    fireEvent.click(screen.getByRole('button', { name: 'Começar conversa' }));
    expect(screen.getByText('Informe um e-mail válido')).toBeTruthy();

    startAsVisitor();
    expect(typing()).toBeTruthy();
    await advance(1999);
    expect(screen.queryByText(MESSAGES.chatGreeting('Paula'))).toBeNull();
    await advance(1);
    expect(screen.getByText(MESSAGES.chatGreeting('Paula'))).toBeTruthy();
    expect(typing()).toBeNull();
    // the message area is at most 480 px high (spec 3 §9)
    expect(getComputedStyle(log()).maxHeight).toBe('480px');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('keeps the typing indicator at least 2 seconds, sends the visitor data and then the chat id', async () => {
    fetchMock.mockResolvedValueOnce(reply('Resposta um.\n\nFonte: Perguntas frequentes - Como deposito?'));
    fetchMock.mockResolvedValueOnce(reply('Resposta dois.'));
    renderRoute(<ChatPanel open identity={visitor} onClose={() => {}} />);
    startAsVisitor();
    await advance(2000);

    type('Como deposito?');
    expect(screen.getByText('Como deposito?')).toBeTruthy();
    expect(typing()).toBeTruthy();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/chat/ask');
    expect(sent(0)).toEqual({
      chat_id: null,
      message: 'Como deposito?',
      visitor_info: { name: 'Paula Lima', email: 'paula@exemplo.com.br' },
    });
    // the answer is already here, but the indicator stays for 2 s
    await advance(1999);
    expect(typing()).toBeTruthy();
    expect(screen.queryByText('Resposta um.')).toBeNull();
    await advance(1);
    expect(typing()).toBeNull();
    expect(screen.getByText('Resposta um.')).toBeTruthy();
    expect(screen.getByText('Fonte: Perguntas frequentes - Como deposito?')).toBeTruthy();

    type('E por TED?');
    await advance(2000);
    expect(sent(1)).toMatchObject({ chat_id: 'c'.repeat(32), message: 'E por TED?' });
    expect(screen.getByText('Resposta dois.')).toBeTruthy();
  });

  it('answers a question sent a second after it opens, after the greeting', async () => {
    fetchMock.mockResolvedValueOnce(reply('Resposta cedo.'));
    renderRoute(<ChatPanel open identity={{ signedIn: true, name: 'Ana Souza' }} onClose={() => {}} />);
    await advance(1000);
    type('Como deposito?');
    // asked at once, shown at once, the box emptied for the next one
    expect(sent(0)).toEqual({ chat_id: null, message: 'Como deposito?', visitor_info: null });
    expect(screen.getByText('Como deposito?')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Sua mensagem' }) as HTMLTextAreaElement).value).toBe('');
    await advance(1000);
    // the greeting first, Auro still writing the answer
    expect(screen.getByText(MESSAGES.chatGreeting('Ana'))).toBeTruthy();
    expect(screen.queryByText('Resposta cedo.')).toBeNull();
    expect(typing()).toBeTruthy();
    await advance(1000);
    expect(screen.getByText('Resposta cedo.')).toBeTruthy();
    expect(typing()).toBeNull();
    const order = [...log().querySelectorAll('p')].map((p) => p.textContent);
    expect(order).toEqual([MESSAGES.chatGreeting('Ana'), 'Como deposito?', 'Resposta cedo.'].map(String));
  });

  it("shows the app's paths in an answer as links named in words", async () => {
    fetchMock.mockResolvedValueOnce(
      reply('Em /contato você vê seus tickets; quem não tem conta usa /contato/ticket/visitante. Veja /outra-coisa.'),
    );
    const { router } = renderRoute(<ChatPanel open identity={visitor} onClose={() => {}} />);
    startAsVisitor();
    await advance(2000);
    type('Onde vejo meus tickets em /contato?');
    await advance(2000);
    const answer = screen.getByText(/você vê seus tickets/);
    expect(answer.textContent).toBe(
      'Na página de contato você vê seus tickets; quem não tem conta usa página de ticket para visitantes. Veja /outra-coisa.',
    );
    const link = screen.getByRole('link', { name: 'página de contato' });
    expect(link.getAttribute('href')).toBe('/contato');
    expect(screen.getByRole('link', { name: 'página de ticket para visitantes' }).getAttribute('href')).toBe(
      '/contato/ticket/visitante',
    );
    // the customer's own words stay as typed
    expect(screen.getByText('Onde vejo meus tickets em /contato?')).toBeTruthy();
    fireEvent.click(link);
    await advance(10);
    expect(router.state.location.pathname).toBe('/contato');
  });

  it('ignores empty messages', async () => {
    renderRoute(<ChatPanel open identity={visitor} onClose={() => {}} />);
    startAsVisitor();
    await advance(2000);
    const before = log().textContent;
    type('   ');
    fireEvent.click(screen.getByRole('button', { name: 'Enviar mensagem' }));
    await advance(3000);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(log().textContent).toBe(before);
    expect(typing()).toBeNull();
  });

  it("'Encerrar conversa' clears the messages and the chat id", async () => {
    fetchMock.mockImplementation(async () => reply('Resposta.'));
    const onClose = vi.fn();
    renderRoute(<ChatPanel open identity={visitor} onClose={onClose} />);
    startAsVisitor();
    await advance(2000);
    type('Primeira pergunta');
    await advance(2000);
    expect(screen.getByText('Resposta.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Encerrar conversa' }));
    expect(onClose).toHaveBeenCalled();
    expect(screen.queryByText('Primeira pergunta')).toBeNull();
    expect(screen.queryByText('Resposta.')).toBeNull();
    expect(log().textContent).toBe('');

    // the panel again: the visitor's data is kept, a new greeting comes, and the next message starts a new chat
    expect(screen.queryByRole('textbox', { name: 'Nome' })).toBeNull();
    await advance(2000);
    expect(screen.getByText(MESSAGES.chatGreeting('Paula'))).toBeTruthy();
    type('Segunda pergunta');
    await advance(2000);
    expect(sent(1).chat_id).toBeNull();
  });

  it('a failure stops the typing indicator without a word', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(500, { code: 'INTERNAL_ERROR', message: 'Erro' }));
    fetchMock.mockRejectedValueOnce(new TypeError('rede caiu'));
    renderRoute(<ChatPanel open identity={visitor} onClose={() => {}} />);
    startAsVisitor();
    await advance(2000);
    type('Oi?');
    expect(typing()).toBeTruthy();
    await advance(2000);
    expect(typing()).toBeNull();
    type('De novo?');
    await advance(2000);
    expect(typing()).toBeNull();
    expect(screen.queryByText(/erro|conex/i)).toBeNull();
    expect(screen.getAllByText(/Oi\?|De novo\?/)).toHaveLength(2);
  });

  it('opens a ticket only after confirmation, with the question as the subject', async () => {
    fetchMock.mockResolvedValueOnce(reply(MESSAGES.chatNoAnswer, { offer_ticket: true }));
    const { router } = renderRoute(<ChatPanel open identity={visitor} onClose={() => {}} />);
    startAsVisitor();
    await advance(2000);
    type('Vocês compram ouro?');
    await advance(2000);
    const offers = screen.getAllByRole('button', { name: 'Abrir ticket' });
    fireEvent.click(offers[0]!);
    expect(screen.getByRole('dialog', { name: 'Abrir ticket' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    await advance(500);
    expect(router.state.location.pathname).toBe('/');

    fireEvent.click(offers[0]!);
    fireEvent.click(screen.getAllByRole('button', { name: 'Abrir ticket' }).at(-1)!);
    await advance(500);
    expect(router.state.location.pathname).toBe('/contato/ticket/visitante');
    const query = new URLSearchParams(router.state.location.search);
    expect([query.get('assunto'), query.get('email')]).toEqual(['Vocês compram ouro?', 'paula@exemplo.com.br']);
  });

  it('a signed-in customer chats at once, greeted by name (asked of the server when the tab has none), without visitor data', async () => {
    fetchMock.mockImplementation(async (url) =>
      String(url) === '/api/user'
        ? jsonResponse(200, { user: { id: 1, name: 'Ana Souza', email: 'ana@exemplo.com.br' } })
        : reply('Resposta.'),
    );
    const { router } = renderRoute(<ChatPanel open identity={{ signedIn: true, name: null }} onClose={() => {}} />);
    expect(screen.queryByRole('textbox', { name: 'Nome' })).toBeNull();
    // the name arrives while the indicator runs
    await advance(10);
    await advance(1990);
    expect(screen.getByText(MESSAGES.chatGreeting('Ana'))).toBeTruthy();
    type('Como sacar?');
    await advance(2000);
    const asked = fetchMock.mock.calls.findIndex(([url]) => String(url) === '/api/chat/ask');
    expect(sent(asked)).toEqual({ chat_id: null, message: 'Como sacar?', visitor_info: null });
    fireEvent.click(screen.getAllByRole('button', { name: 'Abrir ticket' })[0]!);
    fireEvent.click(screen.getAllByRole('button', { name: 'Abrir ticket' }).at(-1)!);
    await advance(500);
    expect(router.state.location.pathname).toBe('/contato/ticket/create');
    expect(new URLSearchParams(router.state.location.search).get('email')).toBeNull();
  });
});
