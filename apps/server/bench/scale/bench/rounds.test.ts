// The rounds' merge (rounds.ts) on made-up rows: medians of the rounds, counts summed, a skip kept.
import { describe, expect, it } from 'vitest';
import type { HttpRow } from './http';
import { medianOfRounds } from './rounds';

const row = (name: string, p99s: [number, number], over: Partial<HttpRow> = {}): HttpRow => ({
  side: 'customer',
  name,
  path: `/api/${name}`,
  status: 200,
  bytes: 10,
  firstMs: 3,
  tool: 'autocannon',
  at1: { p50: 1, p99: p99s[0], requests: 100, errors: 0 },
  at32: { p50: 10, p99: p99s[1], requests: 1000, errors: 0 },
  ...over,
});

describe('medianOfRounds', () => {
  it('takes each figure as the median of its rounds and sums the requests and errors', () => {
    const [a] = medianOfRounds([
      [row('a', [3, 40])],
      [row('a', [9, 20], { at32: { p50: 12, p99: 20, requests: 900, errors: 2, failed: { '503': 2 } } })],
      [row('a', [4, 90], { tool: 'requests' })],
    ]);
    expect(a!.at1).toEqual({ p50: 1, p99: 4, requests: 300, errors: 0 });
    expect(a!.at32).toEqual({ p50: 10, p99: 40, requests: 2900, errors: 2, failed: { '503': 2 } });
    expect(a!.tool).toBe('requests');
  });

  it('averages the middle two of an even number of rounds', () => {
    const [a] = medianOfRounds([[row('a', [3, 40])], [row('a', [6, 50])]]);
    expect(a!.at1!.p99).toBe(5);
    expect(a!.at32!.p99).toBe(45);
  });

  it('keeps a call skipped in any round as skipped, and one round as it is', () => {
    const skipped = row('b', [1, 1], { skipped: 'answered 500' });
    expect(medianOfRounds([[row('b', [1, 2])], [skipped]])).toEqual([skipped]);
    const one = [row('c', [1, 2])];
    expect(medianOfRounds([one])).toBe(one);
  });
});
