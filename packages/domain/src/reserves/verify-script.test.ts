import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { leafHash, merkleLevels, proofPath, rootOf } from './merkle';
import { sortLeaves, sumLeaf, sumProofPath, sumRootOf, sumTreeLevels } from './sum-tree';

const SCRIPT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../scripts/verify-reserves.mjs');
const DAY = '2026-11-27';

/** Runs the script on a proof; answers its exit code and output. */
function run(proof: object, ...args: string[]): { code: number; out: string } {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'prata-proof-')), 'prova.json');
  writeFileSync(file, JSON.stringify(proof));
  try {
    return { code: 0, out: execFileSync(process.execPath, [SCRIPT, file, ...args], { encoding: 'utf8' }) };
  } catch (err) {
    const e = err as { status: number; stdout: string };
    return { code: e.status, out: e.stdout };
  }
}

async function v2Proof() {
  const salts = Array.from({ length: 37 }, (_, i) => (i + 1).toString(16).padStart(64, 'b'));
  const leaves = sortLeaves(
    await Promise.all(salts.map(async (salt, i) => ({ salt, i, ...(await sumLeaf(DAY, salt, i * 100, i % 2)) }))),
  );
  const levels = await sumTreeLevels(leaves);
  const root = sumRootOf(levels);
  const at = leaves.findIndex((l) => l.i === 30);
  return {
    version: 2,
    day: DAY,
    salt: salts[30]!,
    availableCg: 3000,
    reservedCg: 0,
    centigrams: 3000,
    leaf: leaves[at]!.hash,
    leafIndex: at,
    leafCount: leaves.length,
    path: sumProofPath(levels, at),
    root: root.hash,
    rootSum: root.sum,
  };
}

describe('scripts/verify-reserves.mjs: the same verification in plain Node', () => {
  it('verifies a v2 proof with its published root and total; a tampered sibling sum or another total fails', async () => {
    const proof = await v2Proof();
    const total = `${Math.floor(proof.rootSum / 100).toLocaleString('pt-BR')},${String(proof.rootSum % 100).padStart(2, '0')} g`;
    const ok = run(proof, proof.root, total);
    expect(ok.code, ok.out).toBe(0);
    expect(ok.out).toContain('disponível 30,00 g + reservado 0,00 g = 30,00 g');
    expect(run(proof, proof.root, String(proof.rootSum)).code).toBe(0);

    const lowered = proof.path.map((s, k) => (k === 2 ? { ...s, sum: s.sum - 100 } : s));
    expect(run({ ...proof, path: lowered }).out).toContain('o caminho não leva à raiz');
    // the file's total lowered along with it: the root hash still gives it away
    expect(run({ ...proof, path: lowered, rootSum: proof.rootSum - 100 }).code).toBe(1);
    const negative = proof.path.map((s, k) => (k === 0 ? { ...s, sum: -1 } : s));
    expect(run({ ...proof, path: negative }).out).toContain('negativa');
    expect(run({ ...proof, rootSum: proof.rootSum + 1 }).out).toContain('difere do total do arquivo');
    expect(run(proof, proof.root, String(proof.rootSum - 1)).out).toContain('difere do total publicado');
    expect(run(proof, 'f'.repeat(64)).out).toContain('difere da raiz publicada');
    expect(run({ ...proof, availableCg: 3001, centigrams: 3001 }).code).toBe(1);
  });

  it('still verifies a v1 proof, and fails a changed balance, path step or published root', async () => {
    const salts = Array.from({ length: 37 }, (_, i) => (i + 1).toString(16).padStart(64, 'a'));
    const leaves = await Promise.all(salts.map((s, i) => leafHash(DAY, s, i * 100)));
    const levels = await merkleLevels(leaves);
    const i = 30;
    const proof = {
      version: 1,
      day: DAY,
      salt: salts[i],
      centigrams: i * 100,
      leaf: leaves[i],
      leafIndex: i,
      leafCount: leaves.length,
      path: proofPath(levels, i),
      root: rootOf(levels),
    };
    const ok = run(proof, proof.root);
    expect(ok.code).toBe(0);
    expect(ok.out).toContain('OK (versão 1): 30,00 g');
    expect(run({ ...proof, centigrams: 3001 }).code).toBe(1);
    const path0 = proof.path.map((s, k) => (k === 1 ? { ...s, hash: proof.leaf } : s));
    expect(run({ ...proof, path: path0 }).code).toBe(1);
    expect(run(proof, 'f'.repeat(64)).out).toContain('difere da raiz publicada');
    expect(run({ ...proof, version: 7 }).out).toContain('versão da prova desconhecida');
  });
});
