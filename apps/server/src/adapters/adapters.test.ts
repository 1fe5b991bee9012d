import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CpfStatusUnavailable, embeddedCpfStatus, nfeioCpfStatus } from './cpf-status/index';
import { httpSmsTransport } from './sms/index';
import { diskStorage } from './storage/index';

type Seen = { method?: string; url?: string; headers: IncomingMessage['headers']; body: string };
const seen: Seen[] = [];
let status = 200;
let reply = '{}';
let base = '';
const server = createServer((req, res) => {
  let body = '';
  req.on('data', (c) => {
    body += c;
  });
  req.on('end', () => {
    seen.push({ method: req.method, url: req.url, headers: req.headers, body });
    res.writeHead(status, { 'content-type': 'application/json' }).end(reply);
  });
});
beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('SMS gateway client', () => {
  it('posts the number with +55 and the text, with the bearer token, and throws on a failed answer', async () => {
    const sms = httpSmsTransport(`${base}/sms`, 'token-123');
    status = 200;
    await sms.send({ to: '11987654321', text: 'Prata: seu codigo e 123456' });
    expect(seen.at(-1)).toMatchObject({ method: 'POST', url: '/sms', headers: { authorization: 'Bearer token-123' } });
    expect(JSON.parse(seen.at(-1)!.body)).toEqual({ to: '+5511987654321', message: 'Prata: seu codigo e 123456' });
    status = 503;
    await expect(sms.send({ to: '11987654321', text: 'x' })).rejects.toThrow('SMS gateway answered 503');
  });
});

describe('CPF status', () => {
  it('embedded: a valid CPF is Regular in NFE.io shape; an invalid one has no record', async () => {
    const ok = await embeddedCpfStatus.check('52998224725', '1988-04-12');
    expect(ok).toMatchObject({
      federalTaxNumber: '52998224725',
      birthOn: '1988-04-12',
      status: 'Regular',
      source: 'embedded',
    });
    expect(await embeddedCpfStatus.check('52998224724', '1988-04-12')).toBeNull();
  });

  it('NFE.io client: asks with the API key and maps the answer; 404 means no record', async () => {
    const client = nfeioCpfStatus('chave-nfe', base);
    status = 200;
    reply = JSON.stringify({ name: 'MARIA OLIVEIRA', status: 'Regular', createdOn: '2026-11-01T10:00:00Z' });
    const answer = await client.check('52998224725', '1988-04-12');
    expect(seen.at(-1)).toMatchObject({
      url: '/v1/naturalperson/status/52998224725/1988-04-12',
      headers: { authorization: 'chave-nfe' },
    });
    expect(answer).toMatchObject({ name: 'MARIA OLIVEIRA', status: 'Regular', source: 'nfeio' });
    status = 404;
    expect(await client.check('52998224725', '1988-04-12')).toBeNull();
    // no usable answer is the service's fault, never the CPF's: a 5xx, a body that is not JSON, no one listening
    status = 500;
    await expect(client.check('52998224725', '1988-04-12')).rejects.toThrow(CpfStatusUnavailable);
    status = 200;
    reply = '<html>manutenção</html>';
    await expect(client.check('52998224725', '1988-04-12')).rejects.toThrow(CpfStatusUnavailable);
    const away = nfeioCpfStatus('chave-nfe', 'http://127.0.0.1:9');
    await expect(away.check('52998224725', '1988-04-12')).rejects.toThrow(CpfStatusUnavailable);
  });
});

describe('disk storage', () => {
  it('writes under random keys only, never overwrites, and refuses path tricks', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'prata-store-'));
    const storage = diskStorage(root);
    const key = 'u1/0123456789abcdef0123456789abcdef.pdf';
    await storage.put(key, Buffer.from('%PDF-1'));
    expect((await storage.get(key)).toString()).toBe('%PDF-1');
    await expect(storage.put(key, Buffer.from('outra'))).rejects.toThrow();
    await expect(storage.put('../../etc/passwd', Buffer.from('x'))).rejects.toThrow('invalid storage key');
    await expect(storage.get('u1/../../x.pdf')).rejects.toThrow('invalid storage key');
    await storage.delete(key);
    expect(await readdir(path.join(root, 'u1'))).toEqual([]);
    await rm(root, { recursive: true, force: true });
  });
});
