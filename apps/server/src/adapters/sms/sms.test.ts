import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@/config';
import { createAdapters } from '../index';

/**
 * A local stand-in for Zenvia's API v2 (https://zenvia.github.io/zenvia-openapi-spec/v2/): it accepts only
 * POST /v2/channels/sms/messages with the token in X-API-TOKEN and a JSON `{ from, to, contents: [{ type, text }] }`,
 * answers the created message as Zenvia does, and Zenvia's error object otherwise.
 */
const TOKEN = 'zenvia-token-de-teste';
type Seen = { method?: string; url?: string; token?: string | string[]; contentType?: string; body: unknown };
const seen: Seen[] = [];
let server: Server;
let base: string;

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const body = await readJson(req).catch(() => null);
    seen.push({
      method: req.method,
      url: req.url,
      token: req.headers['x-api-token'],
      contentType: req.headers['content-type'],
      body,
    });
    const reply = (status: number, json: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(json));
    };
    if (req.method !== 'POST' || req.url !== '/v2/channels/sms/messages') {
      return reply(404, { code: 'NOT_FOUND', message: 'Not found' });
    }
    if (req.headers['x-api-token'] !== TOKEN) return reply(401, { code: 'UNAUTHORIZED', message: 'Unauthorized' });
    const b = body as { from?: unknown; to?: unknown; contents?: Array<{ type?: unknown; text?: unknown }> } | null;
    const valid =
      typeof b?.from === 'string' &&
      typeof b.to === 'string' &&
      /^55\d{10,11}$/.test(b.to) &&
      Array.isArray(b.contents) &&
      b.contents.length === 1 &&
      b.contents[0]?.type === 'text' &&
      typeof b.contents[0].text === 'string';
    if (!valid) return reply(400, { code: 'VALIDATION_ERROR', message: 'Validation error', details: [] });
    if (b.to === '5511900000000') return reply(400, { code: 'VALIDATION_ERROR', message: 'Invalid recipient' });
    reply(200, {
      id: randomUUID(),
      from: b.from,
      to: b.to,
      direction: 'OUT',
      channel: 'sms',
      contents: b.contents,
      timestamp: new Date().toISOString(),
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const zenviaConfig = (overrides: Record<string, string> = {}) =>
  loadConfig({
    NODE_ENV: 'test',
    SMS_PROVIDER: 'zenvia',
    ZENVIA_API_TOKEN: TOKEN,
    ZENVIA_FROM: 'prata-metais',
    ZENVIA_BASE_URL: base,
    ...overrides,
  } as NodeJS.ProcessEnv);

describe("the Zenvia SMS transport (API v2), against a fake of Zenvia's API", () => {
  it('SMS_PROVIDER=zenvia sends POST /v2/channels/sms/messages with X-API-TOKEN and the documented JSON', async () => {
    const { sms } = createAdapters(zenviaConfig(), {});
    expect(sms.name).toBe('zenvia');
    const text = 'Prata: seu código de verificação é 482913. Não o compartilhe.';
    await sms.send({ to: '11987654321', text });
    expect(seen.at(-1)).toEqual({
      method: 'POST',
      url: '/v2/channels/sms/messages',
      token: TOKEN,
      contentType: 'application/json',
      body: { from: 'prata-metais', to: '5511987654321', contents: [{ type: 'text', text }] },
    });
  });

  it("Zenvia's refusals throw with its code and message, so the outbox records them and retries", async () => {
    const { sms } = createAdapters(zenviaConfig(), {});
    await expect(sms.send({ to: '11900000000', text: 'x' })).rejects.toThrow(
      'A Zenvia recusou o SMS (HTTP 400, VALIDATION_ERROR: Invalid recipient)',
    );
    const wrongToken = createAdapters(zenviaConfig({ ZENVIA_API_TOKEN: 'outro' }), {}).sms;
    await expect(wrongToken.send({ to: '11987654321', text: 'x' })).rejects.toThrow(
      'A Zenvia recusou o SMS (HTTP 401, UNAUTHORIZED: Unauthorized)',
    );
    const away = createAdapters(zenviaConfig({ ZENVIA_BASE_URL: 'http://127.0.0.1:1' }), {}).sms;
    await expect(away.send({ to: '11987654321', text: 'x' })).rejects.toThrow();
  });

  it('configuration: zenvia needs its token and sender; never beside the local mailbox', () => {
    expect(() => zenviaConfig({ ZENVIA_API_TOKEN: '' })).toThrow(/ZENVIA_API_TOKEN e ZENVIA_FROM/);
    expect(() => zenviaConfig({ ZENVIA_FROM: '' })).toThrow(/ZENVIA_API_TOKEN e ZENVIA_FROM/);
    expect(() => zenviaConfig({ PRATA_DEV_MAILBOX: '1' })).toThrow(/PRATA_DEV_MAILBOX/);
    expect(() => loadConfig({ NODE_ENV: 'test', SMS_PROVIDER: 'http' } as NodeJS.ProcessEnv)).toThrow(
      /SMS_GATEWAY_URL/,
    );
    // the defaults stay: a gateway URL alone still means the plain HTTP gateway, nothing at all means none
    const http = loadConfig({ NODE_ENV: 'test', SMS_GATEWAY_URL: 'https://sms.example.com/send' } as NodeJS.ProcessEnv);
    expect(createAdapters(http, {}).sms.name).toBe('http');
    expect(createAdapters(loadConfig({ NODE_ENV: 'test' } as NodeJS.ProcessEnv), {}).sms.name).toBe('none');
  });
});
