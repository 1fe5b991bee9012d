import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers';
import { afterCommit, withTransaction } from './tx';

describe('afterCommit', () => {
  it('runs once the transaction of withTransaction commits, not before', async () => {
    const database = await createTestDatabase();
    const seen: string[] = [];
    await withTransaction(database.db, async (tx) => {
      afterCommit(tx, () => seen.push('committed'));
      seen.push('inside');
    });
    expect(seen).toEqual(['inside', 'committed']);
  });

  it('never runs when the transaction rolls back', async () => {
    const database = await createTestDatabase();
    const seen: string[] = [];
    await expect(
      withTransaction(database.db, async (tx) => {
        afterCommit(tx, () => seen.push('committed'));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(seen).toEqual([]);
  });

  it('runs at once on the pool, which commits each statement as it runs', async () => {
    const database = await createTestDatabase();
    const seen: string[] = [];
    afterCommit(database.db, () => seen.push('now'));
    expect(seen).toEqual(['now']);
  });
});
