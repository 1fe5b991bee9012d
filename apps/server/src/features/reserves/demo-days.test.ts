// The days the demo's proof of reserves builds (demo.ts, demoReserveDays), at a clock given: right after midnight in
// Brasília, inside the daily job's grace, yesterday is built as a closed day beside today so far.
import { brasiliaDayEnd } from '@prata/domain';
import { describe, expect, it } from 'vitest';
import { demoReserveDays } from './demo';

describe('demoReserveDays', () => {
  it("builds yesterday at 00:02 in Brasília (the daily job's grace), as of its end, then today so far", () => {
    const now = new Date('2026-12-06T03:02:00Z'); // 00:02 of 6 December in Brasília
    const built = new Set(['2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04']);
    const days = demoReserveDays('2026-12-01', now, built);
    expect(days).toEqual([
      { day: '2026-12-05', endsAt: brasiliaDayEnd('2026-12-05') },
      { day: '2026-12-06', endsAt: now },
    ]);
  });

  it('builds every day not built yet from the first one, each as of its end', () => {
    const now = new Date('2026-12-06T15:00:00Z');
    const days = demoReserveDays('2026-12-03', now, new Set(['2026-12-04']));
    expect(days.map((d) => d.day)).toEqual(['2026-12-03', '2026-12-05', '2026-12-06']);
    expect(days[0]!.endsAt).toEqual(brasiliaDayEnd('2026-12-03'));
    expect(days.at(-1)!.endsAt).toBe(now);
  });
});
