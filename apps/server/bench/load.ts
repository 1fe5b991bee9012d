// The bench's tools, each in a process of its own so the load never shares an event loop with the server it
// measures: autocannon's CLI for HTTP, pgbench for the database, and the bare Fastify yardstick.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const AUTOCANNON = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
const HERE = path.dirname(fileURLToPath(import.meta.url));
/** The longest any one tool may run before the bench gives up on it. */
const TOOL_TIMEOUT_MS = 120_000;

export type LoadOptions = { connections: number; seconds: number; headers?: Record<string, string> };

export type LoadResult = {
  rps: number;
  requests: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  /** connection errors, timeouts and answers other than 2xx/3xx */
  errors: number;
  /** bytes per response, as received (compressed when the server compressed) */
  bytesPerRequest: number;
};

type AutocannonJson = {
  requests: { average: number; total: number };
  latency: { p50: number; p90: number; p99: number; max: number };
  throughput: { total: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  '2xx': number;
  '3xx'?: number;
};

/** Drives `url` with autocannon's CLI (`-j`: JSON on stdout) in a child process. */
export async function autocannon(url: string, opts: LoadOptions & { method?: string }): Promise<LoadResult> {
  const args = [AUTOCANNON, '-j', '-c', String(opts.connections), '-d', String(opts.seconds)];
  if (opts.method) args.push('-m', opts.method);
  for (const [name, value] of Object.entries(opts.headers ?? {})) args.push('-H', `${name}=${value}`);
  args.push(url);
  const { stdout } = await run(process.execPath, args, { timeout: TOOL_TIMEOUT_MS, maxBuffer: 16 * 1024 * 1024 });
  const r = JSON.parse(stdout) as AutocannonJson;
  const ok = r['2xx'] + (r['3xx'] ?? 0);
  return {
    rps: r.requests.average,
    requests: r.requests.total,
    p50: r.latency.p50,
    p90: r.latency.p90,
    p99: r.latency.p99,
    max: r.latency.max,
    errors: r.errors + r.timeouts + (r.non2xx - (r['3xx'] ?? 0)),
    bytesPerRequest: ok > 0 ? Math.round(r.throughput.total / ok) : 0,
  };
}

/**
 * Starts the bare Fastify hello-world (hello.ts), or a bare Fastify answering the fixed bytes of `fixedFile`: its base
 * URL, its CPU time so far (µs), and a way to stop it.
 */
export async function startHello(
  fixedFile?: string,
): Promise<{ url: string; cpu(): Promise<number>; stop(): Promise<void> }> {
  const args = ['--import', 'tsx', path.join(HERE, 'hello.ts'), ...(fixedFile ? [fixedFile] : [])];
  const child: ChildProcess = spawn(process.execPath, args, {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: string[] = [];
  const waiting: Array<(line: string) => void> = [];
  const failed: Array<(err: Error) => void> = [];
  let exited: Error | undefined;
  let partial = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    partial += chunk.toString();
    for (let i = partial.indexOf('\n'); i >= 0; i = partial.indexOf('\n')) {
      const line = partial.slice(0, i);
      partial = partial.slice(i + 1);
      const next = waiting.shift();
      failed.shift();
      if (next) next(line);
      else lines.push(line);
    }
  });
  child.once('exit', (code) => {
    exited = new Error(`hello-world exited (${code})`);
    for (const fail of failed.splice(0)) fail(exited);
  });
  const nextLine = () =>
    new Promise<string>((resolve, reject) => {
      const line = lines.shift();
      if (line !== undefined) return resolve(line);
      if (exited) return reject(exited);
      waiting.push(resolve);
      failed.push(reject);
    });
  const port = Number(await nextLine());
  return {
    url: `http://127.0.0.1:${port}`,
    async cpu() {
      child.kill('SIGUSR2');
      return Number((await nextLine()).replace('cpu ', ''));
    },
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export type PgbenchResult = { mode: string; tps: number; latencyMs: number };

/**
 * pgbench against `url`'s database on the same machine, in the same run: the database's own ceiling for the
 * chosen mode. `-S` is select-only (one indexed read per transaction), the nearest to an API read.
 */
export async function pgbench(url: string, opts: { clients: number; seconds: number; selectOnly: boolean }) {
  const env = { ...process.env, PGOPTIONS: '-c client_min_messages=warning' };
  await run('pgbench', ['-i', '-q', '-s', '1', url], { timeout: TOOL_TIMEOUT_MS, env });
  const threads = Math.min(opts.clients, 2);
  const args = ['-n', '-M', 'prepared', '-c', String(opts.clients), '-j', String(threads), '-T', String(opts.seconds)];
  if (opts.selectOnly) args.push('-S');
  const { stdout } = await run('pgbench', [...args, url], { timeout: TOOL_TIMEOUT_MS, env });
  const tps = Number(stdout.match(/tps = ([\d.]+)/)?.[1] ?? Number.NaN);
  const latencyMs = Number(stdout.match(/latency average = ([\d.]+) ms/)?.[1] ?? Number.NaN);
  return { mode: opts.selectOnly ? 'select-only (-S)' : 'TPC-B-like (default)', tps, latencyMs };
}

export async function hasPgbench(): Promise<boolean> {
  return run('pgbench', ['--version']).then(
    () => true,
    () => false,
  );
}
