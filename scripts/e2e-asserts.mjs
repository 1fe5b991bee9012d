#!/usr/bin/env node
// `node scripts/e2e-asserts.mjs`: every `assert.ok(…)` and bare `assert(…)` of the journeys (e2e/) says what it checks.
// Without a message, a failing one makes node:assert build its message from the source: it parses the file the call is
// in, which tsx compiled to one long line, in a recursion that took minutes per failure. Inside `eventually`, which
// retries a failure for seconds, a journey then ran until the runner stopped it, with nothing said (2026-12-07,
// docs/decisions.md). Lists each call without one and exits 1.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const E2E = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../e2e');
const CALL = /\bassert(\.ok)?\(/g;

/** The number of top-level arguments of the call whose `(` is at `open` (strings, templates and brackets skipped). */
function argumentCount(text, open) {
  let depth = 0;
  let commas = 0;
  let any = false;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || c === "'" || c === '`') {
      any = true;
      for (i++; i < text.length && text[i] !== c; i++) {
        if (text[i] === '\\') i++;
        else if (c === '`' && text[i] === '$' && text[i + 1] === '{') {
          let inner = 1;
          for (i += 2; inner > 0 && i < text.length; i++) {
            if (text[i] === '{') inner++;
            else if (text[i] === '}') inner--;
          }
          i--;
        }
      }
    } else if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) {
      depth--;
      if (depth === 0) return commas + (any ? 1 : 0);
    } else if (c === ',' && depth === 1) {
      commas++;
      any = false;
    } else if (depth >= 1 && !/\s/.test(c)) any = true;
  }
  return Number.POSITIVE_INFINITY;
}

function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory())
      return ['node_modules', 'screenshots', 'artifacts'].includes(entry.name) ? [] : filesUnder(full);
    return /\.ts$/.test(entry.name) ? [full] : [];
  });
}

const missing = [];
for (const file of filesUnder(E2E)) {
  const text = readFileSync(file, 'utf8');
  for (const match of text.matchAll(CALL)) {
    if (match.index > 0 && /[\w$.]/.test(text[match.index - 1])) continue;
    if (argumentCount(text, match.index + match[0].length - 1) < 2) {
      const line = text.slice(0, match.index).split('\n').length;
      missing.push(`${path.relative(process.cwd(), file)}:${line}`);
    }
  }
}
if (missing.length > 0) {
  console.error(
    `e2e-asserts: ${missing.length} assert.ok sem mensagem (diga o que verifica):\n  ${missing.join('\n  ')}`,
  );
  process.exit(1);
}
console.log('e2e-asserts: todo assert.ok das jornadas diz o que verifica');
