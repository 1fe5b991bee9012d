#!/usr/bin/env node
// `npm test`: typecheck, lint, unit and API tests, then the end-to-end journeys in Chromium.
// Uses TEST_DATABASE_URL / REDIS_URL when set (CI), the embedded PGlite otherwise.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import { availableParallelism } from 'node:os';

// Vitest runs one worker on a 2-core machine (cores − 1); the API tests mostly wait for PostgreSQL, so two workers
// finish the unit + API step in about 480 s instead of 580 there (measured 2026-11-26, all green). Set it to override.
process.env.VITEST_MAX_WORKERS ??= String(Math.max(2, availableParallelism() - 1));

// Each entry is a step, or a group of steps run side by side (their output held and printed whole when the group ends,
// the failed ones last, where a log's tail shows them): the typecheck and the lint, which only read the sources
// (docs/decisions.md, 2026-12-06, for what was tried beside what).
const steps = [
  [
    ['typecheck', ['run', '-s', 'typecheck']],
    ['lint', ['run', '-s', 'lint']],
  ],
  ['unit + API', ['run', '-s', 'test:unit']],
  // the README's `npm start` and a machine without PostgreSQL run on the embedded PGlite (a newer PostgreSQL, in one
  // process): the ledger's SQL and the whole demo run there too, or a plan that only PostgreSQL 15 accepts ships. Alone:
  // beside the typecheck and the lint it took 79 s instead of 37 (two workers of its own).
  ['embedded', ['run', '-s', 'test:embedded']],
  ['end-to-end', ['run', '-s', 'test:e2e']],
  // alone: beside the journeys their load of 5,000 operations took 375 s instead of 46, and 16 requests timed out
  ['faults', ['run', '-s', 'test:faults']],
];
// The fault tests (apps/server/faults) start a PostgreSQL cluster of their own (initdb, pg_ctl) and HAProxy: in CI
// they must run; elsewhere they run when the machine has both, and say so when it does not.
const faultsProblem = !['15', '16', '17'].some((v) => existsSync(`/usr/lib/postgresql/${v}/bin/initdb`))
  ? 'initdb do PostgreSQL 15+ não encontrado em /usr/lib/postgresql'
  : spawnSync('haproxy', ['-v']).status !== 0
    ? 'haproxy não instalado (apt-get install haproxy)'
    : !process.env.REDIS_URL
      ? 'REDIS_URL não definido'
      : null;
if (faultsProblem && process.env.CI === 'true') {
  console.error(`CI=true mas os testes de falhas não podem rodar: ${faultsProblem}.`);
  process.exit(1);
}
// In CI the race and multi-instance tests must run on PostgreSQL (PGlite runs one query at a time and proves nothing).
if (process.env.CI === 'true' && !process.env.TEST_DATABASE_URL) {
  console.error('CI=true mas TEST_DATABASE_URL não está definido: os testes de concorrência exigem PostgreSQL.');
  process.exit(1);
}
// Likewise Redis: the rate limits, the order stream, the broadcast and the session cache each have a test that runs only
// with REDIS_URL; in CI a missing or silent Redis would skip them and still print green, so CI refuses to start.
if (process.env.CI === 'true') {
  const problem = !process.env.REDIS_URL ? 'REDIS_URL não está definido' : await redisProblem(process.env.REDIS_URL);
  if (problem) {
    console.error(
      `CI=true mas ${problem}: os testes de Redis (limites, fluxo de ordens, broadcast, cache de sessão) seriam pulados.`,
    );
    process.exit(1);
  }
}
const only = process.argv.slice(2);
const started = Date.now();
for (const entry of steps) {
  const group = (typeof entry[0] === 'string' ? [entry] : entry).filter(([name]) => {
    if (only.length > 0 && !only.includes(name)) return false;
    if (name === 'faults' && faultsProblem) {
      console.log(`\n▶ faults: pulado (${faultsProblem}); rode \`npm run test:faults\` numa máquina com eles`);
      return false;
    }
    return true;
  });
  if (group.length === 0) continue;
  if (group.length === 1) {
    const [name, args] = group[0];
    const t0 = Date.now();
    console.log(`\n▶ ${name}`);
    const r = spawnSync('npm', args, { stdio: 'inherit', env: process.env });
    console.log(`◀ ${name}: ${r.status === 0 ? 'ok' : 'FALHOU'} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
    if (r.status !== 0) process.exit(r.status ?? 1);
    continue;
  }
  const runs = await Promise.all(group.map(([name, args]) => runHeld(name, args)));
  runs.sort((a, b) => Number(a.status !== 0) - Number(b.status !== 0));
  for (const r of runs) {
    console.log(
      `\n▶ ${r.name} (ao lado de ${runs
        .filter((o) => o !== r)
        .map((o) => o.name)
        .join(', ')})`,
    );
    process.stdout.write(r.output);
    console.log(`◀ ${r.name}: ${r.status === 0 ? 'ok' : 'FALHOU'} (${r.seconds.toFixed(1)} s)`);
  }
  const failed = runs.find((r) => r.status !== 0);
  if (failed) process.exit(failed.status || 1);
}
console.log(`\nTudo certo em ${((Date.now() - started) / 1000).toFixed(1)} s.`);

/** Runs `npm <args>` with its output held: answers its status, output and seconds. */
function runHeld(name, args) {
  const t0 = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', args, { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', (err) => {
      output += `${err.message}\n`;
    });
    child.on('close', (code) => resolve({ name, status: code ?? 1, output, seconds: (Date.now() - t0) / 1000 }));
  });
}

/** Why Redis at `url` cannot be used (it does not answer PING with PONG within 3 s), or null when it can. */
function redisProblem(url) {
  const u = new URL(url);
  if (u.protocol === 'rediss:') return Promise.resolve(null); // TLS: the tests' own connections will tell
  return new Promise((resolve) => {
    const socket = connect({ host: u.hostname || '127.0.0.1', port: Number(u.port || 6379) });
    const done = (problem) => {
      socket.destroy();
      resolve(problem);
    };
    socket.setTimeout(3000, () => done(`o Redis em ${u.host} não respondeu em 3 s`));
    socket.on('error', (err) => done(`o Redis em ${u.host} não responde (${err.message})`));
    let answer = '';
    socket.on('connect', () => {
      if (u.password)
        socket.write(
          `AUTH ${u.username ? `${decodeURIComponent(u.username)} ` : ''}${decodeURIComponent(u.password)}\r\n`,
        );
      socket.write('PING\r\n');
    });
    socket.on('data', (chunk) => {
      answer += chunk.toString();
      if (answer.includes('+PONG')) done(null);
      else if (answer.startsWith('-') || answer.includes('\r\n-'))
        done(`o Redis em ${u.host} recusou o PING: ${answer.trim()}`);
    });
  });
}
