import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { leafHash, merkleLevels, proofPath, rootOf } from './merkle';

const SCRIPT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../scripts/verify-reserves.mjs');

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

describe('scripts/verify-reserves.mjs: the same verification in plain Node', () => {
  it('verifies a proof the domain built, and fails a changed balance, path step or published root', async () => {
    const day = '2026-11-27';
    const salts = Array.from({ length: 37 }, (_, i) => (i + 1).toString(16).padStart(64, 'a'));
    const leaves = await Promise.all(salts.map((s, i) => leafHash(day, s, i * 100)));
    const levels = await merkleLevels(leaves);
    const i = 30;
    const proof = {
      version: 1,
      day,
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
    expect(ok.out).toContain('OK: 30,00 g');
    expect(run({ ...proof, centigrams: 3001 }).code).toBe(1);
    const path0 = proof.path.map((s, k) => (k === 1 ? { ...s, hash: proof.leaf } : s));
    expect(run({ ...proof, path: path0 }).code).toBe(1);
    expect(run(proof, 'f'.repeat(64)).out).toContain('difere da raiz publicada');
  });
});
