#!/usr/bin/env node
// `node scripts/isolated-mocks.mjs`: a test that replaces a module (`vi.mock`, `vi.doMock`) is named `*.isolated.test.*`.
// The web and server projects share one module graph per worker (vitest.config.ts, `isolate: false`): there a mock does
// not apply when an earlier file loaded the module, and leaks into the files after it. The web's isolated files run in
// a graph of their own (the `web-isolated` project); the server has none, so a mock there is refused outright. Lists
// each file that mocks where it may not and exits 1.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WEB = ['apps/web/src'];
const SERVER = ['apps/server/src', 'apps/server/test'];
const MOCK = /\bvi\.(do)?mock\(/i;
const TEST = /\.test\.tsx?$/;
const ISOLATED = /\.isolated\.test\.tsx?$/;

function* files(folder) {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (TEST.test(entry.name)) yield full;
  }
}

const mocking = (folders) =>
  folders.flatMap((folder) => [...files(path.join(ROOT, folder))]).filter((f) => MOCK.test(readFileSync(f, 'utf8')));
const offenders = [
  ...mocking(WEB)
    .filter((file) => !ISOLATED.test(file))
    .map((file) => `${path.relative(ROOT, file)}: vi.mock outside a *.isolated.test file`),
  ...mocking(SERVER).map((file) => `${path.relative(ROOT, file)}: vi.mock in the server's shared module graph`),
];
for (const line of offenders) console.error(line);
if (offenders.length > 0) process.exit(1);
