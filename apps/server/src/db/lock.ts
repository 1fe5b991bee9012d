import { mkdirSync } from 'node:fs';
import lockfile from 'proper-lockfile';

/**
 * PGlite has no lock between processes, and two processes on one folder corrupt it (shared/research/stack-probe.md).
 * The server holds an exclusive lock on its folder for as long as it runs and refuses to open a folder another holds.
 */
export async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  mkdirSync(dir, { recursive: true });
  try {
    return await lockfile.lock(dir, { lockfilePath: `${dir}/.prata.lock`, stale: 15_000, update: 5_000, retries: 0 });
  } catch (err) {
    if ((err as { code?: string }).code === 'ELOCKED') {
      throw new Error(
        `A pasta de dados ${dir} está em uso por outro processo do Prata. ` +
          'Encerre o outro processo ou use outra pasta (DATA_DIR=...). Dois processos na mesma pasta corrompem o banco embutido.',
      );
    }
    throw err;
  }
}
