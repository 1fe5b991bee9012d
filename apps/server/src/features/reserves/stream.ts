import { createHash, hash } from 'node:crypto';
import {
  addSums,
  EMPTY_ROOT,
  leafTextV2,
  RESERVES_MAX_LEAVES,
  SUM_TREE_BLOCK_LEVEL,
  type SumNode,
  type SumProofStep,
} from '@prata/domain';
import type { Executor } from '@/db/client';
import { type CustomerOwed, streamSilverOwedAsOf } from '@/ledger/index';
import { insertDayLeaves, insertTreeLevels } from './days-repository';
import { daySalt } from './salts';

/**
 * A day's tree (version 2, packages/domain/src/reserves/sum-tree.ts) built with bounded memory: the balances stream
 * from the ledger a batch at a time, and each customer keeps only columns of numbers and 32 bytes of hash (about 70
 * bytes a customer: 70 MB at a million), never an object or a hex string. The hashes are the domain's (SHA-256 of the
 * same bytes, here through node:crypto, which is synchronous and several times faster than Web Crypto per call);
 * reserves.test.ts pins the roots against the domain's own tree.
 */

/** Rows written per INSERT of the leaves (arrays bound as parameters: five per statement). */
const LEAF_ROWS_PER_INSERT = 10_000;
const HASH_BYTES = 32;
/** The byte a v2 node's input starts with (sum-tree.ts). */
const NODE_TAG = 2;

/** Growable columns of the day's leaves, in the order the customers came (user id ascending). */
class Leaves {
  count = 0;
  private capacity = 1 << 14;
  hashes = Buffer.alloc(this.capacity * HASH_BYTES);
  userIds = new Float64Array(this.capacity);
  available = new Float64Array(this.capacity);
  reserved = new Float64Array(this.capacity);

  push(userId: number, availableCg: number, reservedCg: number, hash: Buffer) {
    if (this.count === this.capacity) this.grow();
    const i = this.count++;
    hash.copy(this.hashes, i * HASH_BYTES);
    this.userIds[i] = userId;
    this.available[i] = availableCg;
    this.reserved[i] = reservedCg;
  }

  private grow() {
    this.capacity *= 2;
    const hashes = Buffer.alloc(this.capacity * HASH_BYTES);
    this.hashes.copy(hashes);
    this.hashes = hashes;
    const wider = (a: Float64Array) => {
      const b = new Float64Array(this.capacity);
      b.set(a);
      return b;
    };
    this.userIds = wider(this.userIds);
    this.available = wider(this.available);
    this.reserved = wider(this.reserved);
  }

  /** The leaves' indexes in tree order: by hash (the salts change every day, and so does the order). */
  treeOrder(): Uint32Array {
    const order = new Uint32Array(this.count);
    for (let i = 0; i < this.count; i++) order[i] = i;
    const h = this.hashes;
    // h.compare(target, ..., source ...) orders the source (leaf a) against the target (leaf b): ascending bytes, as hex
    order.sort((a, b) => h.compare(h, b * HASH_BYTES, (b + 1) * HASH_BYTES, a * HASH_BYTES, (a + 1) * HASH_BYTES));
    return order;
  }
}

/**
 * What a leaf commits to: the customer's silver, never below zero. A balance read as of an instant can only be negative
 * when a transaction that began before it debited money credited by one that began after it; a customer who owes
 * silver is owed nothing, so the leaf holds zero (the total is then never lowered by a debt: as in proofs of
 * liabilities, a negative leaf is never published).
 */
export function committed(c: { availableCg: number; heldCg: number }) {
  const total = Math.max(0, c.availableCg + c.heldCg);
  const reservedCg = Math.min(Math.max(0, c.heldCg), total);
  return { availableCg: total - reservedCg, reservedCg };
}

/** Every customer's leaf of the day, streamed from the ledger as of `endsAt`, and the silver owed to unclaimed transfers. */
async function collect(tx: Executor, day: string, endsAt: Date, secret: string) {
  const leaves = new Leaves();
  const { unclaimedCg } = await streamSilverOwedAsOf(tx, endsAt, (batch: CustomerOwed[]) => {
    if (leaves.count + batch.length > RESERVES_MAX_LEAVES) {
      throw new RangeError(`reserves: more than ${RESERVES_MAX_LEAVES} leaves`);
    }
    for (const c of batch) {
      const { availableCg, reservedCg } = committed(c);
      const text = leafTextV2(day, daySalt(secret, day, c.userId), availableCg, reservedCg);
      leaves.push(c.userId, availableCg, reservedCg, createHash('sha256').update(text, 'utf8').digest());
    }
  });
  return { leaves, unclaimedCg };
}

