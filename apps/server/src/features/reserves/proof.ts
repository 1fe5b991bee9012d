import {
  MESSAGES,
  merkleLevels,
  proofPath,
  type ReserveProofResponse,
  type ReserveProofSummary,
  rootOf,
  SUM_TREE_BLOCK_LEVEL,
  type SumNode,
  type SumProofStep,
  sumRootOf,
  sumTreeBlock,
  upperSiblings,
} from '@prata/domain';
import type { AppDeps } from '@/deps';
import { AppError } from '@/lib/errors';
import { keptDays } from '@/features/retention/index';
import * as repo from './repository';
import { insertTreeLevels } from './days-repository';
import { blockPathOf, climbSumOf, sumLeafOf, sumLevelsOf } from './stream';
import { daySalt, reservesSecret } from './salts';

/**
 * The levels of each version 1 day's tree recently asked for: rebuilt from the stored leaves once per day per instance
 * (the days before the sum tree, kept only for their retention window).
 */
const treeCache = new Map<string, string[][]>();
const TREE_CACHE_MAX = 2;

function remember(key: string, levels: string[][]): string[][] {
  if (treeCache.size >= TREE_CACHE_MAX) treeCache.delete(treeCache.keys().next().value!);
  treeCache.set(key, levels);
  return levels;
}

/**
 * A version 2 day built before its upper levels were stored: the whole tree once, from every leaf (the stored leaves
 * must give the published root and total: anything else is a broken day, never a proof to hand out), then its levels
 * from the block level up stored for every later proof. One such build at a time per day in this instance.
 */
const storing = new Map<string, Promise<void>>();
function storeUpperLevels(deps: AppDeps, summary: ReserveProofSummary): Promise<void> {
  const key = `${summary.day}:${summary.root}`;
  let pending = storing.get(key);
  if (!pending) {
    pending = (async () => {
      const levels = sumLevelsOf(await repo.dayLeaves(deps.database.db, summary.day));
      const root = sumRootOf(levels);
      if (root.hash !== summary.root || root.sum !== summary.customersCg) {
        throw new Error(`reserves: the leaves of ${summary.day} do not give its root and total`);
      }
      const upper = levels.slice(SUM_TREE_BLOCK_LEVEL, -1).map((nodes, i) => ({
        level: SUM_TREE_BLOCK_LEVEL + i,
        hashes: Buffer.concat(nodes.map((n) => Buffer.from(n.hash, 'hex'))),
        sums: nodes.map((n) => n.sum),
      }));
      await insertTreeLevels(deps.database.db, summary.day, upper);
    })().finally(() => storing.delete(key));
    storing.set(key, pending);
  }
  return pending;
}

/**
 * The levels of a day's stored tree from MEMORY_LEVEL up (a node per 128 leaves and fewer: about 0.6 MB a day at a
 * million customers), kept in memory once read for the last UPPER_DAYS_MAX days asked for, so that a proof reads the
 * same three levels from the database whatever the day's size (the tree's depth grows with log₂ of its leaves). A day's
 * levels never change once stored; the key holds its root.
 */
const MEMORY_LEVEL = SUM_TREE_BLOCK_LEVEL + 3;
const UPPER_DAYS_MAX = 2;
type StoredLevel = { hashes: Buffer; sums: Buffer };
const upperLevels = new Map<string, Promise<Map<number, StoredLevel>>>();

function upperLevelsOf(deps: AppDeps, summary: ReserveProofSummary): Promise<Map<number, StoredLevel>> {
  const key = `${summary.day}:${summary.root}`;
  let levels = upperLevels.get(key);
  if (!levels) {
    if (upperLevels.size >= UPPER_DAYS_MAX) upperLevels.delete(upperLevels.keys().next().value!);
    levels = repo.treeLevelsFrom(deps.database.db, summary.day, MEMORY_LEVEL);
    levels.catch(() => upperLevels.delete(key));
    upperLevels.set(key, levels);
  }
  return levels;
}

function nodeOf(level: StoredLevel | undefined, position: number): { hash: string; sum: number } | null {
  if (!level || level.hashes.length < (position + 1) * 32 || level.sums.length < (position + 1) * 8) return null;
  return {
    hash: level.hashes.subarray(position * 32, (position + 1) * 32).toString('hex'),
    sum: Number(level.sums.readBigInt64BE(position * 8)),
  };
}

/** The stored nodes `wanted`, in its order: the levels below MEMORY_LEVEL from the database, the rest from memory. */
async function storedNodes(
  deps: AppDeps,
  summary: ReserveProofSummary,
  wanted: ReadonlyArray<{ level: number; position: number }>,
) {
  const below = wanted.filter((w) => w.level < MEMORY_LEVEL);
  const [read, upper] = await Promise.all([
    repo.treeNodes(deps.database.db, summary.day, below),
    below.length < wanted.length ? upperLevelsOf(deps, summary) : undefined,
  ]);
  let i = 0;
  return wanted.map((w) => (w.level < MEMORY_LEVEL ? read[i++]! : nodeOf(upper?.get(w.level), w.position)));
}

