#!/usr/bin/env node
// `node scripts/sql-functions.mjs`: the SQL functions' length rule, as Biome's noExcessiveLinesPerFunction is the
// TypeScript's. A function of apps/server/src/db/functions/*.sql (the current definitions; migrations are history) of
// more than MAX_LINES lines, from its `create` to its closing `$$;`, says why it stays whole: a line `-- Whole: <why>`
// in the comment right above it. Exits 1, naming each function that does not.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FUNCTIONS = path.join(ROOT, 'apps/server/src/db/functions');
const MAX_LINES = 120;
const CREATE = /^create (?:or replace )?function ([a-z_][a-z0-9_]*)/i;

const problems = [];
for (const file of readdirSync(FUNCTIONS).filter((f) => f.endsWith('.sql'))) {
  const lines = readFileSync(path.join(FUNCTIONS, file), 'utf8').split('\n');
  lines.forEach((line, at) => {
    const name = CREATE.exec(line)?.[1];
    if (!name) return;
    let end = at;
    // a one-line body ends on its own line; any other at the first line that closes it
    if (!/\$\$;\s*$/.test(line)) while (end < lines.length - 1 && !/^\$\$;/.test(lines[end])) end++;
    const length = end - at + 1;
    if (length <= MAX_LINES) return;
    let above = at - 1;
    let stated = false;
    while (above >= 0 && lines[above].startsWith('--')) {
      if (/^-- Whole: \S/.test(lines[above])) stated = true;
      above--;
    }
    if (!stated) problems.push(`${file}:${at + 1}: ${name} has ${length} lines and no "-- Whole: <why>" above it`);
  });
}
if (problems.length > 0) {
  console.error(`SQL functions over ${MAX_LINES} lines without a stated reason:\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(`SQL functions: none over ${MAX_LINES} lines without a stated reason`);
