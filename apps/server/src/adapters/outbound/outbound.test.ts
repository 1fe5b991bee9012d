import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, LookupFunction } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboundFailed, type OutboundOptions, OutboundRefused, outboundClient } from './index';

// Only ever connects to 127.0.0.1: every other address below must be refused before any connection.

type Seen = { method?: string; url?: string };
const seen: Seen[] = [];
let answer: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.writeHead(201).end('ok');
const server = createServer((req, res) => {
  seen.push({ method: req.method, url: req.url });
  req.resume();
  req.on('end', () => answer(req, res));
});
let port = 0;
beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
});

/** A client whose refusals are collected instead of logged. */
function client(opts: OutboundOptions = {}) {
  const refused: OutboundRefused[] = [];
  return { refused, out: outboundClient({ onRefused: (err) => refused.push(err), ...opts }) };
}

/** A resolver that answers `addresses` in turn (the last one again), counting its calls. */
function resolverOf(...addresses: string[]) {
  let calls = 0;
  const lookup: LookupFunction = (_host, options, callback) => {
    const address = addresses[Math.min(calls++, addresses.length - 1)]!;
    const family = address.includes(':') ? 6 : 4;
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
  return { lookup, calls: () => calls };
}

const post = { method: 'POST', body: '{}' } as const;

/** Each of the addresses, and the other ranges that never lead out. */
const INSIDE_URLS = (p: number) => [
  `http://127.0.0.1:${p}/`,
  `http://localhost:${p}/`,
  `http://[::1]:${p}/`,
  `http://2130706433:${p}/`,
  `http://127.1:${p}/`,
  `http://0x7f.1:${p}/`,
  `http://[::ffff:127.0.0.1]:${p}/`,
  'http://10.0.0.1/',
  'http://192.168.0.10/',
  'http://172.16.5.4/',
  'http://169.254.169.254/latest/meta-data/',
  'http://metadata.google.internal/computeMetadata/v1/',
  'http://metadata/',
  'http://100.64.0.1/',
  'http://100.100.100.200/',
  'http://224.0.0.1/',
  'http://0.0.0.0/',
  'http://240.0.0.1/',
  'http://[fe80::1]/',
  'http://[fc00::1]/',
  'http://[fd00:ec2::254]/',
  'http://[ff02::1]/',
  'http://[::]/',
];

describe('the outbound client', () => {
  it('refuses every inside address written in the URL, logs each refusal and connects nowhere', async () => {
    const { out, refused } = client();
    for (const url of INSIDE_URLS(port)) {
      await expect(out.send(url, post), url).rejects.toBeInstanceOf(OutboundRefused);
    }
    expect(refused).toHaveLength(INSIDE_URLS(port).length);
    expect(seen).toEqual([]);
  });

  it('refuses a name that resolves inside, on every connection (DNS rebinding), IPv4 and IPv6', async () => {
    const inside = ['127.0.0.1', '10.1.2.3', '192.168.0.10', '169.254.169.254', '100.64.0.1', '::1', '::ffff:7f00:1'];
    for (const address of inside) {
      const resolver = resolverOf(address);
      const { out, refused } = client({ lookup: resolver.lookup });
      await expect(out.send(`https://fcm.googleapis.com:${port}/fcm/send/abc`, post), address).rejects.toThrow(
        OutboundRefused,
      );
      expect(resolver.calls(), address).toBe(1);
      expect(refused, address).toHaveLength(1);
    }
    // the first connection may go (a test's allowance stands for a public address), the second resolves again
    const rebinding = resolverOf('127.0.0.1', '127.0.0.2');
    const { out, refused } = client({ lookup: rebinding.lookup, allowAddresses: ['127.0.0.1'] });
    expect((await out.send(`http://push.example.com:${port}/one`, post)).status).toBe(201);
    await expect(out.send(`http://push.example.com:${port}/two`, post)).rejects.toThrow(OutboundRefused);
    expect(rebinding.calls()).toBe(2);
    expect(refused[0]!.message).toMatch(/127\.0\.0\.2/);
    expect(seen.map((s) => s.url)).toEqual(['/one']);
    seen.length = 0;
  });

  it('never opens the metadata services, even to a development allowance of every address', async () => {
    const everything = ['0.0.0.0/0', '::/0'];
    const { out, refused } = client({ allowAddresses: everything, lookup: resolverOf('169.254.169.254').lookup });
    for (const url of ['http://169.254.169.254/', 'http://[::ffff:169.254.169.254]/', 'http://metadata.example.com/']) {
      await expect(out.send(url, { method: 'GET' }), url).rejects.toThrow(OutboundRefused);
    }
    expect(refused).toHaveLength(3);
  });

  it('refuses other schemes and credentials in the URL', async () => {
    const { out } = client({ allowAddresses: ['127.0.0.1'] });
    for (const url of ['file:///etc/passwd', 'ftp://127.0.0.1/', `http://user:secret@127.0.0.1:${port}/`, 'nonsense']) {
      await expect(out.send(url, post), url).rejects.toThrow(OutboundRefused);
    }
    expect(seen).toEqual([]);
  });

  it('answers a redirect as it is: the 302 is the answer, its Location is not visited', async () => {
    const { out } = client({ allowAddresses: ['127.0.0.1'] });
    answer = (req, res) => {
      if (req.url === '/moved') res.writeHead(302, { location: '/latest/meta-data/' }).end();
      else res.writeHead(200).end('secret');
    };
    const got = await out.send(`http://127.0.0.1:${port}/moved`, post);
    expect([got.status, got.headers.location]).toEqual([302, '/latest/meta-data/']);
    expect(seen).toEqual([{ method: 'POST', url: '/moved' }]);
    seen.length = 0;
  });

  it('gives up on a silent server at its deadline, and stops reading a long answer at the bound', async () => {
    const { out } = client({ allowAddresses: ['127.0.0.1'], maxAnswerBytes: 1024 });
    answer = (req, res) => {
      if (req.url === '/long') res.writeHead(200).end('x'.repeat(100_000));
      // '/silent' never answers
    };
    const started = performance.now();
    const silent = out.send(`http://127.0.0.1:${port}/silent`, { ...post, timeoutMs: 300 });
    await expect(silent).rejects.toMatchObject({ name: 'OutboundFailed', reason: 'timeout' });
    const waited = performance.now() - started;
    expect(waited).toBeGreaterThanOrEqual(290);
    expect(waited).toBeLessThan(2000);
    await expect(out.send(`http://127.0.0.1:${port}/long`, { method: 'GET' })).rejects.toEqual(
      new OutboundFailed('too_large', 'answer longer than 1024 bytes'),
    );
    seen.length = 0;
  });
});
