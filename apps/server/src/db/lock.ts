import { mkdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import lockfile from 'proper-lockfile';
import type { Executor } from './client';

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

/**
 * Takes the customer's row lock for the rest of the caller's transaction. Every "at most N" of one customer's rows
 * (addresses, bank entries, documents, one company) is counted after this call and in the transaction that inserts:
 * two requests of one customer then count one after the other, and the second sees the first's row (each statement
 * of a read-committed transaction reads what was committed before it). `no key update`, so rows that only reference
 * the customer (a foreign key's `key share`) never wait for it.
 */
export async function lockCustomer(tx: Executor, userId: number): Promise<void> {
  await tx.execute(sql`select 1 from users where id = ${userId} for no key update`);
}
