// Sums the gzip size of the JavaScript a visitor downloads for the first page: the entry HTML's module script
// and modulepreloads, plus the route chunk of the landing page (/comprar-prata) and its static imports.
// Usage: node scripts/measure-first-load.mjs [route-chunk-prefix]   (after `npx vite build`)
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = new URL('../dist/', import.meta.url).pathname;
const routePrefix = process.argv[2] ?? 'landing-page';
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const start = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);

const route = readdirSync(join(dist, 'assets')).find((f) => f.startsWith(`${routePrefix}-`) && f.endsWith('.js'));
if (route) start.push(`assets/${route}`);

const seen = new Set();
const queue = [...start];
while (queue.length) {
  const file = queue.shift();
  if (seen.has(file)) continue;
  seen.add(file);
  const code = readFileSync(join(dist, file), 'utf8');
  // static imports only: `import ... from "./x.js"` and `import "./x.js"` (dynamic import() is not first load)
  for (const m of code.matchAll(/(?:^|[;\n}])\s*import\s*(?:[\w*{}\s,$]+from\s*)?["']\.\/([^"']+\.js)["']/g)) {
    queue.push(`assets/${m[1]}`);
  }
}

let total = 0;
const rows = [];
for (const file of seen) {
  const gz = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  total += gz;
  rows.push([file, gz]);
}
rows.sort((a, b) => b[1] - a[1]);
for (const [file, gz] of rows) console.log(`${(gz / 1024).toFixed(1).padStart(7)} KB  ${file}`);
console.log(`${(total / 1024).toFixed(1).padStart(7)} KB  total gzip (first load of ${route ?? 'entry only'})`);
