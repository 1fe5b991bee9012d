#!/usr/bin/env node
// Verifies a Prata proof of reserves by hand, with nothing but Node (18 or later) and no dependency.
//
//   1. Signed in at Prata, open "Prova de reservas" and download your proof (a JSON file), or ask the API:
//      GET /api/reserves/proof (your own leaf) and GET /api/reserves (the published root and total of each day).
//   2. node scripts/verify-reserves.mjs minha-prova.json [raiz-publicada] [total-publicado]
//      (the total as the page shows it, "1.234,56 g", or in centigrams, "123456")
//
// The encoding is in docs/reserves.md; packages/domain/src/reserves/ holds the same lines in TypeScript.
// Version 2 (a Merkle sum tree; every node commits to its children's hashes and sums):
//   leaf = SHA-256(UTF-8 "prata-reservas-folha-v2|<day>|<salt>|<available>|<reserved>"), sum = available + reserved
//   node = SHA-256(0x02 ‖ left.hash ‖ u64be(left.sum) ‖ right.hash ‖ u64be(right.sum)), sum = left.sum + right.sum
//   It checks the leaf, that no sibling sum is negative, that the path climbs to the root hash AND to the root sum,
//   and that the root sum is the total in the file and, if you give them, the published root and total.
// Version 1 (the days built before the sum tree; proves only that the leaf is under the root):
//   leaf = SHA-256(UTF-8 "prata-reservas-folha-v1|<day>|<salt>|<centigrams>"), node = SHA-256(0x01 ‖ left ‖ right)
// An odd node at a level goes up unchanged.
// Exit code 0: verified; 1: it does not verify; 2: the file could not be read.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

const HEX = /^[0-9a-f]{64}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const sha256 = (data) => createHash('sha256').update(data).digest('hex');
const amount = (n) => Number.isSafeInteger(n) && n >= 0;

function checkLeafInput(day, salt, ...balances) {
  if (!DAY.test(day) || !HEX.test(salt) || !balances.every(amount)) throw new Error('dia, sal ou saldo malformado');
}

function leafV1(day, salt, centigrams) {
  checkLeafInput(day, salt, centigrams);
  return sha256(`prata-reservas-folha-v1|${day}|${salt}|${centigrams}`);
}

function nodeV1(left, right) {
  if (!HEX.test(left) || !HEX.test(right)) throw new Error('hash malformado no caminho');
  return sha256(Buffer.concat([Buffer.from([1]), Buffer.from(left, 'hex'), Buffer.from(right, 'hex')]));
}

function leafV2(day, salt, available, reserved) {
  checkLeafInput(day, salt, available, reserved);
  return { hash: sha256(`prata-reservas-folha-v2|${day}|${salt}|${available}|${reserved}`), sum: available + reserved };
}

function u64(n) {
  const b = Buffer.alloc(8);
  b.writeBigUInt64BE(BigInt(n));
  return b;
}

function nodeV2(left, right) {
  if (!HEX.test(left.hash) || !HEX.test(right.hash)) throw new Error('hash malformado no caminho');
  const sum = left.sum + right.sum;
  if (!Number.isSafeInteger(sum)) throw new Error('soma grande demais no caminho');
  const bytes = [Buffer.from([2]), Buffer.from(left.hash, 'hex'), u64(left.sum), Buffer.from(right.hash, 'hex')];
  return { hash: sha256(Buffer.concat([...bytes, u64(right.sum)])), sum };
}

function climb(start, path, node) {
  if (!Array.isArray(path)) throw new Error('o caminho não é uma lista');
  let at = start;
  for (const step of path) {
    if (step?.side === 'left') at = node(step, at);
    else if (step?.side === 'right') at = node(at, step);
    else throw new Error('lado desconhecido no caminho');
  }
  return at;
}

