#!/usr/bin/env node
// `npm run commits` (part of `npm run lint`, so of CI): every commit after CUTOFF follows docs/CODE_STYLE.md's
// "Commits": a subject of at most 72 characters, a blank line, then a body that says why. Commits before the cutoff
// are history and are not judged. A checkout without git, without the history (a shallow clone, an archive) or
// without the cutoff skips the check and says so; it never fails for want of history.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The main branch's HEAD when the rule came in; `node scripts/commits.mjs <rev>` overrides it. */
const CUTOFF = 'b39d6e8';
const SUBJECT_MAX = 72;
/**
 * Commits that landed before the rule could catch them and cannot be reworded without rewriting shared history: each
 * with why it is let through. Keep this list short; it never grows for a new commit (fix the message before merging).
 */
const KNOWN = new Map([
  ['1557f10', 'subject of 73 characters, merged from a helper branch in the commit that brought this check in'],
  ['885cdb0', 'subject of 77 characters, merged from a helper branch the same day, before the check ran on it'],
]);
/** A commit's body is at least this long (a word or two is not a why). */
const BODY_MIN = 20;
/** A bound on what one run reads: far more commits than a branch makes between two merges. */
const COMMITS_MAX = 5000;

/** The problems of one commit message, none when it follows the rule. */
export function messageProblems(message) {
  const lines = message.replace(/\s+$/, '').split('\n');
  const subject = lines[0] ?? '';
  const problems = [];
  if (subject.trim() === '') problems.push('sem assunto');
  if (subject.length > SUBJECT_MAX) problems.push(`assunto com ${subject.length} caracteres (máximo ${SUBJECT_MAX})`);
  if (lines.length > 1 && lines[1].trim() !== '') problems.push('falta a linha em branco depois do assunto');
  const body = lines.slice(1).join('\n').trim();
  if (body.length < BODY_MIN) problems.push('sem corpo que diga o porquê');
  return problems;
}

function git(args, cwd) {
  const r = spawnSync('git', args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return r.error || r.status !== 0 ? null : r.stdout;
}

/** Why the check cannot run here, or null when it can. */
function skipReason(cwd, cutoff) {
  if (git(['rev-parse', '--is-inside-work-tree'], cwd)?.trim() !== 'true') return 'sem repositório git';
  if (git(['rev-parse', '--is-shallow-repository'], cwd)?.trim() === 'true') return 'clone raso (sem o histórico)';
  if (git(['cat-file', '-e', `${cutoff}^{commit}`], cwd) === null) return `o commit ${cutoff} não está neste clone`;
  if (git(['merge-base', '--is-ancestor', cutoff, 'HEAD'], cwd) === null) return `HEAD não descende de ${cutoff}`;
  return null;
}

/** Each commit after the cutoff that breaks the rule, with its problems. */
export function checkCommits(cwd, cutoff = CUTOFF) {
  const skipped = skipReason(cwd, cutoff);
  if (skipped) return { skipped, checked: 0, bad: [] };
  const out = git(['log', `--max-count=${COMMITS_MAX}`, '--format=%h%x00%B%x1e', `${cutoff}..HEAD`], cwd) ?? '';
  const commits = out
    .split('\x1e')
    .map((entry) => entry.replace(/^\n/, ''))
    .filter((entry) => entry.includes('\x00'))
    .map((entry) => {
      const [hash, message] = entry.split('\x00');
      return { hash, message };
    });
  const bad = commits
    .map(({ hash, message }) => ({ hash, subject: message.split('\n')[0], problems: messageProblems(message) }))
    .filter((c) => c.problems.length > 0 && !KNOWN.has(c.hash.slice(0, 7)));
  return { skipped: null, checked: commits.length, bad };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const cutoff = process.argv[2] ?? CUTOFF;
  const { skipped, checked, bad } = checkCommits(process.cwd(), cutoff);
  if (skipped) {
    console.log(`commits: verificação pulada (${skipped})`);
  } else if (bad.length > 0) {
    console.error(`commits: ${bad.length} de ${checked} depois de ${cutoff} fora da regra (docs/CODE_STYLE.md):`);
    for (const c of bad) console.error(`  ${c.hash} ${c.subject}\n    ${c.problems.join('; ')}`);
    process.exit(1);
  } else {
    console.log(`commits: ${checked} depois de ${cutoff}, todos com assunto curto e corpo`);
  }
}
