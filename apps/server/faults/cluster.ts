import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import { freePort } from './ports';

const run = promisify(execFile);

/** The machine's PostgreSQL 15 programs (Debian keeps them outside PATH). */
function postgresBin(name: string): string | null {
  for (const dir of ['/usr/lib/postgresql/15/bin', '/usr/lib/postgresql/16/bin', '/usr/lib/postgresql/17/bin']) {
    const file = path.join(dir, name);
    if (existsSync(file)) return file;
  }
  return null;
}

export type Cluster = {
  url: string;
  port: number;
  dir: string;
  /** `pg_ctl stop -m <mode>`: immediate is a crash (no checkpoint; recovery replays the WAL at the next start) */
  stop(mode: 'immediate' | 'fast'): Promise<void>;
  start(): Promise<void>;
  /** stops it and deletes its folder */
  destroy(): Promise<void>;
};

/**
 * A throwaway PostgreSQL cluster of its own (initdb + pg_ctl) on another port and folder, so a test may crash and
 * restart it without touching the machine's server. As root, the programs run as the `postgres` user (initdb refuses
 * root). fsync stays on: an acknowledged commit must survive the crash the tests cause.
 */
export async function startCluster(): Promise<Cluster> {
  const initdb = postgresBin('initdb');
  const pgCtl = postgresBin('pg_ctl');
  if (!initdb || !pgCtl) throw new Error('initdb/pg_ctl do PostgreSQL 15 não encontrados em /usr/lib/postgresql/*/bin');
  const root = userInfo().uid === 0;
  const dir = await mkdtemp(path.join(tmpdir(), 'prata-faults-pg-'));
  if (root) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    await chown(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const as = (program: string, args: string[]) =>
    root ? run('runuser', ['-u', 'postgres', '--', program, ...args]) : run(program, args);
  const data = path.join(dir, 'data');
  await as(initdb, ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
  const port = await freePort();
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c max_connections=200',
    '-c fsync=on',
    '-c synchronous_commit=on',
    '-c shared_buffers=64MB',
  ].join(' ');
  const start = async () => {
    await as(pgCtl, ['start', '-w', '-t', '60', '-D', data, '-l', path.join(dir, 'log'), '-o', options]);
  };
  await start();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    url,
    port,
    dir,
    async stop(mode) {
      await as(pgCtl, ['stop', '-w', '-t', '60', '-D', data, '-m', mode]);
    },
    start,
    async destroy() {
      await as(pgCtl, ['stop', '-w', '-D', data, '-m', 'immediate']).catch(() => {});
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export type RedisServer = { url: string; stop(): Promise<void> };

/**
 * A Redis of the fault tests' own (the machine's redis-server, another port, nothing on disk): their instances'
 * broadcasts and rate limits stay apart from whatever else uses the machine's Redis at the same time (`npm test` runs
 * the unit and API tests beside them).
 */
export async function startRedis(): Promise<RedisServer> {
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 10_000;
  while (!(await answersPing(`redis://127.0.0.1:${port}`))) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`redis-server não subiu na porta ${port}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Whether a Redis answers PING at `url` (ioredis, one attempt: the caller polls again while it is starting). */
async function answersPing(url: string): Promise<boolean> {
  const client = new Redis(url, { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
  client.on('error', () => undefined); // refused while it starts: the rejection below is the answer
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}
