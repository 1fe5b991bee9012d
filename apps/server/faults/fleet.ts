import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';
import { LIMITS } from '@/limits';
import { freePort } from './ports';

const SERVER_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REPO_ROOT = path.resolve(SERVER_ROOT, '../..');
export const WEBHOOK_TOKEN = 'faults-webhook-token-0123456789-abcdef';
/** the secret the test helpers sign sessions with (test/helpers.ts buildTestApp): the fleet accepts their tokens */
export const JWT_SECRET = 'test-secret-test-secret-test-secret-0123';

/** The settings every instance shares (one database, one Redis, one secret), as in production. */
export function fleetEnv(opts: { databaseUrl: string; redisUrl: string; smtpPort: number; dataDir: string }) {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'development',
    PRATA_DEMO: '0',
    PRATA_DEV_MAILBOX: '0',
    DATABASE_URL: opts.databaseUrl,
    REDIS_URL: opts.redisUrl,
    JWT_SECRET,
    HOST: '127.0.0.1',
    TRUST_PROXY: '1',
    SMTP_URL: `smtp://127.0.0.1:${opts.smtpPort}`,
    PAYMENTS_PROVIDER: 'embedded',
    ASAAS_WEBHOOK_TOKEN: WEBHOOK_TOKEN,
    DATA_DIR: opts.dataDir,
    LOG_LEVEL: 'warn',
    SHUTDOWN_DRAIN_MS: '1500',
    CODE_RESEND_SECONDS: '1',
    // a whole load comes from one address (the test's) and each customer does many things a minute
    ...Object.fromEntries(Object.values(LIMITS).map((l) => [l.env, '1000000/1m'])),
  };
  return env;
}

export type Instance = {
  name: string;
  port: number;
  process: ChildProcess;
  /** resolves with the exit code or signal when the process ends */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  logFile: string;
};

/** One API instance, a process of its own (`node --import tsx src/main.ts`), ready when /api/health/ready says so. */
export async function startInstance(
  name: string,
  env: Record<string, string>,
  logDir: string,
  port?: number,
): Promise<Instance> {
  const p = port ?? (await freePort());
  const logFile = path.join(logDir, `${name}.log`);
  const log = createWriteStream(logFile, { flags: 'a' });
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_ROOT,
    env: { ...env, PORT: String(p) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.pipe(log, { end: false });
  child.stderr!.pipe(log, { end: false });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const instance: Instance = { name, port: p, process: child, exited, logFile };
  await waitReady(`http://127.0.0.1:${p}`, exited, 60_000);
  return instance;
}

async function waitReady(base: string, exited: Promise<unknown>, ms: number) {
  let dead = false;
  void exited.then(() => {
    dead = true;
  });
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (dead) throw new Error(`${base}: o processo terminou antes de ficar pronto`);
    try {
      const r = await fetch(`${base}/api/health/ready`, { signal: AbortSignal.timeout(1000) });
      if (r.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${base}: não ficou pronto em ${ms} ms`);
}

export type Balancer = { port: number; url: string; stop(): Promise<void> };

/**
 * HAProxy (Debian's package) in front of the instances, with deploy/haproxy.cfg (what the README and
 * docs/operations.md ship), checking every 250 ms instead of every second. A connection that fails before the request
 * was sent goes to the other instance (`retry-on conn-failure`, `option redispatch`); nothing already sent is retried.
 * Its own 503 (no instance ready) speaks the API's error shape (deploy/haproxy-503.http).
 */
export async function startBalancer(ports: number[], dir: string): Promise<Balancer> {
  const port = await freePort();
  // the configuration the README and docs/operations.md ship, with this test's ports and faster checks
  const shipped = await readFile(path.join(REPO_ROOT, 'deploy', 'haproxy.cfg'), 'utf8');
  const config = shipped
    .replace('bind 127.0.0.1:8080', `bind 127.0.0.1:${port}`)
    .replace('errorfile 503 deploy/', `errorfile 503 ${path.join(REPO_ROOT, 'deploy')}/`)
    .replace('check inter 1s fall 2 rise 2', 'check inter 250ms fall 2 rise 2')
    .replace(/^ {4}server api.*$/gm, '')
    .replace(/\s*$/, `\n${ports.map((p, i) => `    server api${i + 1} 127.0.0.1:${p}`).join('\n')}\n`);
  if (!config.includes(`bind 127.0.0.1:${port}`) || !config.includes('inter 250ms'))
    throw new Error('deploy/haproxy.cfg changed: the fault tests cannot adapt it');
  const file = path.join(dir, 'haproxy.cfg');
  await writeFile(file, config);
  const child = spawn('haproxy', ['-f', file, '-db'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => {
    stderr += c.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  await waitReady(url, exited, 15_000).catch((err) => {
    throw new Error(`${(err as Error).message}\n${stderr}`);
  });
  return {
    port,
    url,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The e-mail the instances send, received by an SMTP server of the test's own: the last code per recipient. */
export async function startMailbox() {
  const codes = new Map<string, { code: string; at: number }>();
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        count++;
        const raw = Buffer.concat(chunks)
          .toString('utf8')
          .replace(/\r\n[ \t]+/g, ' ');
        const subject = decodeWords(/^subject: (.*)$/im.exec(raw)?.[1] ?? '');
        const code = /(\d{6})\s*$/.exec(subject)?.[1];
        if (code) for (const r of session.envelope.rcptTo) codes.set(r.address.toLowerCase(), { code, at: Date.now() });
        callback();
      });
    },
  });
  // an instance killed mid-delivery resets its connection: expected here, not a failure of the test
  server.on('error', (err) => {
    if ((err as NodeJS.ErrnoException).code !== 'ECONNRESET') console.error('[faults] smtp:', err);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    get received() {
      return count;
    },
    /** the code of the newest message to `email` that arrived after `since` (ms), waiting up to `ms` for it */
    async code(email: string, since: number, ms = 15_000): Promise<string | null> {
      const until = Date.now() + ms;
      while (Date.now() < until) {
        const hit = codes.get(email.toLowerCase());
        if (hit && hit.at >= since) return hit.code;
        await new Promise((r) => setTimeout(r, 25));
      }
      return null;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A header's RFC 2047 encoded words (=?UTF-8?Q?...?= and =?UTF-8?B?...?=) as text; the space between two words goes. */
function decodeWords(header: string): string {
  return header
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_m, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_h, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
    );
}
