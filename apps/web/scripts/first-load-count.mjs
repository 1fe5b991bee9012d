// The first-load ruler, shared by the build's budget (first-load.ts), scripts/measure-first-load.mjs and its test:
// the JavaScript a visitor downloads to see a page for the first time, gzip at the DEFAULT level (6, what `gzip`,
// nginx and most outside tools use; level 9 is a little smaller) per file, in DECIMAL kB (1 kB = 1000 bytes; the
// KiB of 1024 reads about 2.4 % smaller). The files: index.html's module script and modulepreloads, the page's route
// chunk, and everything those import statically; a dynamic import() is not first load.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export const GZIP_LEVEL = 6;

/** Static imports between chunks: `import {a} from "./x.js"`, `import "./x.js"` (not `import("./x.js")`). */
const STATIC_IMPORT = /(?:^|[;\n}])\s*import\s*(?:[\w*{}\s,$]+from\s*)?["']\.\/([^"']+\.js)["']/g;

export function gzipBytes(body) {
  return gzipSync(body, { level: GZIP_LEVEL }).length;
}

export function firstLoad(dist, routeChunkPrefix) {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const start = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  const route = readdirSync(join(dist, 'assets')).find(
    (f) => f.startsWith(`${routeChunkPrefix}-`) && f.endsWith('.js'),
  );
  if (!route) throw new Error(`first load: no route chunk named ${routeChunkPrefix}-*.js in ${dist}/assets`);
  const seen = new Set();
  const queue = [...start, `assets/${route}`];
  while (queue.length > 0) {
    const file = queue.shift();
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(join(dist, file), 'utf8');
    for (const m of code.matchAll(STATIC_IMPORT)) queue.push(`assets/${m[1]}`);
  }
  const files = [...seen].map((file) => ({ file, gzip: gzipBytes(readFileSync(join(dist, file))) }));
  files.sort((a, b) => b.gzip - a.gzip);
  return { route, total: files.reduce((sum, f) => sum + f.gzip, 0), files };
}

/** 152300 → '152.3 kB (148.7 KiB)': decimal first, the ruler of the budget. */
export function formatSize(bytes) {
  return `${(bytes / 1000).toFixed(1)} kB (${(bytes / 1024).toFixed(1)} KiB)`;
}
