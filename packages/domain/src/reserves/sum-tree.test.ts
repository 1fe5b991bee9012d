import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { EMPTY_ROOT, leafHash, merkleLevels, proofPath, rootOf } from './merkle';
import {
  checkSumProof,
  type SumLeafProof,
  type SumNode,
  sortLeaves,
  sumLeaf,
  sumNode,
  sumProofPath,
  sumRootOf,
  sumTreeLevels,
} from './sum-tree';
import { verifyReserveProof } from './verify';

const DAY = '2026-11-27';
const saltOf = (i: number) => i.toString(16).padStart(8, '0').repeat(8);

/** A tree of `n` customers with deterministic balances; answers the leaves (in tree order) and the proof of one. */
async function tree(n: number) {
  const customers = Array.from({ length: n }, (_, i) => ({
    salt: saltOf(i + 1),
    availableCg: (i * 7919) % 500_000,
    reservedCg: i % 3 === 0 ? (i * 31) % 9_000 : 0,
  }));
  const leaves = sortLeaves(
    await Promise.all(
      customers.map(async (c) => ({ ...c, ...(await sumLeaf(DAY, c.salt, c.availableCg, c.reservedCg)) })),
    ),
  );
  const levels = await sumTreeLevels(leaves);
  const root = sumRootOf(levels);
  const proofOf = (i: number): SumLeafProof & { leafIndex: number; leafCount: number } => {
    const c = leaves[i]!;
    return {
      version: 2,
      leafIndex: i,
      leafCount: leaves.length,
      day: DAY,
      salt: c.salt,
      availableCg: c.availableCg,
      reservedCg: c.reservedCg,
      centigrams: c.sum,
      leaf: c.hash,
      path: sumProofPath(levels, i),
      root: root.hash,
      rootSum: root.sum,
    };
  };
  return { customers, leaves, levels, root, proofOf };
}

