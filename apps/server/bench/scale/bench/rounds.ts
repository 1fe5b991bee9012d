// bench:scale's rounds: the HTTP reads measured several times with the sizes alternated (100k, 1M, 100k, 1M, ...), so
// that a slower minute of the machine falls on both sizes rather than on one; each figure is the median of its rounds.
import type { HttpRow } from './http';

type Latency = NonNullable<HttpRow['at1']>;

/** The median of figures (the mean of the middle two when they are even in number). */
export function exactMedian(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** A latency's median: a measured figure as it is, the mean of two rounded to the unit. */
const median = (xs: number[]) => (xs.length % 2 === 1 ? exactMedian(xs) : Math.round(exactMedian(xs)));

function latencyOf(runs: Array<Latency | undefined>): Latency | undefined {
  const measured = runs.filter((l): l is Latency => l !== undefined);
  if (measured.length === 0) return undefined;
  const failed: Record<string, number> = {};
  for (const l of measured) for (const [k, n] of Object.entries(l.failed ?? {})) failed[k] = (failed[k] ?? 0) + n;
  const errors = measured.reduce((n, l) => n + l.errors, 0);
  return {
    p50: median(measured.map((l) => l.p50)),
    p99: median(measured.map((l) => l.p99)),
    requests: measured.reduce((n, l) => n + l.requests, 0),
    errors,
    ...(errors > 0 ? { failed } : {}),
  };
}

/**
 * One row per call from the rounds of one size: p50 and p99 the median of the rounds', requests and errors summed.
 * A call skipped in any round keeps that round's row (its reason is the figure).
 */
export function medianOfRounds(rounds: HttpRow[][]): HttpRow[] {
  if (rounds.length === 1) return rounds[0]!;
  const names = rounds[0]!.map((r) => r.name);
  return names.map((name) => {
    const all = rounds.flatMap((round) => round.filter((r) => r.name === name));
    const skipped = all.find((r) => r.skipped);
    if (skipped) return skipped;
    const at1 = latencyOf(all.map((r) => r.at1));
    const at32 = latencyOf(all.map((r) => r.at32));
    return {
      ...all[0]!,
      firstMs: median(all.map((r) => r.firstMs)),
      // a call timed by plain requests in any round is marked so
      tool: all.some((r) => r.tool === 'requests') ? 'requests' : 'autocannon',
      ...(at1 ? { at1 } : {}),
      ...(at32 ? { at32 } : {}),
    };
  });
}
