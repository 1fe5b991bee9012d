import { ReserveProofResponse } from '../contracts/reserves';
import { leafHash, verifyLeafProof } from './merkle';
import { checkSumProof, type ProofCheck } from './sum-tree';

async function ownLeaf(day: string, salt: string, centigrams: number): Promise<string | null> {
  try {
    return await leafHash(day, salt, centigrams);
  } catch {
    return null;
  }
}

/** What the proof is checked against: the root and total published for its day. */
export type PublishedDay = { root: string; totalCg: number };

/**
 * Any proof file, version 1 or 2 (what the page reads back from a download and what GET /api/reserves/proof answers):
 * 'ok' or why not. Version 1 proves only that the leaf is under the root (its tree does not commit to a total), so
 * only the root is compared with the published one; version 2 also proves the root's sum is the published total.
 */
export async function verifyReserveProof(proof: unknown, published?: PublishedDay): Promise<ProofCheck> {
  const parsed = ReserveProofResponse.safeParse(proof);
  if (!parsed.success) {
    const steps = (proof as { path?: Array<{ sum?: unknown }> } | null)?.path;
    const negative = Array.isArray(steps) && steps.some((s) => typeof s?.sum === 'number' && s.sum < 0);
    return negative ? 'negative' : 'malformed';
  }
  const p = parsed.data;
  if (p.version === 2) return checkSumProof(p, published);
  if (!(await verifyLeafProof(p))) {
    return (await ownLeaf(p.day, p.salt, p.centigrams)) === p.leaf ? 'path' : 'leaf';
  }
  if (published && published.root !== p.root) return 'published';
  return 'ok';
}
