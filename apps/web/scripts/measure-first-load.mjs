// The JavaScript a visitor downloads for a page's first load, file by file, by the build budget's ruler
// (scripts/first-load-count.mjs: gzip level 6 per file, decimal kB, static imports followed, dynamic ones not).
// Usage: node scripts/measure-first-load.mjs [route-chunk-prefix]   (after `npx vite build`; default landing-page)
import { firstLoad, formatSize, GZIP_LEVEL } from './first-load-count.mjs';

const dist = new URL('../dist/', import.meta.url).pathname;
const { route, total, files } = firstLoad(dist, process.argv[2] ?? 'landing-page');
for (const { file, gzip } of files) console.log(`${(gzip / 1000).toFixed(1).padStart(7)} kB  ${file}`);
console.log(`${formatSize(total)} total, gzip level ${GZIP_LEVEL} (first load of ${route})`);
