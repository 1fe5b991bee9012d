// The harness's pass/fail check (check.ts) on made-up results: it must be able to fail.
import { describe, expect, it } from 'vitest';
import { JOB_ROWS, problemsOf } from './check';
import type { HttpRow } from './http';
import type { SizeResult } from './report';

const row = (name: string, over: Partial<HttpRow> = {}): HttpRow => ({
  side: 'customer',
  name,
  path: `/api/${name}`,
  status: 200,
  bytes: 10,
  firstMs: 3,
  tool: 'requests',
  at1: { p50: 2, p99: 3, requests: 2, errors: 0 },
  ...over,
});
const jobs = JOB_ROWS.map((name) => ({ name: name === 'backup' ? 'backup (pg_dump -Fc)' : name, ms: 5, detail: 'ok' }));
const sized = (http: HttpRow[], over: Partial<SizeResult> = {}): SizeResult => ({
  size: 1000,
  database: 'x',
  http,
  jobs,
  writes: [],
  missingSubjects: [],
  ...over,
});
const expected = { calls: ['a', 'b'], jobs: JOB_ROWS, many: false };

describe('problemsOf', () => {
  it('passes a run where every call answered 2xx and every job has its row', () => {
    expect(problemsOf(sized([row('a'), row('b')]), expected)).toEqual([]);
  });

  it('fails a call that answered 403, and one that failed on a later request', () => {
    const forbidden = row('a', { status: 403, skipped: 'answered 403' });
    delete forbidden.at1;
    const later = row('b', { at1: { p50: 2, p99: 3, requests: 2, errors: 1, failed: { 500: 1 } } });
    expect(problemsOf(sized([forbidden, later]), expected)).toEqual([
      'a: answered 403 (answered 403)',
      'b: 1 of 2 failed at 1 {"500":1}',
    ]);
  });

  it('fails a missing row, a row no call asked for, a missing subject and an untimed call', () => {
    const untimed = row('b');
    delete untimed.at1;
    expect(problemsOf(sized([untimed, row('c')], { missingSubjects: ['x@y'] }), expected)).toEqual([
      'subject not found: x@y',
      'a: no row',
      'c: a row no call asked for',
      'b: not timed at 1',
    ]);
  });

  it('asks for the second connection count outside the quick mode', () => {
    expect(problemsOf(sized([row('a'), row('b')]), { ...expected, many: true })).toEqual([
      'a: not timed at many',
      'b: not timed at many',
    ]);
  });

  it('fails a job that failed or has no row, and a skipped size', () => {
    const r = sized([row('a'), row('b')], {
      jobs: [
        ...jobs.filter((j) => j.name !== 'outbox, 200 queued e-mails').slice(0, -1),
        { name: 'latest migration (0099_x.sql)', ms: 0, detail: '', error: 'boom' },
      ],
    });
    expect(problemsOf(r, expected)).toEqual(['job outbox, 200 queued e-mails: no row', 'job latest migration: boom']);
    expect(problemsOf(sized([], { skipped: 'no database x' }), expected)).toEqual(['1000: skipped: no database x']);
  });
});
