/**
 * The proof of reserves' Merkle tree (docs/reserves.md), written once for the server, the browser and
 * scripts/verify-reserves.mjs (which repeats these few lines in plain JavaScript: keep them equal). Only Web Crypto's
 * SHA-256 (globalThis.crypto.subtle, in every browser and in Node 20), no dependency.
 *
 * Encoding, version 1:
 * - leaf = SHA-256(UTF-8 of `prata-reservas-folha-v1|<day>|<salt>|<centigrams>`): day as yyyy-mm-dd (the Brasília
 *   date the balances are as of), salt as the customer's 64 lowercase hex characters, centigrams as a base-10 integer
 *   without sign or leading zeros. The day inside the leaf makes the same balance a different leaf each day.
 * - node = SHA-256(0x01 ‖ left ‖ right), both children as their 32 bytes. The 0x01 prefix keeps a node from ever
 *   being read as a leaf (a leaf hashes text, which never starts with byte 0x01).
 * - a level with an odd count carries its last hash up unchanged (never duplicated: a duplicate would let two trees
 *   of different leaves share a root).
 * - a path is the list of siblings from the leaf up, each with the side it sits on; a carried-up level adds no step.
 * Hashes travel as 64 lowercase hex characters.
 */

export const RESERVES_LEAF_PREFIX = 'prata-reservas-folha-v1';
/** The most leaves one tree holds (a limit on everything: 2^24 customers, a path of at most 24 steps). */
export const RESERVES_MAX_LEAVES = 16_777_216;

export type ProofStep = { side: 'left' | 'right'; hash: string };

const HEX = /^[0-9a-f]{64}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const toHex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

function fromHex(hex: string): Uint8Array<ArrayBuffer> {
  if (!HEX.test(hex)) throw new TypeError(`reserves: not a SHA-256 hash in hex: ${hex}`);
  const out = new Uint8Array(32);
  for (let i = 0; i < 32; i++) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

async function sha256(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  return new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', bytes));
}

/** The text a leaf hashes: what a customer can rebuild by hand from their day, salt and balance. */
export function leafText(day: string, salt: string, centigrams: number): string {
  if (!DAY.test(day)) throw new TypeError(`reserves: not a day: ${day}`);
  if (!HEX.test(salt)) throw new TypeError('reserves: a salt is 64 lowercase hex characters');
  if (!Number.isSafeInteger(centigrams) || centigrams < 0) {
    throw new RangeError(`reserves: a balance is a non-negative whole number of centigrams, got ${centigrams}`);
  }
  return `${RESERVES_LEAF_PREFIX}|${day}|${salt}|${centigrams}`;
}

/**
 * One customer's leaf, in hex. The functions here check their input before anything asynchronous starts: bad input
 * throws at the call, never as a rejected promise left for someone to catch.
 */
export function leafHash(day: string, salt: string, centigrams: number): Promise<string> {
  const bytes = new TextEncoder().encode(leafText(day, salt, centigrams));
  return sha256(bytes).then(toHex);
}

/** A parent from its two children (hex). */
export function nodeHash(left: string, right: string): Promise<string> {
  const bytes = new Uint8Array(65);
  bytes[0] = 1;
  bytes.set(fromHex(left), 1);
  bytes.set(fromHex(right), 33);
  return sha256(bytes).then(toHex);
}

/** Every level of the tree, leaves first, the root's level (one hash) last. An empty tree has no levels. */
export function merkleLevels(leaves: readonly string[]): Promise<string[][]> {
  if (!Array.isArray(leaves)) throw new TypeError('reserves: the leaves are a list of hashes');
  if (leaves.length > RESERVES_MAX_LEAVES) throw new RangeError(`reserves: more than ${RESERVES_MAX_LEAVES} leaves`);
  for (const leaf of leaves)
    if (typeof leaf !== 'string' || !HEX.test(leaf)) throw new TypeError('reserves: a leaf is a SHA-256 hash in hex');
  return buildLevels(leaves);
}

async function buildLevels(leaves: readonly string[]): Promise<string[][]> {
  if (leaves.length === 0) return [];
  const levels: string[][] = [leaves.slice()];
  let level = levels[0]!;
  while (level.length > 1) {
    const pairs: Promise<string>[] = [];
    for (let i = 0; i + 1 < level.length; i += 2) pairs.push(nodeHash(level[i]!, level[i + 1]!));
    const next = await Promise.all(pairs);
    if (level.length % 2 === 1) next.push(level[level.length - 1]!);
    levels.push(next);
    level = next;
  }
  return levels;
}

/** The root of an empty tree: SHA-256 of nothing, so that a day with no customers still publishes a hash. */
export const EMPTY_ROOT = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

export function rootOf(levels: readonly string[][]): string {
  return levels.length === 0 ? EMPTY_ROOT : levels[levels.length - 1]![0]!;
}

/** The path from the leaf at `index` to the root. */
export function proofPath(levels: readonly string[][], index: number): ProofStep[] {
  const leaves = levels[0];
  if (!leaves || !Number.isSafeInteger(index) || index < 0 || index >= leaves.length) {
    throw new RangeError(`reserves: no leaf at ${index}`);
  }
  const path: ProofStep[] = [];
  let i = index;
  for (const level of levels.slice(0, -1)) {
    const sibling = i % 2 === 0 ? i + 1 : i - 1;
    if (sibling < level.length) path.push({ side: i % 2 === 0 ? 'right' : 'left', hash: level[sibling]! });
    i = Math.floor(i / 2);
  }
  return path;
}

/** Climbs from a leaf along its path: the root it reaches. */
export function rootFromPath(leaf: string, path: readonly ProofStep[]): Promise<string> {
  if (typeof leaf !== 'string' || !HEX.test(leaf)) throw new TypeError('reserves: a leaf is a SHA-256 hash in hex');
  if (!Array.isArray(path)) throw new TypeError('reserves: a path is a list of steps');
  for (const step of path) {
    if (!step || (step.side !== 'left' && step.side !== 'right') || !HEX.test(step.hash)) {
      throw new TypeError('reserves: a path step is { side: left | right, hash }');
    }
  }
  return climb(leaf, path);
}

async function climb(leaf: string, path: readonly ProofStep[]): Promise<string> {
  let hash = leaf;
  for (const step of path)
    hash = step.side === 'left' ? await nodeHash(step.hash, hash) : await nodeHash(hash, step.hash);
  return hash;
}

export type LeafProof = {
  day: string;
  salt: string;
  centigrams: number;
  leaf: string;
  path: readonly ProofStep[];
  root: string;
};

/**
 * What a customer checks: the leaf is theirs (their day, salt and balance hash to it) and its path climbs to the
 * published root. False on any mismatch or malformed input, never an exception.
 */
export async function verifyLeafProof(proof: LeafProof): Promise<boolean> {
  try {
    const leaf = await leafHash(proof.day, proof.salt, proof.centigrams);
    if (leaf !== proof.leaf) return false;
    return (await rootFromPath(leaf, proof.path)) === proof.root;
  } catch {
    return false;
  }
}