type UpperLevel = { level: number; hashes: Buffer; sums: number[] };

/**
 * A parent's hash as the domain's sum tree makes it: sha256 of the node tag, then each child's hash and its sum as
 * 8 bytes big-endian, written into `input` (81 bytes, reused by the caller).
 */
function nodeHash(input: Buffer, left: Buffer, leftSum: number, right: Buffer, rightSum: number): Buffer {
  input[0] = NODE_TAG;
  left.copy(input, 1);
  input.writeBigUInt64BE(BigInt(leftSum), 33);
  right.copy(input, 41);
  input.writeBigUInt64BE(BigInt(rightSum), 73);
  return hash('sha256', input, 'buffer');
}

/**
 * The level above `width` nodes (their hashes in one buffer, their sums): each pair hashed into its parent, an odd
 * last node carried up as it is, as the domain's sum tree does.
 */
function levelAbove(input: Buffer, hashes: Buffer, sums: Float64Array, width: number) {
  const next = Math.ceil(width / 2);
  const up = Buffer.alloc(next * HASH_BYTES);
  const upSums = new Float64Array(next);
  for (let k = 0; k + 1 < width; k += 2) {
    const left = hashes.subarray(k * HASH_BYTES, (k + 1) * HASH_BYTES);
    const right = hashes.subarray((k + 1) * HASH_BYTES, (k + 2) * HASH_BYTES);
    nodeHash(input, left, sums[k]!, right, sums[k + 1]!).copy(up, (k / 2) * HASH_BYTES);
    upSums[k / 2] = addSums(sums[k]!, sums[k + 1]!);
  }
  if (width % 2 === 1) {
    hashes.copy(up, (next - 1) * HASH_BYTES, (width - 1) * HASH_BYTES, width * HASH_BYTES);
    upSums[next - 1] = sums[width - 1]!;
  }
  return { hashes: up, sums: upSums };
}

/**
 * The root of the leaves in tree order, one level at a time (a level's hashes and sums, then the next's), and the
 * levels from SUM_TREE_BLOCK_LEVEL up to below the root, which a customer's proof reads (proof.ts).
 */
function rootOf(leaves: Leaves, order: Uint32Array): SumNode & { reservedCg: number; upper: UpperLevel[] } {
  const n = leaves.count;
  const upper: UpperLevel[] = [];
  if (n === 0) return { hash: EMPTY_ROOT, sum: 0, reservedCg: 0, upper };
  let hashes = Buffer.alloc(n * HASH_BYTES);
  let sums = new Float64Array(n);
  let reservedCg = 0;
  for (let p = 0; p < n; p++) {
    const i = order[p]!;
    leaves.hashes.copy(hashes, p * HASH_BYTES, i * HASH_BYTES, (i + 1) * HASH_BYTES);
    sums[p] = addSums(leaves.available[i]!, leaves.reserved[i]!);
    reservedCg = addSums(reservedCg, leaves.reserved[i]!);
  }
  const input = Buffer.alloc(81);
  for (let width = n, level = 0; width > 1; level++) {
    ({ hashes, sums } = levelAbove(input, hashes, sums, width));
    width = sums.length;
    if (level + 1 >= SUM_TREE_BLOCK_LEVEL && width > 1)
      upper.push({ level: level + 1, hashes, sums: Array.from(sums) });
  }
  return { hash: hashes.subarray(0, HASH_BYTES).toString('hex'), sum: sums[0]!, reservedCg, upper };
}

/**
 * Every level of the tree over `leaves` (in tree order), as the domain's sumTreeLevels builds it, hashed with
 * node:crypto: a proof's block of 16 leaves in a few microseconds, and a day's million leaves in seconds, where
 * Web Crypto's promise per node takes tens of seconds. proof.test.ts compares the paths it gives with the domain's.
 */
export function sumLevelsOf(leaves: readonly SumNode[]): SumNode[][] {
  if (leaves.length === 0) return [];
  const levels: SumNode[][] = [leaves.map((l) => ({ hash: l.hash, sum: l.sum }))];
  const input = Buffer.alloc(81);
  for (let level = levels[0]!; level.length > 1; ) {
    const next: SumNode[] = [];
    for (let k = 0; k + 1 < level.length; k += 2) {
      const left = level[k]!;
      const right = level[k + 1]!;
      const hash = nodeHash(input, Buffer.from(left.hash, 'hex'), left.sum, Buffer.from(right.hash, 'hex'), right.sum);
      next.push({ hash: hash.toString('hex'), sum: addSums(left.sum, right.sum) });
    }
    if (level.length % 2 === 1) next.push(level[level.length - 1]!);
    levels.push(next);
    level = next;
  }
  return levels;
}

