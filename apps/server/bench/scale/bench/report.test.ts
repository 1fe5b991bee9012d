// The table's mark for the order bench (report.ts): the full database against the empty one by each one's share of
// pgbench -N in the same runs, not by raw orders/s.
import { describe, expect, it } from 'vitest';
import type { WriteRow } from './jobs';
import { tableRows } from './report';

const size = (writes: WriteRow[]) => ({
  size: 1_000_000,
  database: 'prata_scale_1000000',
  http: [],
  jobs: [],
  writes,
  missingSubjects: [],
});
const orders = (where: 'empty' | 'full', value: number, ratio: number): WriteRow => ({
  name: `order bench (${where}), 32 clients`,
  value,
  unit: 'orders/s',
  detail: '',
  ratio,
});
const markOf = (writes: WriteRow[]) =>
  tableRows([size(writes)]).find((r) => r.name.startsWith('order bench (full)'))?.mark;

describe('the order bench on the full database', () => {
  it('is met within 10 % of the empty one by the ratio to pgbench, whatever the raw figures', () => {
    // 11 % fewer orders/s, but pgbench ran 9 % slower on the full copy too: 0.265 against 0.274
    expect(markOf([orders('empty', 1863, 0.274), orders('full', 1651, 0.265)])).toBe('met');
    expect(markOf([orders('empty', 1863, 0.274), orders('full', 1900, 0.24)])).toBe('MISSED');
  });

  it('is not marked without both ratios', () => {
    expect(markOf([orders('full', 1651, 0.265)])).toBe('—');
    expect(markOf([{ ...orders('empty', 1863, 0.274), ratio: undefined }, orders('full', 1651, 0.265)])).toBe('—');
  });

  it('shows the ratio beside the figure', () => {
    const row = tableRows([size([orders('empty', 1863, 0.274), orders('full', 1651, 0.265)])]).find((r) =>
      r.name.startsWith('order bench (full)'),
    );
    expect(row?.cells[1_000_000]?.text).toBe('1,651 orders/s (26.5 % of pgbench -N)');
  });
});
