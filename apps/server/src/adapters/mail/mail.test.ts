import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { smtpMailTransport } from './index';

/** What the SMTP server received: the envelope, the user who authenticated and the raw message. */
type Received = { from: string; to: string[]; user: string | undefined; raw: string };

let server: SMTPServer;
let port: number;
const received: Received[] = [];
/** The next RCPT TO for this address is refused (a mailbox the server does not know). */
const refused = new Set(['ninguem@exemplo.com.br']);
/** The connections that signed in, by the name the client gave in EHLO, and those of them that ended. */
const opened = new Map<string, Set<string>>();
const closed = new Map<string, number>();
/** Every transport a test made: closed before the server, which otherwise waits for their kept connections. */
const transports: Array<ReturnType<typeof smtpMailTransport>> = [];
const transport = (url: string, from: string) => {
  const t = smtpMailTransport(url, from);
  transports.push(t);
  return t;
};

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: false,
    allowInsecureAuth: true, // loopback in a test; production uses smtps:// or STARTTLS
    disabledCommands: ['STARTTLS'],
    logger: false,
    onClose(session) {
      const name = session.hostNameAppearsAs;
      if (opened.get(name)?.has(session.id)) closed.set(name, (closed.get(name) ?? 0) + 1);
    },
    onAuth(auth, session, callback) {
      if (auth.username === 'prata' && auth.password === 'segredo-ç') {
        opened.set(session.hostNameAppearsAs, (opened.get(session.hostNameAppearsAs) ?? new Set()).add(session.id));
        return callback(null, { user: auth.username });
      }
      callback(new Error('Credenciais inválidas'));
    },
    onRcptTo(address, _session, callback) {
      if (refused.has(address.address)) {
        const err = new Error('Caixa inexistente') as Error & { responseCode: number };
        err.responseCode = 550;
        return callback(err);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          user: session.user as string | undefined,
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
});

afterAll(async () => {
  for (const t of transports) t.close?.();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** The headers of a MIME entity (unfolded, names in lower case) and its body. */
function entity(raw: string): { headers: Map<string, string>; body: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: raw.slice(split + 4) };
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= or =?UTF-8?B?…?=) back to text. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_m, enc: string, text: string) =>
      enc.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

/** A part's body decoded by its Content-Transfer-Encoding. */
function decodeBody(headers: Map<string, string>, body: string): string {
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8').replace(/\r\n$/, '');
  }
  return body.replace(/\r\n$/, '');
}

describe('the SMTP transport (nodemailer) against an SMTP server', () => {
  it('delivers a pt-BR message with its headers, a text and an HTML part, accents intact', async () => {
    const smtp = transport(
      `smtp://prata:${encodeURIComponent('segredo-ç')}@127.0.0.1:${port}`,
      'Prata Metais <nao-responda@prata.com.br>',
    );
    const text = 'Olá, Conceição!\nSeu código de acesso é 482913. Válido por 10 minutos.\nAté já, equipe Prata.';
    const html =
      '<p>Olá, <strong>Conceição</strong>!</p><p>Seu código de acesso é <b>482913</b>. Válido por 10 minutos.</p>';
    await smtp.send({
      to: 'conceicao@exemplo.com.br',
      subject: 'Seu código de acesso à Prata: 482913',
      text,
      html,
    });

    expect(received).toHaveLength(1);
    const got = received[0]!;
    expect(got.user).toBe('prata');
    expect(got.from).toBe('nao-responda@prata.com.br');
    expect(got.to).toEqual(['conceicao@exemplo.com.br']);

    const message = entity(got.raw);
    const h = message.headers;
    expect(h.get('from')).toBe('Prata Metais <nao-responda@prata.com.br>');
    expect(h.get('to')).toBe('conceicao@exemplo.com.br');
    expect(decodeWords(h.get('subject') ?? '')).toBe('Seu código de acesso à Prata: 482913');
    expect(h.get('subject')).not.toContain('ó'); // 8-bit headers are encoded (RFC 2047), not sent raw
    expect(h.get('message-id')).toMatch(/^<[^@\s>]+@prata\.com\.br>$/);
    const date = new Date(h.get('date') ?? '');
    expect(Math.abs(date.getTime() - Date.now())).toBeLessThan(60_000);
    expect(h.get('mime-version')).toBe('1.0');
    expect(h.get('content-language')).toBe('pt-BR');
    const boundary = h.get('content-type')?.match(/^multipart\/alternative;\s*boundary="?([^";]+)"?/)?.[1];
    expect(boundary, h.get('content-type')).toBeTruthy();

    const parts = message.body
      .split(`--${boundary}`)
      .slice(1, -1)
      .map((p) => entity(p.replace(/^\r\n/, '')));
    expect(parts.map((p) => p.headers.get('content-type'))).toEqual([
      'text/plain; charset=utf-8',
      'text/html; charset=utf-8',
    ]);
    expect(decodeBody(parts[0]!.headers, parts[0]!.body).replace(/\r\n/g, '\n')).toBe(text);
    expect(decodeBody(parts[1]!.headers, parts[1]!.body)).toBe(html);
  });

  it('a refused recipient or wrong credentials throw, so the outbox retries', async () => {
    const good = transport(`smtp://prata:${encodeURIComponent('segredo-ç')}@127.0.0.1:${port}`, 'a@prata.com.br');
    await expect(good.send({ to: 'ninguem@exemplo.com.br', subject: 'x', text: 'x' })).rejects.toThrow(/550/);
    const bad = transport(`smtp://prata:errada@127.0.0.1:${port}`, 'a@prata.com.br');
    await expect(bad.send({ to: 'ana@exemplo.com.br', subject: 'x', text: 'x' })).rejects.toThrow(/Invalid login|535/);
    const away = transport('smtp://127.0.0.1:1', 'a@prata.com.br');
    await expect(away.send({ to: 'ana@exemplo.com.br', subject: 'x', text: 'x' })).rejects.toThrow(/ECONNREFUSED/);
    expect(received).toHaveLength(1);
  });

  it('keeps its connection for the next messages, a few at once, and close() ends them', async () => {
    const before = received.length;
    const url = `smtp://prata:${encodeURIComponent('segredo-ç')}@127.0.0.1:${port}/?name=pool-test`;
    const smtp = transport(url, 'a@prata.com.br');
    for (let i = 0; i < 3; i += 1) await smtp.send({ to: `um${i}@exemplo.com.br`, subject: 'x', text: 'x' });
    expect(opened.get('pool-test')?.size).toBe(1);
    await Promise.all(
      Array.from({ length: 12 }, (_, i) => smtp.send({ to: `varios${i}@exemplo.com.br`, subject: 'x', text: 'x' })),
    );
    expect(received.length - before).toBe(15);
    const connections = opened.get('pool-test')?.size ?? 0;
    expect(connections).toBeGreaterThan(1); // side by side
    expect(connections).toBeLessThanOrEqual(4);
    expect(closed.get('pool-test') ?? 0).toBe(0);
    smtp.close?.();
    await vi.waitFor(() => expect(closed.get('pool-test')).toBe(connections), { timeout: 5_000 });
  });
});
