/**
 * The proof of reserves' Merkle sum tree, version 2 (docs/reserves.md, "The tree (version 2)"), written once for the
 * server and the browser; scripts/verify-reserves.mjs repeats the verification in plain JavaScript (keep them equal).
 * Only Web Crypto's SHA-256, no dependency.
 *
 * Every node carries a hash and a sum (centigrams, a non-negative safe integer). A parent commits to both children's
 * hashes AND both of their sums (Maxwell's proof of liabilities as corrected by Hu et al., and Summa): a path whose
 * sibling sums were changed climbs to another root hash, and the root's sum is the published total.
 * - leaf: hash = SHA-256(UTF-8 of `prata-reservas-folha-v2|<day>|<salt>|<available>|<reserved>`),
 *   sum = available + reserved (both base-10 integers without sign or leading zeros).
 * - node: hash = SHA-256(0x02 ‖ left.hash ‖ u64be(left.sum) ‖ right.hash ‖ u64be(right.sum)), 81 bytes in;
 *   sum = left.sum + right.sum, refused above Number.MAX_SAFE_INTEGER.
 * - a level with an odd count carries its last node up unchanged; an empty tree is SHA-256 of nothing with sum 0.
 * - the leaves are ordered by their hash (salted per customer per day, so the order changes every day).
 */
import { EMPTY_ROOT, RESERVES_MAX_LEAVES } from './merkle';

export const RESERVES_LEAF_PREFIX_V2 = 'prata-reservas-folha-v2';
/** The byte a v2 node's input starts with (a v1 node's is 0x01; a leaf's text never starts with either). */
const NODE_TAG = 2;

export type SumNode = { hash: string; sum: number };
export type SumProofStep = { side: 'left' | 'right'; hash: string; sum: number };

const HEX = /^[0-9a-f]{64}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const toHex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

