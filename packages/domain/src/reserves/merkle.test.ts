import { describe, expect, it } from 'vitest';
import { EMPTY_ROOT, leafHash, leafText, merkleLevels, nodeHash, proofPath, rootOf, verifyLeafProof } from './merkle';

const DAY = '2026-11-27';
/** A deterministic 64-hex salt per customer (the server's are random). */
const saltOf = (i: number) => i.toString(16).padStart(8, '0').repeat(8);

describe('proof of reserves: the Merkle tree', () => {
  it('a tree of 10,000 customers: every leaf verifies against the root; one balance or one path step changed fails', async () => {
    const customers = Array.from({ length: 10_000 }, (_, i) => ({
      salt: saltOf(i + 1),
      centigrams: (i * 7919) % 500_000,
    }));
    const leaves = await Promise.all(customers.map((c) => leafHash(DAY, c.salt, c.centigrams)));
    const levels = await merkleLevels(leaves);
    const root = rootOf(levels);
    expect(levels.at(-1)).toHaveLength(1);
    // 10,000 is not a power of two: odd levels carry their last hash up
    expect(levels.map((l) => l.length)).toContain(625);

    for (let i = 0; i < customers.length; i++) {
      const c = customers[i]!;
      const proof = { day: DAY, ...c, leaf: leaves[i]!, path: proofPath(levels, i), root };
      expect(await verifyLeafProof(proof), `leaf ${i}`).toBe(true);
    }

    const i = 4321;
    const c = customers[i]!;
    const path = proofPath(levels, i);
    const good = { day: DAY, ...c, leaf: leaves[i]!, path, root };
    expect(await verifyLeafProof({ ...good, centigrams: c.centigrams + 1 })).toBe(false);
    // the leaf recomputed with a changed balance does not climb to the root either
    const forged = await leafHash(DAY, c.salt, c.centigrams + 1);
    expect(await verifyLeafProof({ ...good, centigrams: c.centigrams + 1, leaf: forged })).toBe(false);
    for (let s = 0; s < path.length; s++) {
      const flipped = path.map((step, k) =>
        k === s ? { ...step, hash: `${step.hash[0] === '0' ? '1' : '0'}${step.hash.slice(1)}` } : step,
      );
      expect(await verifyLeafProof({ ...good, path: flipped }), `step ${s}`).toBe(false);
      const swapped = path.map((step, k) =>
        k === s ? { ...step, side: step.side === 'left' ? ('right' as const) : ('left' as const) } : step,
      );
      expect(await verifyLeafProof({ ...good, path: swapped }), `side ${s}`).toBe(false);
    }
    expect(await verifyLeafProof({ ...good, path: path.slice(0, -1) })).toBe(false);
    expect(await verifyLeafProof({ ...good, day: '2026-11-28' })).toBe(false);
  }, 60_000);

  it('the encoding is fixed: a leaf is SHA-256 of its text, a node of 0x01 and its children', async () => {
    expect(leafText(DAY, saltOf(1), 1234)).toBe(`prata-reservas-folha-v1|${DAY}|${saltOf(1)}|1234`);
    // computed independently with `printf '%s' '<text>' | sha256sum`
    expect(await leafHash(DAY, saltOf(1), 1234)).toBe(
      '14c7e511e0844a79b9dc5ea02570786e335f41554f04e909472b54da2173cfaa',
    );
    const a = await leafHash(DAY, saltOf(1), 1);
    const b = await leafHash(DAY, saltOf(2), 2);
    expect(await nodeHash(a, b)).not.toBe(await nodeHash(b, a));
    expect(rootOf(await merkleLevels([a]))).toBe(a);
    expect(rootOf(await merkleLevels([]))).toBe(EMPTY_ROOT);
    expect(proofPath(await merkleLevels([a]), 0)).toEqual([]);
    // three leaves: the third is carried up and pairs with the first two's node
    const c = await leafHash(DAY, saltOf(3), 3);
    const levels = await merkleLevels([a, b, c]);
    expect(rootOf(levels)).toBe(await nodeHash(await nodeHash(a, b), c));
    expect(proofPath(levels, 2)).toEqual([{ side: 'left', hash: await nodeHash(a, b) }]);
  });

  it('refuses what is not a balance, a salt or a day', () => {
    expect(() => leafText(DAY, saltOf(1), -1)).toThrow(RangeError);
    expect(() => leafText(DAY, saltOf(1), 1.5)).toThrow(RangeError);
    expect(() => leafText(DAY, 'ABC', 1)).toThrow(TypeError);
    expect(() => leafText('27/11/2026', saltOf(1), 1)).toThrow(TypeError);
  });
});
