import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@prata/domain';
import { openAiChatModel } from '@/adapters/chat-model/index';
import { chatMessages, chats, faqs } from '@/db/schema/index';
import { listFaqs, seedSupportDemo } from '@/features/support/index';
import { bearer, buildTestApp, createCustomer, staffMember, type TestApp } from '../../../test/helpers';
import { CHAT_MESSAGES_MAX } from './service';

const visitor = { name: 'Paula Visitante', email: 'paula.visitante@exemplo.com.br' };

const askAs = (t: TestApp, payload: Record<string, unknown>, opts: { token?: string; ip?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/chat/ask',
    payload,
    headers: opts.token ? bearer(opts.token) : {},
    remoteAddress: opts.ip ?? '127.0.0.1',
  });

const FAQ = {
  question: 'Posso pagar a retirada de barras com cartão de crédito?',
  answerHtml:
    '<p>Não. A retirada de barras é paga por <strong>Pix</strong> ou com o saldo em reais; cartões não são aceitos.</p>',
};

async function storedChats(t: TestApp) {
  const rows = await t.database.db.select().from(chats).orderBy(asc(chats.id));
  const messages = await t.database.db.select().from(chatMessages).orderBy(asc(chatMessages.id));
  return { rows, messages };
}

describe('POST /api/chat/ask', () => {
  it("answers a visitor's question from the FAQ with that FAQ's content and source, and keeps the conversation", async () => {
    const t = await buildTestApp();
    await t.database.db.insert(faqs).values({ ...FAQ, position: 0 });

    const res = await askAs(t, {
      chat_id: null,
      message: 'Dá para pagar a retirada com cartão de crédito?',
      visitor_info: visitor,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.reply).toContain(
      'Não. A retirada de barras é paga por Pix ou com o saldo em reais; cartões não são aceitos.',
    );
    expect(body.reply).toContain(`Fonte: Perguntas frequentes - ${FAQ.question}`);
    expect(body.sources[0]).toEqual({ kind: 'faq', title: FAQ.question });
    expect(body.offer_ticket).toBe(false);
    expect(body.chat_id).toMatch(/^[\w-]{32}$/);

    // the conversation goes on under the same id
    const next = await askAs(t, {
      chat_id: body.chat_id,
      message: 'Como faço um depósito por Pix?',
      visitor_info: visitor,
    });
    expect(next.statusCode).toBe(200);
    expect(next.json().chat_id).toBe(body.chat_id);
    expect(next.json().reply).toContain('Fonte: Artigos de ajuda - Como depositar dinheiro por Pix');

    const { rows, messages } = await storedChats(t);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      userId: null,
      visitorName: visitor.name,
      visitorEmail: visitor.email,
      messageCount: 4,
    });
    // only the hash of the id is kept
    expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(body.chat_id);
    expect(messages.map((m) => [m.role, m.chatId])).toEqual([
      ['user', rows[0]!.id],
      ['assistant', rows[0]!.id],
      ['user', rows[0]!.id],
      ['assistant', rows[0]!.id],
    ]);
    expect(messages[0]!.content).toBe('Dá para pagar a retirada com cartão de crédito?');
    expect(messages[1]).toMatchObject({ content: body.reply, offeredTicket: false, model: 'embedded' });
    expect(messages[1]!.sources).toEqual(body.sources);
  });

  it('answers each demo FAQ asked in its own words with that FAQ as the source', { timeout: 90_000 }, async () => {
    const t = await buildTestApp();
    await seedSupportDemo(t.database.db);
    const demo = await listFaqs(t.database.db);
    expect(demo.length).toBeGreaterThanOrEqual(8);
    for (const [i, faq] of demo.entries()) {
      const res = await askAs(
        t,
        { chat_id: null, message: faq.question, visitor_info: visitor },
        { ip: `10.9.0.${i}` },
      );
      expect(res.statusCode, faq.question).toBe(200);
      expect(res.json().sources[0], faq.question).toEqual({ kind: 'faq', title: faq.question });
      expect(res.json().reply).toContain(`Fonte: Perguntas frequentes - ${faq.question}`);
    }
    // in other words, an FAQ still leads over a help article on the same subject
    for (const [question, subject] of [
      ['como faço para depositar dinheiro?', /deposit/i],
      ['quanto custa sacar?', /retiro dinheiro/i],
      ['tenho que declarar prata no imposto de renda?', /imposto de renda/i],
    ] as const) {
      const res = await askAs(t, { chat_id: null, message: question, visitor_info: visitor }, { ip: '10.9.1.1' });
      expect(res.json().sources[0]?.kind, question).toBe('faq');
      expect(res.json().sources[0]?.title, question).toMatch(subject);
    }
  });

  it('offers a ticket for nonsense and for questions nothing answers, and answers a greeting without one', async () => {
    const t = await buildTestApp();
    await t.database.db.insert(faqs).values({ ...FAQ, position: 0 });
    for (const message of ['xkcd blorft qwzx?', 'Qual é a capital da França?', 'Receita de bolo de cenoura']) {
      const res = await askAs(t, { chat_id: null, message, visitor_info: visitor });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ reply: MESSAGES.chatNoAnswer, offer_ticket: true, sources: [] });
    }
    const hello = await askAs(t, { chat_id: null, message: 'Olá!', visitor_info: visitor });
    expect(hello.json()).toMatchObject({ reply: MESSAGES.chatSmallTalkHello, offer_ticket: false });
    const { messages } = await storedChats(t);
    expect(messages.filter((m) => m.offeredTicket)).toHaveLength(3);
  });

  it('asks a visitor for name and a valid e-mail, refuses empty and oversized messages, and stores nothing', async () => {
    const t = await buildTestApp();
    const missing = await askAs(t, { chat_id: null, message: 'Oi', visitor_info: null });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Campo obrigatório',
      errors: { 'visitor_info.name': ['Campo obrigatório'], 'visitor_info.email': ['Campo obrigatório'] },
    });
    const blank = await askAs(t, { chat_id: null, message: 'Oi', visitor_info: { name: '  ', email: '' } });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors['visitor_info.name']).toEqual(['Campo obrigatório']);
    expect(blank.json().errors['visitor_info.email'][0]).toBe('Campo obrigatório');
    const badEmail = await askAs(t, { chat_id: null, message: 'Oi', visitor_info: { name: 'Ana', email: 'ana@' } });
    expect(badEmail.json().errors['visitor_info.email']).toEqual(['Informe um e-mail válido']);

    const empty = await askAs(t, { chat_id: null, message: '   ', visitor_info: visitor });
    expect([empty.statusCode, empty.json().errors.message]).toEqual([422, [MESSAGES.chatMessageRequired]]);
    const long = await askAs(t, { chat_id: null, message: 'a'.repeat(1001), visitor_info: visitor });
    expect([long.statusCode, long.json().errors.message]).toEqual([422, ['Use no máximo 1000 caracteres']]);

    const { rows, messages } = await storedChats(t);
    expect([rows.length, messages.length]).toEqual([0, 0]);
  });

  it("identifies a customer by the token; another person's chat_id answers 404 and changes nothing", async () => {
    const t = await buildTestApp();
    const ana = await createCustomer(t);
    const bia = await createCustomer(t);

    const mine = await askAs(
      t,
      { chat_id: null, message: 'Como sacar dinheiro?', visitor_info: null },
      { token: ana.token },
    );
    expect(mine.statusCode).toBe(200);
    const anaChat = mine.json().chat_id as string;
    const again = await askAs(t, { chat_id: anaChat, message: 'E o prazo?', visitor_info: null }, { token: ana.token });
    expect(again.statusCode).toBe(200);

    const visitorChat = (await askAs(t, { chat_id: null, message: 'Oi', visitor_info: visitor })).json().chat_id;
    const before = await storedChats(t);

    const attempts = [
      // another customer with Ana's chat
      askAs(t, { chat_id: anaChat, message: 'Oi', visitor_info: null }, { token: bia.token }),
      // a visitor with Ana's chat
      askAs(t, { chat_id: anaChat, message: 'Oi', visitor_info: visitor }),
      // another visitor (another e-mail) with the visitor's chat
      askAs(t, { chat_id: visitorChat, message: 'Oi', visitor_info: { name: 'Outro', email: 'outro@exemplo.com.br' } }),
      // a customer with a visitor's chat
      askAs(t, { chat_id: visitorChat, message: 'Oi', visitor_info: null }, { token: bia.token }),
      // an id nobody was given
      askAs(t, { chat_id: 'x'.repeat(32), message: 'Oi', visitor_info: visitor }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect([res.statusCode, res.json().code]).toEqual([404, 'NOT_FOUND']);
    }
    // the same visitor, with the e-mail typed in capitals, continues
    const same = await askAs(t, {
      chat_id: visitorChat,
      message: 'Obrigado!',
      visitor_info: { ...visitor, email: visitor.email.toUpperCase() },
    });
    expect(same.statusCode).toBe(200);

    const after = await storedChats(t);
    expect(after.rows).toHaveLength(before.rows.length);
    expect(after.messages).toHaveLength(before.messages.length + 2);
    const anaRow = after.rows.find((r) => r.userId === ana.id)!;
    expect(anaRow).toMatchObject({ visitorName: null, visitorEmail: null, messageCount: 4 });

    // a token that is no longer valid is a 401, not a visitor
    const stale = await askAs(t, { chat_id: null, message: 'Oi', visitor_info: visitor }, { token: `${ana.token}x` });
    expect([stale.statusCode, stale.json().code]).toEqual([401, 'UNAUTHENTICATED']);
  });

  it('is rate limited per visitor e-mail or account first, then per address', { timeout: 90_000 }, async () => {
    const base = await buildTestApp();
    const t = await buildTestApp({
      config: {
        limits: {
          ...base.config.limits,
          chatAccount: { max: 2, windowSeconds: 600 },
          chatAddress: { max: 4, windowSeconds: 600 },
        },
      },
    });
    const ask = (email: string, ip = '203.0.113.9') =>
      askAs(t, { chat_id: null, message: 'Oi', visitor_info: { name: 'Rita', email } }, { ip });
    expect((await ask('rita@exemplo.com.br')).statusCode).toBe(200);
    expect((await ask('RITA@exemplo.com.br')).statusCode).toBe(200);
    const limited = await ask('rita@exemplo.com.br', '198.51.100.1');
    expect([limited.statusCode, limited.json().code, limited.json().message]).toEqual([
      429,
      'RATE_LIMITED',
      MESSAGES.tooManyRequests,
    ]);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // another e-mail from the first address goes on until the address's limit
    expect((await ask('joao@exemplo.com.br')).statusCode).toBe(200);
    expect((await ask('lia@exemplo.com.br')).statusCode).toBe(200);
    expect((await ask('mia@exemplo.com.br')).statusCode).toBe(429);
    const customer = await createCustomer(t);
    const signedIn = () =>
      askAs(t, { chat_id: null, message: 'Oi', visitor_info: null }, { token: customer.token, ip: '192.0.2.50' });
    expect((await signedIn()).statusCode).toBe(200);
    expect((await signedIn()).statusCode).toBe(200);
    expect((await signedIn()).statusCode).toBe(429);
    const { messages } = await storedChats(t);
    expect(messages).toHaveLength(12);
  });

  it('refuses a conversation past its limit of messages (LIST_LIMIT_REACHED)', async () => {
    const t = await buildTestApp();
    const first = await askAs(t, { chat_id: null, message: 'Oi', visitor_info: visitor });
    await t.database.db.update(chats).set({ messageCount: CHAT_MESSAGES_MAX - 1 });
    const full = await askAs(t, { chat_id: first.json().chat_id, message: 'Oi', visitor_info: visitor });
    expect([full.statusCode, full.json().code, full.json().message]).toEqual([
      422,
      'LIST_LIMIT_REACHED',
      MESSAGES.chatTooLong,
    ]);
    expect((await askAs(t, { chat_id: null, message: 'Oi', visitor_info: visitor })).statusCode).toBe(200);
  });
});

