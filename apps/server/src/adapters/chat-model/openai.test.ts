import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@prata/domain';
import { loadConfig } from '@/config';
import { embeddedChatModel } from './embedded';
import { chatModelPortFor } from './index';
import { openAiChatModel } from './openai';
import { ChatModelError, type ChatModelInput } from './port';

const API_KEY = 'sk-test-SECRET-0123456789';

type Recorded = { method: string; url: string; headers: IncomingHttpHeaders; body: unknown };
type Reply = { status: number; body?: unknown; raw?: string; delayMs?: number };

/** A stand-in for an OpenAI-compatible API on a local port: records each request, answers `reply`. */
let server: Server;
let baseUrl = '';
let requests: Recorded[] = [];
let reply: Reply = { status: 200 };

const completion = (content: unknown) => ({
  id: 'chatcmpl-1',
  object: 'chat.completion',
  choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
});

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: JSON.parse(raw) });
      setTimeout(() => {
        res.writeHead(reply.status, { 'content-type': 'application/json' });
        res.end(reply.raw ?? JSON.stringify(reply.body ?? {}));
      }, reply.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  requests = [];
  reply = { status: 200, body: completion('Resposta do modelo.\n\nFonte: Perguntas frequentes - Como deposito?') };
});

const input: ChatModelInput = {
  question: 'Como faço um depósito por Pix?',
  history: [
    { role: 'user', content: 'Oi' },
    { role: 'assistant', content: 'Olá! Em que posso ajudar?' },
  ],
  passages: [
    { kind: 'faq', title: 'Como deposito?', text: 'Pelo Pix, em Adicionar dinheiro.', score: 40 },
    { kind: 'article', title: 'Depósito por TED', text: 'Envie o comprovante.', score: 20 },
  ],
  smallTalk: null,
};

const client = (timeoutMs?: number) =>
  openAiChatModel({ url: baseUrl, apiKey: API_KEY, model: 'gpt-4o-mini', timeoutMs });

describe('OpenAI-compatible chat model', () => {
  it('posts to {url}/chat/completions with the retrieved context in the system prompt, the history and the question', async () => {
    const answer = await client().answer(input);
    expect(answer).toEqual({
      reply: 'Resposta do modelo.\n\nFonte: Perguntas frequentes - Como deposito?',
      sources: [
        { kind: 'faq', title: 'Como deposito?' },
        { kind: 'article', title: 'Depósito por TED' },
      ],
      offerTicket: false,
      model: 'openai:gpt-4o-mini',
    });
    expect(requests).toHaveLength(1);
    const [req] = requests;
    expect(req!.method).toBe('POST');
    expect(req!.url).toBe('/v1/chat/completions');
    expect(req!.headers.authorization).toBe(`Bearer ${API_KEY}`);
    const body = req!.body as { model: string; messages: Array<{ role: string; content: string }> };
    expect(body.model).toBe('gpt-4o-mini');
    expect(body.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    const system = body.messages[0]!.content;
    expect(system).toContain('português do Brasil');
    expect(system).toContain('[1] Fonte: Perguntas frequentes - Como deposito?\nPelo Pix, em Adicionar dinheiro.');
    expect(system).toContain('[2] Fonte: Artigos de ajuda - Depósito por TED\nEnvie o comprovante.');
    expect(body.messages[3]!.content).toBe('Como faço um depósito por Pix?');
  });

  it('without context says so to the model and offers the ticket even if the model forgets to', async () => {
    reply = { status: 200, body: completion('Não sei responder isso.') };
    const answer = await client().answer({ ...input, passages: [], history: [] });
    const system = (requests[0]!.body as { messages: Array<{ content: string }> }).messages[0]!.content;
    expect(system).toContain('nenhum trecho das perguntas frequentes');
    expect(answer.offerTicket).toBe(true);
    expect(answer.sources).toEqual([]);
    expect(answer.reply).toBe(`Não sei responder isso.\n\n${MESSAGES.chatNoAnswer}`);
  });

  it('sends no Authorization header without a key (a local server)', async () => {
    await openAiChatModel({ url: baseUrl, model: 'llama3' }).answer(input);
    expect(requests[0]!.headers.authorization).toBeUndefined();
  });

  it('turns a non-2xx, a body without text, a non-JSON body and a timeout into ChatModelError, key scrubbed', async () => {
    reply = { status: 401, body: { error: { message: `Incorrect API key provided: ${API_KEY}` } } };
    const refused = await client()
      .answer(input)
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ChatModelError);
    expect((refused as Error).message).toContain('HTTP 401');
    expect((refused as Error).message).not.toContain(API_KEY);

    reply = { status: 200, body: completion(null) };
    await expect(client().answer(input)).rejects.toThrow(/sem texto/);
    reply = { status: 200, raw: '<html>proxy</html>' };
    await expect(client().answer(input)).rejects.toThrow(/não é JSON/);
    reply = { status: 200, body: completion('tarde demais'), delayMs: 300 };
    await expect(client(50).answer(input)).rejects.toThrow(/sem resposta em 50 ms/);
  });

  it('is configured by CHAT_MODEL_*, and refused at start without its URL and model name', () => {
    const env = { NODE_ENV: 'test' } as NodeJS.ProcessEnv;
    expect(loadConfig(env).chatModel.provider).toBe('embedded');
    expect(() => loadConfig({ ...env, CHAT_MODEL_PROVIDER: 'openai' })).toThrow(/CHAT_MODEL_URL e CHAT_MODEL_NAME/);
    const config = loadConfig({
      ...env,
      CHAT_MODEL_PROVIDER: 'openai',
      CHAT_MODEL_URL: 'https://api.openai.com/v1',
      CHAT_MODEL_API_KEY: API_KEY,
      CHAT_MODEL_NAME: 'gpt-4o-mini',
    });
    expect(config.chatModel).toEqual({
      provider: 'openai',
      url: 'https://api.openai.com/v1',
      apiKey: API_KEY,
      model: 'gpt-4o-mini',
    });
    expect(chatModelPortFor(config.chatModel).name).toBe('openai:gpt-4o-mini');
  });

  it('is chosen by configuration; the embedded model is the default', () => {
    expect(chatModelPortFor({ provider: 'embedded' })).toBe(embeddedChatModel);
    expect(chatModelPortFor({ provider: 'openai', url: baseUrl, model: 'm' }).name).toBe('openai:m');
    expect(() => chatModelPortFor({ provider: 'openai', url: baseUrl })).toThrow(/CHAT_MODEL_NAME/);
  });
});

describe('embedded chat model', () => {
  it('quotes the best passage with its source and suggests a close second', async () => {
    const answer = await embeddedChatModel.answer({
      ...input,
      passages: [input.passages[0]!, { ...input.passages[1]!, score: 35 }],
    });
    expect(answer.reply).toBe(
      [
        MESSAGES.chatAnswerLead,
        'Pelo Pix, em Adicionar dinheiro.',
        'Fonte: Perguntas frequentes - Como deposito?',
        'Veja também: Depósito por TED',
      ].join('\n\n'),
    );
    expect(answer.offerTicket).toBe(false);
  });

  it('offers a ticket when nothing matched, and answers greetings and thanks without one', async () => {
    const none = await embeddedChatModel.answer({ ...input, passages: [] });
    expect([none.reply, none.offerTicket]).toEqual([MESSAGES.chatNoAnswer, true]);
    const hello = await embeddedChatModel.answer({ ...input, passages: [], smallTalk: 'hello' });
    expect([hello.reply, hello.offerTicket]).toEqual([MESSAGES.chatSmallTalkHello, false]);
  });
});