/** One customer's leaf as the domain's sumLeaf makes it, hashed here synchronously. */
export function sumLeafOf(day: string, salt: string, availableCg: number, reservedCg: number): SumNode {
  const text = leafTextV2(day, salt, availableCg, reservedCg);
  return { hash: hash('sha256', text, 'hex'), sum: addSums(availableCg, reservedCg) };
}

/**
 * The path from the leaf at `index` of a block (its leaves in tree order) to the block's top, as the domain's
 * sumProofPath of sumTreeLevels gives it: each level's hashes in one buffer, no hex between levels (a customer's
 * proof hashes its block's 255 nodes on every answer). proof.test.ts compares it with the domain's.
 */
export function blockPathOf(leaves: readonly SumNode[], index: number): SumProofStep[] {
  if (!Number.isSafeInteger(index) || index < 0 || index >= leaves.length) {
    throw new RangeError(`reserves: no leaf at ${index}`);
  }
  let width = leaves.length;
  let hashes = Buffer.alloc(width * HASH_BYTES);
  let sums = new Float64Array(width);
  leaves.forEach((l, k) => {
    hashes.write(l.hash, k * HASH_BYTES, HASH_BYTES, 'hex');
    sums[k] = l.sum;
  });
  const path: SumProofStep[] = [];
  const input = Buffer.alloc(81);
  for (let i = index; width > 1; i = Math.floor(i / 2)) {
    const sibling = i % 2 === 0 ? i + 1 : i - 1;
    if (sibling < width) {
      const at = sibling * HASH_BYTES;
      path.push({
        side: i % 2 === 0 ? 'right' : 'left',
        hash: hashes.toString('hex', at, at + HASH_BYTES),
        sum: sums[sibling]!,
      });
    }
    ({ hashes, sums } = levelAbove(input, hashes, sums, width));
    width = sums.length;
  }
  return path;
}

/** Climbs from a leaf along its path, as the domain's climbSum does: the root (hash and sum) it reaches. */
export function climbSumOf(leaf: SumNode, path: readonly SumProofStep[]): SumNode {
  const input = Buffer.alloc(81);
  let node: { hash: Buffer; sum: number } = { hash: Buffer.from(leaf.hash, 'hex'), sum: leaf.sum };
  for (const step of path) {
    const sibling = Buffer.from(step.hash, 'hex');
    const h =
      step.side === 'left'
        ? nodeHash(input, sibling, step.sum, node.hash, node.sum)
        : nodeHash(input, node.hash, node.sum, sibling, step.sum);
    node = { hash: h, sum: addSums(node.sum, step.sum) };
  }
  return { hash: node.hash.toString('hex'), sum: node.sum };
}

/** Writes the day's leaves in tree order, LEAF_ROWS_PER_INSERT rows per statement. */
async function writeLeaves(tx: Executor, day: string, leaves: Leaves, order: Uint32Array) {
  for (let start = 0; start < order.length; start += LEAF_ROWS_PER_INSERT) {
    const end = Math.min(order.length, start + LEAF_ROWS_PER_INSERT);
    const userIds: number[] = [];
    const available: number[] = [];
    const reserved: number[] = [];
    const hashes: string[] = [];
    for (let p = start; p < end; p++) {
      const i = order[p]!;
      userIds.push(leaves.userIds[i]!);
      available.push(leaves.available[i]!);
      reserved.push(leaves.reserved[i]!);
      hashes.push(leaves.hashes.toString('hex', i * HASH_BYTES, (i + 1) * HASH_BYTES));
    }
    await insertDayLeaves(tx, day, start, { userIds, availableCg: available, reservedCg: reserved, hashes });
  }
}

/**
 * The day's tree from the ledger as of `endsAt`, its leaves written (in the caller's transaction): the root, the
 * customers counted and the reserved part of the total.
 */
export async function buildDayTree(tx: Executor, day: string, endsAt: Date, secret: string) {
  const { leaves, unclaimedCg } = await collect(tx, day, endsAt, secret);
  const order = leaves.treeOrder();
  const root = rootOf(leaves, order);
  await writeLeaves(tx, day, leaves, order);
  await insertTreeLevels(tx, day, root.upper);
  return {
    root: { hash: root.hash, sum: root.sum },
    customerCount: leaves.count,
    reservedCg: root.reservedCg,
    unclaimedCg,
  };
}