/** The retention rule of conversations, run now by compliance (features/retention): how many it erased. */
async function purgeOldChats(t: TestApp): Promise<number> {
  const compliance = await staffMember(t, ['compliance'], 'Carla Conformidade');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/retention/rules/chat_conversations/run',
    headers: { ...bearer(compliance.token), 'idempotency-key': `chat-purge-${Math.random()}` },
    payload: {},
  });
  expect(res.statusCode).toBe(200);
  expect(res.json().run.error).toBeNull();
  return res.json().run.erased;
}

describe('the retention of conversations (CHAT_RETENTION_SECONDS, the rule chat_conversations)', () => {
  it('erases a conversation, its messages and the visitor data once the period after its last message ran out', async () => {
    const t = await buildTestApp();
    const old = await askAs(t, { chat_id: null, message: 'Oi', visitor_info: visitor });
    const other = { ...visitor, email: 'r@exemplo.com.br' };
    const recent = await askAs(t, { chat_id: null, message: 'Olá', visitor_info: other });
    const days = t.app.deps.config.windows.chatRetentionSeconds / 86_400;
    expect(days).toBe(90);
    const before = await storedChats(t);
    expect(before.rows).toHaveLength(2);
    const [first] = before.rows;
    // the first conversation's last message is 91 days old, the other one's 89
    await t.database.db
      .update(chats)
      .set({ lastMessageAt: new Date(Date.now() - 91 * 86_400_000) })
      .where(eq(chats.id, first!.id));
    await t.database.db
      .update(chats)
      .set({ lastMessageAt: new Date(Date.now() - 89 * 86_400_000) })
      .where(eq(chats.id, before.rows[1]!.id));
    expect(await purgeOldChats(t)).toBe(1);
    expect(await purgeOldChats(t)).toBe(0);
    const after = await storedChats(t);
    expect(after.rows.map((r) => r.visitorEmail)).toEqual(['r@exemplo.com.br']);
    expect(after.messages.every((m) => m.chatId === after.rows[0]!.id)).toBe(true);
    expect(after.messages.length).toBeGreaterThan(0);
    // the erased conversation's id is unknown now: the next message starts another one
    const again = await askAs(t, { chat_id: old.json().chat_id, message: 'Oi', visitor_info: visitor });
    expect(again.statusCode).toBe(404);
    expect((await askAs(t, { chat_id: recent.json().chat_id, message: 'Oi', visitor_info: other })).statusCode).toBe(
      200,
    );
  });
});