/**
 * The leaf's path from the leaves of its block and the stored nodes above (docs/reserves.md, "A proof at scale"): a
 * few hundred leaves and one node per level, whatever the day's size. It must climb to the published root and total.
 */
async function sumPath(deps: AppDeps, summary: ReserveProofSummary, leaf: SumNode, index: number) {
  const db = deps.database.db;
  const count = summary.customerCount;
  const { start, end } = sumTreeBlock(index, count);
  const wanted = upperSiblings(index, count);
  // the stored nodes above the block and the block's leaves, read side by side
  const [stored, block] = await Promise.all([
    storedNodes(deps, summary, wanted),
    repo.leavesBetween(db, summary.day, start, end),
  ]);
  let nodes = stored;
  if (nodes.some((n) => n === null)) {
    await storeUpperLevels(deps, summary);
    upperLevels.delete(`${summary.day}:${summary.root}`);
    nodes = await storedNodes(deps, summary, wanted);
  }
  const upper = wanted.map((w, i) => {
    const node = nodes[i];
    if (!node) throw new Error(`reserves: the tree of ${summary.day} has no node ${w.level}/${w.position}`);
    return { ...node, side: w.side };
  });
  const path: SumProofStep[] = [
    ...blockPathOf(block, index - start),
    ...upper.map(({ side, hash, sum }) => ({ side, hash, sum })),
  ];
  const top = climbSumOf(leaf, path);
  if (top.hash !== summary.root || top.sum !== summary.customersCg) {
    throw new Error(`reserves: the stored tree of ${summary.day} does not climb to its root and total`);
  }
  return path;
}

async function plainLevels(deps: AppDeps, summary: ReserveProofSummary): Promise<string[][]> {
  const key = `1:${summary.day}:${summary.root}`;
  const cached = treeCache.get(key);
  if (cached) return cached;
  const leaves = await repo.dayLeaves(deps.database.db, summary.day);
  const levels = await merkleLevels(leaves.map((l) => l.hash));
  if (rootOf(levels) !== summary.root) throw new Error(`reserves: the leaves of ${summary.day} do not give its root`);
  return remember(key, levels);
}

/** The retention rule that erases the leaves of old days (migration 0044) and its default period. */
const RESERVE_LEAVES_RULE = 'reserve_leaves';
const RESERVE_LEAVES_DEFAULT_DAYS = 90;

type Mine = NonNullable<Awaited<ReturnType<typeof repo.customerLeaf>>>;

async function proofV2(deps: AppDeps, summary: ReserveProofSummary, userId: number, mine: Mine) {
  const salt = daySalt(await reservesSecret(deps, deps.database.db), summary.day, userId);
  // a salt key changed since the day was built would hand out a proof that cannot verify: refuse it loudly
  if (sumLeafOf(summary.day, salt, mine.availableCg, mine.reservedCg).hash !== mine.leaf) {
    throw new Error(`reserves: the salt key is not the one ${summary.day} was built with`);
  }
  const path = await sumPath(deps, summary, { hash: mine.leaf, sum: mine.centigrams }, mine.position);
  return {
    version: 2 as const,
    day: summary.day,
    salt,
    availableCg: mine.availableCg,
    reservedCg: mine.reservedCg,
    centigrams: mine.centigrams,
    leaf: mine.leaf,
    leafIndex: mine.position,
    leafCount: summary.customerCount,
    path,
    root: summary.root,
    rootSum: summary.customersCg,
  };
}

async function proofV1(deps: AppDeps, summary: ReserveProofSummary, mine: Mine) {
  if (!mine.v1Salt) throw new Error(`reserves: a leaf of ${summary.day} has no salt`);
  const levels = await plainLevels(deps, summary);
  return {
    version: 1 as const,
    day: summary.day,
    salt: mine.v1Salt,
    centigrams: mine.centigrams,
    leaf: mine.leaf,
    leafIndex: mine.position,
    leafCount: summary.customerCount,
    path: proofPath(levels, mine.position),
    root: summary.root,
  };
}

/** GET /api/reserves/proof: the customer's own leaf of the day (default the latest) and its path to the root. */
export async function customerProof(deps: AppDeps, userId: number, day?: string): Promise<ReserveProofResponse> {
  const db = deps.database.db;
  const summary = await repo.findDayOrLatest(db, day);
  if (!summary) throw new AppError('NOT_FOUND', MESSAGES.reservesNoProofYet);
  const wanted = summary.day;
  const mine = await repo.customerLeaf(db, wanted, userId);
  if (!mine) {
    // a day whose leaves the retention rule 'reserve_leaves' erased: the day is public, no one's proof is kept
    if (summary.customerCount > 0 && !(await repo.hasLeaves(db, wanted))) {
      const days = (await keptDays(db, RESERVE_LEAVES_RULE)) ?? RESERVE_LEAVES_DEFAULT_DAYS;
      throw new AppError('RESERVES_PROOF_EXPIRED', MESSAGES.reservesProofExpired(days));
    }
    throw new AppError('NOT_FOUND', MESSAGES.reservesNotInProof);
  }
  return summary.version === 2 ? proofV2(deps, summary, userId, mine) : proofV1(deps, summary, mine);
}
