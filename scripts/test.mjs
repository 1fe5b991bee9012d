#!/usr/bin/env node
// `npm test`: typecheck, lint, unit and API tests, then the end-to-end journeys in Chromium.
// Uses TEST_DATABASE_URL / REDIS_URL when set (CI), the embedded PGlite otherwise.
import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';

// Vitest runs one worker on a 2-core machine (cores − 1); the API tests mostly wait for PostgreSQL, so two workers
// finish the unit + API step in about 480 s instead of 580 there (measured 2026-11-26, all green). Set it to override.
process.env.VITEST_MAX_WORKERS ??= String(Math.max(2, availableParallelism() - 1));

const steps = [
  ['typecheck', ['run', '-s', 'typecheck']],
  ['lint', ['run', '-s', 'lint']],
  ['unit + API', ['run', '-s', 'test:unit']],
  ['end-to-end', ['run', '-s', 'test:e2e']],
];
// In CI the race and multi-instance tests must run on PostgreSQL (PGlite runs one query at a time and proves nothing).
if (process.env.CI === 'true' && !process.env.TEST_DATABASE_URL) {
  console.error('CI=true mas TEST_DATABASE_URL não está definido: os testes de concorrência exigem PostgreSQL.');
  process.exit(1);
}
const only = process.argv.slice(2);
const started = Date.now();
for (const [name, args] of steps) {
  if (only.length > 0 && !only.includes(name)) continue;
  const t0 = Date.now();
  console.log(`\n▶ ${name}`);
  const r = spawnSync('npm', args, { stdio: 'inherit', env: process.env });
  console.log(`◀ ${name}: ${r.status === 0 ? 'ok' : 'FALHOU'} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  if (r.status !== 0) process.exit(r.status ?? 1);
}
console.log(`\nTudo certo em ${((Date.now() - started) / 1000).toFixed(1)} s.`);
