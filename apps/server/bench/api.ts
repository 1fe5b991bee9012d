// `npm run bench`: API throughput and latency on this machine, against a real server on loopback.
// Boots Prata on a fresh embedded database (or DATABASE_URL's PostgreSQL), signs a customer in, then drives each
// endpoint with a fixed number of concurrent keep-alive clients for a fixed time. Bounded: it stops by itself.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { boot } from '../src/boot';
import { loadConfig } from '../src/config';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);

const dataDir = await mkdtemp(path.join(tmpdir(), 'prata-bench-'));
const config = loadConfig({
  ...process.env,
  DATA_DIR: dataDir,
  PORT: '0',
  NODE_ENV: 'development',
  PRATA_DEMO: '1',
  LOG_LEVEL: 'silent',
});
const running = await boot(config);
await running.app.listen({ port: 0, host: '127.0.0.1' });
const { port } = running.app.server.address() as { port: number };
const base = `http://127.0.0.1:${port}`;

async function call(method: string, url: string, body?: object, token?: string) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null };
}

// Sign the demo customer in the way a person does: password, code from the local mailbox.
const email = 'cliente@prata.dev';
await call('POST', '/api/login/verification-method', { email, password: 'prata1234', verificationMethod: 'email' });
const outbox = await call('GET', `/api/dev/outbox?to=${email}`);
const code = String(outbox.json.messages[0].text).match(/\b\d{6}\b/)![0];
const token: string = (await call('POST', '/api/login/verification-code', { email, code })).json.authToken;

type Row = {
  endpoint: string;
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  errors: number;
};
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function drive(endpoint: string, fn: () => Promise<{ status: number }>): Promise<Row> {
  const latencies: number[] = [];
  let errors = 0;
  const until = performance.now() + SECONDS * 1000;
  const worker = async () => {
    while (performance.now() < until) {
      const t0 = performance.now();
      const r = await fn().catch(() => ({ status: 0 }));
      latencies.push(performance.now() - t0);
      if (r.status >= 400 || r.status === 0) errors++;
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const elapsed = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    endpoint,
    requests: latencies.length,
    rps: Math.round(latencies.length / elapsed),
    p50: pct(latencies, 50),
    p95: pct(latencies, 95),
    p99: pct(latencies, 99),
    max: latencies.at(-1) ?? 0,
    errors,
  };
}

const rows: Row[] = [];
rows.push(await drive('GET /api/health', () => call('GET', '/api/health')));
rows.push(await drive('GET /api/user (session + ledger balances)', () => call('GET', '/api/user', undefined, token)));
rows.push(await drive('GET /api/user/index', () => call('GET', '/api/user/index', undefined, token)));
rows.push(await drive('GET /api/event-logs', () => call('GET', '/api/event-logs?page=1', undefined, token)));
rows.push(await drive('GET /api/cities/search/{text} *', () => call('GET', '/api/cities/search/sao')));

console.log(
  `\nPrata API bench: ${CONCURRENCY} concurrent clients, ${SECONDS} s per endpoint, database ${running.database.kind}, ${new Date().toISOString()}`,
);
console.log(
  'endpoint'.padEnd(46),
  'req/s'.padStart(7),
  'p50 ms'.padStart(8),
  'p95 ms'.padStart(8),
  'p99 ms'.padStart(8),
  'max ms'.padStart(8),
  'errors'.padStart(7),
);
for (const r of rows) {
  console.log(
    r.endpoint.padEnd(46),
    String(r.rps).padStart(7),
    r.p50.toFixed(1).padStart(8),
    r.p95.toFixed(1).padStart(8),
    r.p99.toFixed(1).padStart(8),
    r.max.toFixed(1).padStart(8),
    String(r.errors).padStart(7),
  );
}
console.log(
  '* public lookups are rate limited (60 per minute per address): past the limit they answer 429, counted as errors.',
);
await running.stop();
await rm(dataDir, { recursive: true, force: true });