describe('POST /api/chat/ask with an OpenAI-compatible model', () => {
  let server: Server;
  let url = '';
  let status = 200;
  let seen: Array<{ messages: Array<{ role: string; content: string }> }> = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => {
        raw += c;
      });
      req.on('end', () => {
        seen.push(JSON.parse(raw));
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: 'Resposta do modelo.' } }] }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('sends the retrieved FAQ and the earlier turns; when the model fails the embedded answer is given', async () => {
    const t = await buildTestApp({ adapters: { chatModel: openAiChatModel({ url, model: 'modelo-teste' }) } });
    await t.database.db.insert(faqs).values({ ...FAQ, position: 0 });
    seen = [];
    const first = await askAs(t, {
      chat_id: null,
      message: 'Posso pagar com cartão de crédito?',
      visitor_info: visitor,
    });
    expect(first.json()).toMatchObject({
      reply: 'Resposta do modelo.',
      sources: [{ kind: 'faq', title: FAQ.question }],
    });
    expect(seen[0]!.messages[0]!.content).toContain(`Fonte: Perguntas frequentes - ${FAQ.question}`);
    expect(seen[0]!.messages[0]!.content).toContain('cartões não são aceitos');

    status = 503;
    const second = await askAs(t, {
      chat_id: first.json().chat_id,
      message: 'Posso pagar a retirada com cartão de crédito?',
      visitor_info: visitor,
    });
    expect(second.statusCode).toBe(200);
    expect(second.json().reply).toContain(`Fonte: Perguntas frequentes - ${FAQ.question}`);
    // the model read the first exchange before the second question
    expect(seen[1]!.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    const rows = await t.database.db.select().from(chatMessages).where(eq(chatMessages.role, 'assistant'));
    expect(rows.map((r) => r.model)).toEqual(['openai:modelo-teste', 'embedded (fallback)']);
  });
});
