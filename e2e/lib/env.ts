import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The e2e folder (screenshots and artifacts live under it). */
export const E2E_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function baseUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) {
    throw new Error(
      'E2E_BASE_URL is not set. Run the journeys through the runner: npm run test -w @prata/e2e (it starts the server).',
    );
  }
  return url.replace(/\/$/, '');
}

/** Where the server under test answers, e.g. http://127.0.0.1:41234 (set by run.ts). */
export const BASE_URL = baseUrl();

/** The demo accounts seeded by PRATA_DEMO=1. */
export const DEMO_PASSWORD = 'prata1234';
export const DEMO = {
  customer: { email: 'cliente@prata.dev', name: 'Maria Oliveira Santos' },
  company: { email: 'empresa@prata.dev', name: 'Carlos Pereira' },
  operator: { email: 'operador@prata.dev', name: 'Operadora Prata' },
} as const;

/** A fresh e-mail address for one journey (unique per run and per call). */
export function uniqueEmail(prefix: string): string {
  const stamp = Date.now().toString(36);
  const random = Math.random().toString(36).slice(2, 7);
  return `${prefix}.${stamp}${random}@e2e.prata.dev`;
}