function putHex(out: Uint8Array, hex: string, at: number) {
  for (let i = 0; i < 32; i++) out[at + i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
}

async function sha256(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  return toHex(new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', bytes)));
}

const isAmount = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0;

function checkNode(node: SumNode, what: string) {
  if (!node || typeof node.hash !== 'string' || !HEX.test(node.hash)) {
    throw new TypeError(`reserves: ${what} is not a SHA-256 hash in hex`);
  }
  if (!isAmount(node.sum)) throw new RangeError(`reserves: ${what} has a sum that is not a non-negative whole number`);
}

/** Adds two sums; refuses an overflow rather than publishing a total that is not exact. */
export function addSums(a: number, b: number): number {
  const sum = a + b;
  if (!Number.isSafeInteger(sum)) throw new RangeError('reserves: the sum overflows');
  return sum;
}

/** The text a v2 leaf hashes: what a customer rebuilds by hand from their day, salt and balances. */
export function leafTextV2(day: string, salt: string, availableCg: number, reservedCg: number): string {
  if (!DAY.test(day)) throw new TypeError(`reserves: not a day: ${day}`);
  if (!HEX.test(salt)) throw new TypeError('reserves: a salt is 64 lowercase hex characters');
  if (!isAmount(availableCg) || !isAmount(reservedCg)) {
    throw new RangeError('reserves: a balance is a non-negative whole number of centigrams');
  }
  return `${RESERVES_LEAF_PREFIX_V2}|${day}|${salt}|${availableCg}|${reservedCg}`;
}

/** One customer's leaf. Bad input throws at the call, never as a rejected promise. */
export function sumLeaf(day: string, salt: string, availableCg: number, reservedCg: number): Promise<SumNode> {
  const text = leafTextV2(day, salt, availableCg, reservedCg);
  const sum = addSums(availableCg, reservedCg);
  return sha256(new TextEncoder().encode(text)).then((hash) => ({ hash, sum }));
}

/** A parent from its two children: it commits to both hashes and both sums. */
export function sumNode(left: SumNode, right: SumNode): Promise<SumNode> {
  checkNode(left, 'a left child');
  checkNode(right, 'a right child');
  const sum = addSums(left.sum, right.sum);
  const bytes = new Uint8Array(81);
  const view = new DataView(bytes.buffer);
  bytes[0] = NODE_TAG;
  putHex(bytes, left.hash, 1);
  view.setBigUint64(33, BigInt(left.sum));
  putHex(bytes, right.hash, 41);
  view.setBigUint64(73, BigInt(right.sum));
  return sha256(bytes).then((hash) => ({ hash, sum }));
}

/** The leaves in tree order: by hash, so the order follows the day's salts and says nothing about customers. */
export function sortLeaves<T extends SumNode>(leaves: readonly T[]): T[] {
  return [...leaves].sort((a, b) => (a.hash < b.hash ? -1 : a.hash > b.hash ? 1 : 0));
}

/** Every level of the tree, leaves first, the root's level last. An empty tree has no levels. */
export function sumTreeLevels(leaves: readonly SumNode[]): Promise<SumNode[][]> {
  if (!Array.isArray(leaves)) throw new TypeError('reserves: the leaves are a list');
  if (leaves.length > RESERVES_MAX_LEAVES) throw new RangeError(`reserves: more than ${RESERVES_MAX_LEAVES} leaves`);
  let total = 0;
  for (const leaf of leaves) {
    checkNode(leaf, 'a leaf');
    total = addSums(total, leaf.sum);
  }
  return buildLevels(leaves);
}

async function buildLevels(leaves: readonly SumNode[]): Promise<SumNode[][]> {
  if (leaves.length === 0) return [];
  const levels: SumNode[][] = [leaves.map((l) => ({ hash: l.hash, sum: l.sum }))];
  let level = levels[0]!;
  while (level.length > 1) {
    const pairs: Promise<SumNode>[] = [];
    for (let i = 0; i + 1 < level.length; i += 2) pairs.push(sumNode(level[i]!, level[i + 1]!));
    const next = await Promise.all(pairs);
    if (level.length % 2 === 1) next.push(level[level.length - 1]!);
    levels.push(next);
    level = next;
  }
  return levels;
}

export function sumRootOf(levels: readonly SumNode[][]): SumNode {
  return levels.length === 0 ? { hash: EMPTY_ROOT, sum: 0 } : levels[levels.length - 1]![0]!;
}

/** The path from the leaf at `index` to the root, each sibling with its hash and sum. */
export function sumProofPath(levels: readonly SumNode[][], index: number): SumProofStep[] {
  const leaves = levels[0];
  if (!leaves || !Number.isSafeInteger(index) || index < 0 || index >= leaves.length) {
    throw new RangeError(`reserves: no leaf at ${index}`);
  }
  const path: SumProofStep[] = [];
  let i = index;
  for (const level of levels.slice(0, -1)) {
    const sibling = i % 2 === 0 ? i + 1 : i - 1;
    const node = level[sibling];
    if (node) path.push({ side: i % 2 === 0 ? 'right' : 'left', hash: node.hash, sum: node.sum });
    i = Math.floor(i / 2);
  }
  return path;
}

/** Climbs from a leaf along its path: the root (hash and sum) it reaches. */
export async function climbSum(leaf: SumNode, path: readonly SumProofStep[]): Promise<SumNode> {
  let node = leaf;
  for (const step of path) {
    const sibling = { hash: step.hash, sum: step.sum };
    node = step.side === 'left' ? await sumNode(sibling, node) : await sumNode(node, sibling);
  }
  return node;
}

export type SumLeafProof = {
  version: 2;
  day: string;
  salt: string;
  availableCg: number;
  reservedCg: number;
  centigrams: number;
  leaf: string;
  path: readonly SumProofStep[];
  root: string;
  /** the root's sum: the published total of the customers' silver */
  rootSum: number;
};

/** Why a proof does not verify; 'ok' when it does. */
export type ProofCheck = 'ok' | 'malformed' | 'leaf' | 'negative' | 'path' | 'sum' | 'published';

function malformedStep(step: SumProofStep): boolean {
  return (
    !step || (step.side !== 'left' && step.side !== 'right') || typeof step.hash !== 'string' || !HEX.test(step.hash)
  );
}

/**
 * A v2 proof: the leaf is the customer's (day, salt and balances hash to it), no sibling sum is negative, the path
 * climbs to the root hash AND to the root sum, and the root sum is the total in the file and, when given, the
 * published one. Never throws.
 */
export async function checkSumProof(
  proof: SumLeafProof,
  published?: { root: string; totalCg: number },
): Promise<ProofCheck> {
  try {
    if (!Array.isArray(proof.path) || proof.path.some(malformedStep)) return 'malformed';
    if (proof.path.some((step) => typeof step.sum !== 'number' || step.sum < 0)) return 'negative';
    if (proof.path.some((step) => !isAmount(step.sum))) return 'malformed';
    if (proof.centigrams !== proof.availableCg + proof.reservedCg) return 'leaf';
    const leaf = await sumLeaf(proof.day, proof.salt, proof.availableCg, proof.reservedCg);
    if (leaf.hash !== proof.leaf) return 'leaf';
    const root = await climbSum(leaf, proof.path);
    if (root.hash !== proof.root) return 'path';
    if (root.sum !== proof.rootSum) return 'sum';
    if (published && (published.root !== root.hash || published.totalCg !== root.sum)) return 'published';
    return 'ok';
  } catch {
    return 'malformed';
  }
}

/**
 * A customer's path without the whole tree (docs/reserves.md, "A proof at scale"). The leaves are cut into aligned
 * blocks of 2^blockLevel; a node at a level up to blockLevel covers leaves of one block only, and the odd rule (the
 * last node carried up) gives the same nodes whether a block is built alone or in the tree, because every block but
 * the last is full and a level's count keeps its parity (it drops by an even number of nodes per block before). So
 * the path's lower part comes from the leaf's block alone, and its upper part from the nodes stored from blockLevel up.
 */
export const SUM_TREE_BLOCK_LEVEL = 4;

/** A leaf's place in a tree of `leafCount` leaves cut in blocks of 2^blockLevel, checked (bad input throws). */
function checkPlace(index: number, leafCount: number, blockLevel: number) {
  if (!Number.isSafeInteger(leafCount) || leafCount < 1 || leafCount > RESERVES_MAX_LEAVES) {
    throw new RangeError(`reserves: a tree of ${String(leafCount)} leaves`);
  }
  if (!Number.isSafeInteger(index) || index < 0 || index >= leafCount) {
    throw new RangeError(`reserves: no leaf at ${String(index)}`);
  }
  if (!Number.isInteger(blockLevel) || blockLevel < 1 || blockLevel > 30) {
    throw new RangeError(`reserves: blocks of level ${String(blockLevel)}`);
  }
}

/** The block of leaves the leaf at `index` belongs to: [start, end) in tree order. */
export function sumTreeBlock(index: number, leafCount: number, blockLevel = SUM_TREE_BLOCK_LEVEL) {
  checkPlace(index, leafCount, blockLevel);
  const size = 2 ** blockLevel;
  const start = Math.floor(index / size) * size;
  return { start, end: Math.min(leafCount, start + size) };
}

/** Each level's width above the leaves, from blockLevel to the root's level (excluded): what the upper path crosses. */
export function upperSiblings(index: number, leafCount: number, blockLevel = SUM_TREE_BLOCK_LEVEL) {
  checkPlace(index, leafCount, blockLevel);
  const wanted: Array<{ level: number; position: number; side: 'left' | 'right' }> = [];
  for (let level = blockLevel, i = Math.floor(index / 2 ** blockLevel); ; level++, i = Math.floor(i / 2)) {
    const width = Math.ceil(leafCount / 2 ** level);
    if (width <= 1) break;
    const sibling = i % 2 === 0 ? i + 1 : i - 1;
    if (sibling < width) wanted.push({ level, position: sibling, side: i % 2 === 0 ? 'right' : 'left' });
  }
  return wanted;
}

/**
 * The leaf's path from its block's levels (sumTreeLevels of the block's leaves) and the stored siblings above them
 * (upperSiblings' positions, read from the levels stored from blockLevel up, in the same order).
 */
export function sumProofPathFromBlock(
  blockLevels: readonly SumNode[][],
  indexInBlock: number,
  upper: readonly (SumNode & { side: 'left' | 'right' })[],
): SumProofStep[] {
  if (!Array.isArray(blockLevels) || !Array.isArray(upper)) throw new TypeError('reserves: the levels are lists');
  const lower = blockLevels.length === 0 ? [] : sumProofPath(blockLevels, indexInBlock);
  return [...lower, ...upper.map((n) => ({ side: n.side, hash: n.hash, sum: n.sum }))];
}
