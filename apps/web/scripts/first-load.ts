import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * The JavaScript a visitor downloads to see a page for the first time, gzip (level 9) per file: index.html's module
 * script and modulepreloads, the page's route chunk, and everything those import statically (a dynamic import() is
 * not first load). The same count as scripts/measure-first-load.mjs.
 */
export function firstLoadBytes(dist: string, routeChunkPrefix: string): { total: number; files: string[] } {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const start = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  const route = readdirSync(join(dist, 'assets')).find(
    (f) => f.startsWith(`${routeChunkPrefix}-`) && f.endsWith('.js'),
  );
  if (!route) throw new Error(`first-load budget: no route chunk named ${routeChunkPrefix}-*.js in the build`);
  const seen = new Set<string>();
  const queue = [...start, `assets/${route}`];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(join(dist, file), 'utf8');
    for (const m of code.matchAll(/(?:^|[;\n}])\s*import\s*(?:[\w*{}\s,$]+from\s*)?["']\.\/([^"']+\.js)["']/g)) {
      queue.push(`assets/${m[1]}`);
    }
  }
  let total = 0;
  for (const file of seen) total += gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  return { total, files: [...seen] };
}

export type Budget = { page: string; routeChunkPrefix: string; maxKb: number };

/** Fails the build when a page's first load grows past its budget, and prints each page's figure. */
export function firstLoadBudget(budgets: Budget[]): Plugin {
  let dist = 'dist';
  return {
    name: 'prata-first-load-budget',
    apply: 'build',
    configResolved(config) {
      dist = resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      const over: string[] = [];
      for (const b of budgets) {
        const kb = firstLoadBytes(dist, b.routeChunkPrefix).total / 1024;
        console.log(`first load of ${b.page}: ${kb.toFixed(1)} KB of JavaScript gzip (budget ${b.maxKb} KB)`);
        if (kb > b.maxKb) over.push(`${b.page}: ${kb.toFixed(1)} KB > ${b.maxKb} KB`);
      }
      if (over.length > 0) throw new Error(`First-load budget exceeded (docs/performance.md): ${over.join('; ')}`);
    },
  };
}
