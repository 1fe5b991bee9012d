import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 256;
/** A copy is kept only when it is at most this fraction of the original. */
const MAX_RATIO = 0.9;

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else yield full;
  }
}

/**
 * After the build, writes x.br (brotli, best) and x.gz (gzip, best) beside each text file of the output, so the server
 * sends compressed bytes without compressing on each request (apps/server/src/plugins/web-files.ts).
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'prata-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      const jobs: Promise<void>[] = [];
      for await (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        jobs.push(
          (async () => {
            const info = await stat(file);
            if (info.size < MIN_BYTES) return;
            const body = await readFile(file);
            const [b, g] = await Promise.all([
              brotli(body, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
                },
              }),
              gz(body, { level: constants.Z_BEST_COMPRESSION }),
            ]);
            if (b.length <= body.length * MAX_RATIO) await writeFile(`${file}.br`, b);
            if (g.length <= body.length * MAX_RATIO) await writeFile(`${file}.gz`, g);
          })(),
        );
      }
      await Promise.all(jobs);
    },
  };
}