describe('proof of reserves v2: the Merkle sum tree', () => {
  it("the root's sum is the total of every balance; every leaf of 5,000 verifies against the root and the total", async () => {
    const { customers, root, proofOf } = await tree(5_000);
    const total = customers.reduce((s, c) => s + c.availableCg + c.reservedCg, 0);
    expect(root.sum).toBe(total);
    for (let i = 0; i < customers.length; i += 7) {
      expect(await checkSumProof(proofOf(i), { root: root.hash, totalCg: total }), `leaf ${i}`).toBe('ok');
    }
  }, 60_000);

  it('a tampered sibling sum fails, even when the root hash in the file is recomputed to match', async () => {
    const { root, proofOf, levels } = await tree(37);
    const good = proofOf(11);
    expect(await checkSumProof(good)).toBe('ok');
    for (let s = 0; s < good.path.length; s++) {
      const path = good.path.map((step, k) => (k === s ? { ...step, sum: step.sum - 1 } : step));
      expect(await checkSumProof({ ...good, path }), `step ${s}`).toBe('path');
      // the file's total lowered along with it still climbs to another root hash
      expect(await checkSumProof({ ...good, path, rootSum: root.sum - 1 })).toBe('path');
    }
    // a negative sibling sum (hiding a debt inside the total) is refused before anything is hashed
    const negative = good.path.map((step, k) => (k === 0 ? { ...step, sum: -5 } : step));
    expect(await checkSumProof({ ...good, path: negative })).toBe('negative');
    expect(await verifyReserveProof({ ...good, path: negative })).toBe('negative');
    expect(levels.at(-1)).toHaveLength(1);
  });

  it('a total that differs from the root sum fails; so does a published root or total that differs', async () => {
    const { root, proofOf } = await tree(10);
    const good = proofOf(3);
    expect(await checkSumProof({ ...good, rootSum: root.sum + 100 })).toBe('sum');
    expect(await checkSumProof(good, { root: root.hash, totalCg: root.sum - 1 })).toBe('published');
    expect(await checkSumProof(good, { root: 'f'.repeat(64), totalCg: root.sum })).toBe('published');
    expect(await checkSumProof({ ...good, availableCg: good.availableCg + 1, centigrams: good.centigrams + 1 })).toBe(
      'leaf',
    );
    expect(await checkSumProof({ ...good, centigrams: good.centigrams + 1 })).toBe('leaf');
    expect(await verifyReserveProof(good, { root: root.hash, totalCg: root.sum })).toBe('ok');
  });

  it('the encoding is fixed: a leaf hashes its text, a node 0x02 ‖ hashes and 8-byte big-endian sums', async () => {
    const a = await sumLeaf(DAY, saltOf(1), 1234, 66);
    const text = `prata-reservas-folha-v2|${DAY}|${saltOf(1)}|1234|66`;
    expect(a).toEqual({ hash: createHash('sha256').update(text).digest('hex'), sum: 1300 });
    const b = await sumLeaf(DAY, saltOf(2), 5, 0);
    const sum = (n: number) => Buffer.from(BigInt(n).toString(16).padStart(16, '0'), 'hex');
    const bytes = Buffer.concat([
      Buffer.from([2]),
      Buffer.from(a.hash, 'hex'),
      sum(1300),
      Buffer.from(b.hash, 'hex'),
      sum(5),
    ]);
    expect(await sumNode(a, b)).toEqual({ hash: createHash('sha256').update(bytes).digest('hex'), sum: 1305 });
    // three leaves: the third is carried up unchanged
    const c = await sumLeaf(DAY, saltOf(3), 0, 0);
    const levels = await sumTreeLevels([a, b, c]);
    expect(sumRootOf(levels)).toEqual(await sumNode(await sumNode(a, b), c));
    expect(sumProofPath(levels, 2)).toEqual([{ side: 'left', ...(await sumNode(a, b)) }]);
    expect(sumRootOf(await sumTreeLevels([]))).toEqual({ hash: EMPTY_ROOT, sum: 0 });
  });

  it('refuses negative balances and sums that overflow', async () => {
    expect(() => sumLeaf(DAY, saltOf(1), -1, 0)).toThrow(RangeError);
    expect(() => sumLeaf(DAY, saltOf(1), 0, 1.5)).toThrow(RangeError);
    const big: SumNode = { hash: 'a'.repeat(64), sum: Number.MAX_SAFE_INTEGER };
    expect(() => sumNode(big, { hash: 'b'.repeat(64), sum: 1 })).toThrow(RangeError);
    expect(() => sumTreeLevels([big, { hash: 'b'.repeat(64), sum: 1 }])).toThrow(RangeError);
    expect(() => sumTreeLevels([{ hash: 'b'.repeat(64), sum: -1 }])).toThrow(RangeError);
  });

  it('leaves are ordered by their hash, so a new day with new salts orders the same customers anew', async () => {
    const ids = Array.from({ length: 12 }, (_, i) => i + 1);
    const order = async (day: string) => {
      const leaves = await Promise.all(
        ids.map(async (id) => ({ id, ...(await sumLeaf(day, saltOf(id * (day === DAY ? 1 : 977)), 100, 0)) })),
      );
      return sortLeaves(leaves).map((l) => l.id);
    };
    expect(await order(DAY)).not.toEqual(await order('2026-11-28'));
  });

  it('a version 1 proof still verifies through the same entry point', async () => {
    const leaves = await Promise.all([1, 2, 3, 4, 5].map((i) => leafHash(DAY, saltOf(i), i * 1000)));
    const levels = await merkleLevels(leaves);
    const v1 = {
      version: 1,
      day: DAY,
      salt: saltOf(3),
      centigrams: 3000,
      leaf: leaves[2],
      leafIndex: 2,
      leafCount: 5,
      path: proofPath(levels, 2),
      root: rootOf(levels),
    };
    expect(await verifyReserveProof(v1, { root: rootOf(levels), totalCg: 0 })).toBe('ok');
    expect(await verifyReserveProof({ ...v1, centigrams: 3001 })).toBe('leaf');
    expect(await verifyReserveProof(v1, { root: 'f'.repeat(64), totalCg: 0 })).toBe('published');
    expect(await verifyReserveProof({ ...v1, version: 3 })).toBe('malformed');
  });
});
