// What a run of bench:scale must hold to count as a pass (the harness test, and anyone reading a run): every call of
// the table has its row and answered 2xx every time, every job has its row and no error.
import type { SizeResult } from './report';

/** The jobs' rows, in order, without what follows their name in parentheses. */
export const JOB_ROWS = [
  'backup',
  'restore',
  'daily proof of reserves',
  'reconciliation',
  'monthly invoices',
  'saving-plan pass',
  'outbox, 200 queued e-mails',
  'latest migration',
] as const;

const jobRow = (name: string) => name.replace(/ \(.*\)$/, '');

/**
 * The problems of one size's result, one line each (empty: a pass). `calls`: the names the table must have, in its
 * order; `jobs`: the jobs' rows (JOB_ROWS, or none when the jobs were not asked for); `many`: whether the second
 * connection count ran (not in the quick mode).
 */
export function problemsOf(
  r: SizeResult,
  expected: { calls: readonly string[]; jobs: readonly string[]; many: boolean },
): string[] {
  if (r.skipped) return [`${r.size}: skipped: ${r.skipped}`];
  const out: string[] = [];
  for (const s of r.missingSubjects) out.push(`subject not found: ${s}`);
  const names = r.http.map((h) => h.name);
  for (const name of expected.calls) if (!names.includes(name)) out.push(`${name}: no row`);
  for (const name of names) if (!expected.calls.includes(name)) out.push(`${name}: a row no call asked for`);
  if (out.length === 0 && names.join('\n') !== expected.calls.join('\n'))
    out.push('the rows are not in the order of the calls');
  for (const h of r.http) {
    if (h.status < 200 || h.status > 299)
      out.push(`${h.name}: answered ${h.status}${h.skipped ? ` (${h.skipped})` : ''}`);
    else if (h.skipped) out.push(`${h.name}: ${h.skipped}`);
    else {
      for (const [label, l] of [['at 1', h.at1], ...(expected.many ? [['at many', h.at32] as const] : [])] as const) {
        if (!l || l.requests === 0) out.push(`${h.name}: not timed ${label}`);
        else if (l.errors > 0)
          out.push(`${h.name}: ${l.errors} of ${l.requests} failed ${label} ${JSON.stringify(l.failed ?? {})}`);
      }
    }
  }
  const jobs = r.jobs.map((j) => jobRow(j.name));
  for (const name of expected.jobs) if (!jobs.includes(name)) out.push(`job ${name}: no row`);
  for (const j of r.jobs) if (j.error) out.push(`job ${jobRow(j.name)}: ${j.error}`);
  return out;
}
