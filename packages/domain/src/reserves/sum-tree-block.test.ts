import { describe, expect, it } from 'vitest';
import {
  type SumNode,
  sumProofPath,
  sumProofPathFromBlock,
  sumTreeBlock,
  sumTreeLevels,
  upperSiblings,
} from './sum-tree';

const leaf = (i: number): SumNode => ({
  hash: ((i * 2654435761) % 2 ** 32).toString(16).padStart(64, '0'),
  sum: i % 97,
});

describe("a path from the leaf's block and the stored upper levels", () => {
  for (const blockLevel of [1, 2, 3]) {
    for (const n of [1, 2, 3, 7, 8, 9, 15, 16, 17, 31, 33, 100]) {
      it(`equals the whole tree's path: ${n} leaves, blocks of ${2 ** blockLevel}`, async () => {
        const leaves = Array.from({ length: n }, (_, i) => leaf(i + 1));
        const levels = await sumTreeLevels(leaves);
        for (let index = 0; index < n; index++) {
          const { start, end } = sumTreeBlock(index, n, blockLevel);
          const block = await sumTreeLevels(leaves.slice(start, end));
          // what the builder stores: every level from blockLevel up; a sibling is read by level and position
          const upper = upperSiblings(index, n, blockLevel).map((w) => ({
            ...levels[w.level]![w.position]!,
            side: w.side,
          }));
          expect(sumProofPathFromBlock(block, index - start, upper)).toEqual(sumProofPath(levels, index));
        }
      });
    }
  }

  it('a block level above the tree: the block is the tree and nothing is read above it', async () => {
    expect(upperSiblings(5, 100, 8)).toEqual([]);
    expect(sumTreeBlock(5, 100, 8)).toEqual({ start: 0, end: 100 });
  });

  it('refuses a leaf outside the tree, and a tree or a block that is not a count (never loops)', () => {
    expect(() => sumTreeBlock(3, 3)).toThrow(RangeError);
    for (const [index, count, level] of [
      [0, Number.NaN, 8],
      [0, 0, 8],
      [Number.NaN, 10, 8],
      [0, 10, Number.NaN],
      [0, 10, 0],
      [0, Number.POSITIVE_INFINITY, 8],
    ]) {
      expect(() => upperSiblings(index!, count!, level)).toThrow(RangeError);
      expect(() => sumTreeBlock(index!, count!, level)).toThrow(RangeError);
    }
  });
});
