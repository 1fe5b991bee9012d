import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { firstLoad, formatSize, GZIP_LEVEL } from './first-load-count.mjs';

/**
 * A page's budget in decimal kB (1000 bytes) of JavaScript, gzip at the default level (6), per file, of its first
 * load (scripts/first-load-count.mjs: index.html's entry and modulepreloads, the route chunk, their static imports).
 */
export type Budget = { page: string; routeChunkPrefix: string; maxKb: number };

/** Fails the build when a page's first load grows past its budget, and prints each page's figure in kB and KiB. */
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
        const { total } = firstLoad(dist, b.routeChunkPrefix);
        const kb = total / 1000;
        console.log(
          `first load of ${b.page}: ${formatSize(total)} of JavaScript, gzip level ${GZIP_LEVEL} (budget ${b.maxKb} kB)`,
        );
        if (kb > b.maxKb) over.push(`${b.page}: ${kb.toFixed(1)} kB > ${b.maxKb} kB`);
      }
      if (over.length > 0) throw new Error(`First-load budget exceeded (docs/performance.md): ${over.join('; ')}`);
    },
  };
}
