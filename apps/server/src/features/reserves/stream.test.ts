import { createHash } from 'node:crypto';
import { climbSum, sumLeaf, sumProofPath, sumTreeLevels, type SumNode } from '@prata/domain';
import { describe, expect, it } from 'vitest';
import { blockPathOf, climbSumOf, sumLeafOf } from './stream';

const leavesOf = (n: number): SumNode[] =>
  Array.from({ length: n }, (_, i) => ({
    hash: createHash('sha256').update(`folha ${n} ${i}`).digest('hex'),
    sum: (i * 7919) % 100_003,
  }));

// the server hashes a customer's proof synchronously (node:crypto); it must give what the domain (Web Crypto) gives
describe("the server's hashing of a proof is the domain's", () => {
  it('the path within a block, for every leaf of blocks of 1 to 33 leaves and of 256', async () => {
    for (const n of [...Array.from({ length: 33 }, (_, i) => i + 1), 256]) {
      const leaves = leavesOf(n);
      const levels = await sumTreeLevels(leaves);
      const picks = n === 256 ? [0, 1, 127, 128, 200, 255] : Array.from({ length: n }, (_, i) => i);
      for (const i of picks) expect(blockPathOf(leaves, i)).toEqual(sumProofPath(levels, i));
    }
  });

  it('the climb to the root and the leaf', async () => {
    const leaves = leavesOf(21);
    const levels = await sumTreeLevels(leaves);
    for (const i of [0, 5, 20]) {
      const path = sumProofPath(levels, i);
      expect(climbSumOf(leaves[i]!, path)).toEqual(await climbSum(leaves[i]!, path));
    }
    const salt = 'ab'.repeat(32);
    expect(sumLeafOf('2026-12-01', salt, 1234, 56)).toEqual(await sumLeaf('2026-12-01', salt, 1234, 56));
  });

  it('refuses a leaf outside the block', () => {
    expect(() => blockPathOf(leavesOf(4), 4)).toThrow(RangeError);
    expect(() => blockPathOf(leavesOf(4), -1)).toThrow(RangeError);
  });
});