function verifyV1(proof) {
  const leaf = leafV1(proof.day, proof.salt, proof.centigrams);
  if (leaf !== proof.leaf) return 'a folha não corresponde ao dia, ao sal e ao saldo';
  const root = climb({ hash: leaf }, proof.path, (l, r) => ({ hash: nodeV1(l.hash, r.hash) })).hash;
  return root === proof.root ? null : 'o caminho não leva à raiz do arquivo';
}

function verifyV2(proof) {
  if (!Array.isArray(proof.path)) return 'o caminho não é uma lista';
  for (const step of proof.path) {
    if (typeof step?.sum !== 'number' || step.sum < 0) return 'uma soma do caminho é negativa ou falta';
    if (!amount(step.sum)) return 'uma soma do caminho não é um número inteiro de centigramas';
  }
  if (proof.centigrams !== proof.availableCg + proof.reservedCg) return 'disponível + reservado difere do total';
  const leaf = leafV2(proof.day, proof.salt, proof.availableCg, proof.reservedCg);
  if (leaf.hash !== proof.leaf) return 'a folha não corresponde ao dia, ao sal e aos saldos';
  const root = climb(leaf, proof.path, nodeV2);
  if (root.hash !== proof.root) return 'o caminho não leva à raiz do arquivo';
  if (root.sum !== proof.rootSum) return `a soma da raiz (${root.sum} cg) difere do total do arquivo`;
  return null;
}

/** "1.234,56 g" or "1234,56" (grams) or "123456" (centigrams) → centigrams; null when not a total. */
function parseTotal(text) {
  const t = String(text).trim().replace(/\s*g$/i, '');
  if (/^\d+$/.test(t)) return Number(t);
  const m = /^(\d{1,3}(?:\.\d{3})*|\d+),(\d{2})$/.exec(t);
  return m ? Number(m[1].replaceAll('.', '')) * 100 + Number(m[2]) : null;
}

function verify(proof, publishedRoot, publishedTotal) {
  if (proof?.version !== 1 && proof?.version !== 2) return { ok: false, why: 'versão da prova desconhecida' };
  const failure = proof.version === 2 ? verifyV2(proof) : verifyV1(proof);
  if (failure) return { ok: false, why: failure };
  if (publishedRoot && publishedRoot.toLowerCase() !== proof.root) {
    return { ok: false, why: 'a raiz do arquivo difere da raiz publicada' };
  }
  if (publishedTotal !== undefined) {
    const total = parseTotal(publishedTotal);
    if (total === null) return { ok: false, why: `total publicado ilegível: ${publishedTotal}` };
    if (proof.version === 1) return { ok: false, why: 'uma prova da versão 1 não comprova o total' };
    if (total !== proof.rootSum) return { ok: false, why: 'a soma da raiz difere do total publicado' };
  }
  return { ok: true, why: 'verificado' };
}

/** 322500 → "3.225,00 g", as the page writes grams. */
function grams(cg) {
  const whole = String(Math.floor(cg / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${whole},${String(cg % 100).padStart(2, '0')} g`;
}

function main() {
  const [file, publishedRoot, publishedTotal] = process.argv.slice(2);
  if (!file) {
    console.error('uso: node scripts/verify-reserves.mjs minha-prova.json [raiz-publicada] [total-publicado]');
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
    const result = verify(proof, publishedRoot, publishedTotal);
    if (!result.ok) {
      console.log(`FALHOU: ${result.why}`);
      process.exit(1);
    }
    if (proof.version === 2) {
      console.log(
        `OK (versão 2): disponível ${grams(proof.availableCg)} + reservado ${grams(proof.reservedCg)} = ` +
          `${grams(proof.centigrams)} em ${proof.day} estão na árvore de raiz ${proof.root}, ` +
          `cuja soma é ${grams(proof.rootSum)}`,
      );
    } else {
      console.log(`OK (versão 1): ${grams(proof.centigrams)} em ${proof.day} estão na árvore de raiz ${proof.root}`);
    }
    process.exit(0);
  } catch (err) {
    console.log(`FALHOU: ${err.message}`);
    process.exit(1);
  }
}

main();
