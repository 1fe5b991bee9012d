import { randomUUID } from 'node:crypto';
import type { Executor } from '@/db/client';
import { users } from '@/db/schema/index';

/** Test support: `n` bare customers (ledger accounts reference users). */
export async function createLedgerUsers(db: Executor, n: number): Promise<number[]> {
  const created = await db
    .insert(users)
    .values(
      Array.from({ length: n }, (_, i) => ({
        name: `Cliente ${i + 1}`,
        email: `ledger-${randomUUID()}@example.com`,
        passwordHash: 'not-a-hash',
        accountType: 'individual' as const,
      })),
    )
    .returning({ id: users.id });
  return created.map((u) => u.id);
}
