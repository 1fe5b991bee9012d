#!/usr/bin/env node
// Verifies a Prata proof of reserves by hand, with nothing but Node (18 or later) and no dependency.
//
//   1. Signed in at Prata, open "Prova de reservas" and download your proof (a JSON file), or ask the API:
//      GET /api/reserves/proof (your own leaf) and GET /api/reserves (the published root of each day).
//   2. node scripts/verify-reserves.mjs minha-prova.json [root-publicado]
//
// It recomputes your leaf from the day, your salt and your balance in centigrams, climbs the path to the root and
// compares it with the root in the file and, if you give one, with the root published on /prova-de-reservas.
// The encoding (docs/reserves.md; packages/domain/src/reserves/merkle.ts holds the same lines in TypeScript):
//   leaf = SHA-256(UTF-8 "prata-reservas-folha-v1|<day>|<salt>|<centigrams>")
//   node = SHA-256(0x01 ‖ left ‖ right), 32-byte children; an odd hash at a level goes up unchanged.
// Exit code 0: verified; 1: it does not verify; 2: the file could not be read.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

const HEX = /^[0-9a-f]{64}$/;
const sha256 = (data) => createHash('sha256').update(data).digest('hex');

function leafHash(day, salt, centigrams) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !HEX.test(salt) || !Number.isSafeInteger(centigrams) || centigrams < 0) {
    throw new Error('dia, sal ou saldo malformado');
  }
  return sha256(`prata-reservas-folha-v1|${day}|${salt}|${centigrams}`);
}

function nodeHash(left, right) {
  if (!HEX.test(left) || !HEX.test(right)) throw new Error('hash malformado no caminho');
  return sha256(Buffer.concat([Buffer.from([1]), Buffer.from(left, 'hex'), Buffer.from(right, 'hex')]));
}

export function verify(proof, publishedRoot) {
  const leaf = leafHash(proof.day, proof.salt, proof.centigrams);
  if (leaf !== proof.leaf) return { ok: false, why: 'a folha não corresponde ao dia, ao sal e ao saldo' };
  let hash = leaf;
  for (const step of proof.path) {
    if (step.side === 'left') hash = nodeHash(step.hash, hash);
    else if (step.side === 'right') hash = nodeHash(hash, step.hash);
    else throw new Error('lado desconhecido no caminho');
  }
  if (hash !== proof.root) return { ok: false, why: 'o caminho não leva à raiz do arquivo' };
  if (publishedRoot && publishedRoot.toLowerCase() !== proof.root) {
    return { ok: false, why: 'a raiz do arquivo difere da raiz publicada' };
  }
  return { ok: true, why: 'verificado' };
}

const [file, publishedRoot] = process.argv.slice(2);
if (!file) {
  console.error('uso: node scripts/verify-reserves.mjs minha-prova.json [raiz-publicada]');
  process.exit(2);
}
let proof;
try {
  proof = JSON.parse(readFileSync(file, 'utf8'));
} catch (err) {
  console.error(`não foi possível ler ${file}: ${err.message}`);
  process.exit(2);
}
try {
  const result = verify(proof, publishedRoot);
  const grams = (proof.centigrams / 100).toFixed(2).replace('.', ',');
  if (result.ok) {
    console.log(`OK: ${grams} g em ${proof.day} estão na árvore de raiz ${proof.root}`);
    process.exit(0);
  }
  console.log(`FALHOU: ${result.why}`);
  process.exit(1);
} catch (err) {
  console.log(`FALHOU: ${err.message}`);
  process.exit(1);
}
