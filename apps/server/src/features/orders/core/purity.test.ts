import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * What .dependency-cruiser.cjs cannot see of the core's purity (its parser does not tell type-only imports apart):
 * the core names the ledger's types but never calls it, and reads no clock and no randomness of its own.
 */
const HERE = path.dirname(fileURLToPath(import.meta.url));
const sources = readdirSync(HERE)
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
  .map((f) => ({ file: f, text: readFileSync(path.join(HERE, f), 'utf8') }));

describe('the core is pure', () => {
  it('imports the ledger for its types only', () => {
    for (const { file, text } of sources) {
      for (const line of text.split('\n').filter((l) => /^(import|export) .*from '.*\/ledger\//.test(l))) {
        expect(line.startsWith('import type') || line.startsWith('export type'), `${file}: ${line}`).toBe(true);
      }
      // a multi-line import of the ledger is a type-only one too
      for (const m of text.matchAll(/^import (type )?\{[^}]*\} from '[^']*\/ledger\/[^']*';/gms)) {
        expect(m[1], `${file}: ${m[0]}`).toBe('type ');
      }
    }
  });

  it('reads no clock and no randomness (the batch time is an input)', () => {
    for (const { file, text } of sources) {
      expect(text, file).not.toMatch(/new Date\(|Date\.now\(|Math\.random\(|performance\.now\(/);
    }
  });

  it('knows no database, no framework, no process', () => {
    for (const { file, text } of sources) {
      expect(text, file).not.toMatch(/from '(drizzle-orm|pg|fastify|ioredis|node:[a-z_]+)'|\/db\/|process\./);
    }
  });
});
