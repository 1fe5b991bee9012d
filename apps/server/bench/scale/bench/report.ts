// bench:scale's table: one row per call or job, one column per size, the growth from the second-largest size to the
// largest as a log-log exponent (0 flat, 1 linear; 100k → 1M when both ran), and a mark against the issue's target.
import type { HttpRow } from './http';
import type { JobRow, WriteRow } from './jobs';

export type SizeResult = {
  size: number;
  database: string;
  skipped?: string;
  http: HttpRow[];
  jobs: JobRow[];
  writes: WriteRow[];
  missingSubjects: string[];
};

export type TableRow = {
  section: 'customer' | 'operator' | 'job' | 'write';
  name: string;
  /** per size: the cell's text and the figure the growth and the target read */
  cells: Record<number, { text: string; figure?: number; ok: boolean; peakRssMb?: number; ratio?: number }>;
  exponent?: number;
  target: string;
  mark: 'met' | 'MISSED' | '—';
};

/** log-log slope between two sizes: how the figure grows with the database. */
function exponent(sizeA: number, a: number, sizeB: number, b: number): number | undefined {
  if (!(a > 0 && b > 0) || sizeA === sizeB) return undefined;
  return Math.log(b / a) / Math.log(sizeB / sizeA);
}

const kilo = (n: number) => (n >= 1_000_000 ? `${n / 1_000_000}M` : n >= 1000 ? `${n / 1000}k` : String(n));

export function tableRows(results: SizeResult[]): TableRow[] {
  const measured = results.filter((r) => !r.skipped).sort((a, b) => a.size - b.size);
  const [from, to] = measured.length >= 2 ? measured.slice(-2) : [undefined, measured[0]];
  const rows = new Map<string, TableRow>();
  const rowOf = (section: TableRow['section'], name: string, target: string) => {
    const key = `${section}:${name}`;
    const row = rows.get(key) ?? { section, name, cells: {}, target, mark: '—' as const };
    rows.set(key, row);
    return row;
  };
  for (const r of measured) {
    for (const h of r.http) {
      const target = h.target
        ? h.target.what
        : h.side === 'customer'
          ? 'p99 < 50 ms at 32, exponent ≤ 0.1'
          : 'p99 < 200 ms at 1';
      const row = rowOf(h.side, h.name, target);
      if (h.skipped) {
        row.cells[r.size] = { text: h.skipped, ok: false };
        continue;
      }
      const errors = (h.at1?.errors ?? 0) + (h.at32?.errors ?? 0);
      // the customer's figure: p99 at 32 connections; the operator's and the heavy documents': p99 at 1
      const figure = h.side === 'customer' && !h.target ? h.at32?.p99 : h.at1?.p99;
      row.cells[r.size] = {
        text: `${h.at1?.p50}/${h.at1?.p99} · ${h.at32 ? `${h.at32.p50}/${h.at32.p99}` : '—'}${h.tool === 'requests' ? '*' : ''}${errors > 0 ? ` (${errors} err)` : ''}`,
        figure,
        ok: errors === 0,
      };
    }
    for (const j of r.jobs) {
      const target =
        j.name === 'daily proof of reserves'
          ? '< 2 min and 512 MB'
          : j.name === 'reconciliation'
            ? '< 60 s'
            : j.name.startsWith('latest migration')
              ? 'write-blocking lock < 1 s'
              : '';
      const row = rowOf('job', j.name.startsWith('latest migration') ? 'latest migration' : j.name, target);
      row.cells[r.size] = j.error
        ? { text: `failed: ${j.error.slice(0, 80)}`, ok: false }
        : {
            text:
              j.value !== undefined
                ? `${j.value} ${j.unit} (${(j.ms / 1000).toFixed(1)} s)`
                : `${(j.ms / 1000).toFixed(1)} s${j.peakRssMb ? `, ${j.peakRssMb} MB` : ''}`,
            figure: j.value ?? j.ms,
            ok: true,
            ...(j.peakRssMb !== undefined ? { peakRssMb: j.peakRssMb } : {}),
          };
    }
    for (const w of r.writes) {
      const row = rowOf(
        'write',
        w.name,
        w.name.startsWith('order bench (full)') ? 'within 10 % of the empty one, by the ratio to pgbench -N' : '',
      );
      const ratio = w.ratio === undefined ? '' : ` (${(100 * w.ratio).toFixed(1)} % of pgbench -N)`;
      row.cells[r.size] = {
        text: `${w.value.toLocaleString('en-US')} ${w.unit}${ratio}`,
        figure: w.value,
        ok: true,
        ...(w.ratio !== undefined ? { ratio: w.ratio } : {}),
      };
    }
  }
  for (const row of rows.values()) {
    const a = from ? row.cells[from.size]?.figure : undefined;
    const b = to ? row.cells[to.size]?.figure : undefined;
    if (from && to && a !== undefined && b !== undefined) row.exponent = exponent(from.size, a, to.size, b);
    const last = to ? row.cells[to.size] : undefined;
    if (!last || last.figure === undefined) {
      row.mark = last && !last.ok ? 'MISSED' : '—';
      continue;
    }
    const f = last.figure;
    let met: boolean | undefined;
    if (row.section === 'customer') {
      const limit = row.target.includes('< 1 s') ? 1000 : row.target.includes('< 200 ms') ? 200 : 50;
      met = f < limit && (limit !== 50 || row.exponent === undefined || row.exponent <= 0.1);
    } else if (row.section === 'operator') met = f < 200;
    else if (row.name === 'daily proof of reserves') met = f < 120_000 && (last.peakRssMb ?? 0) < 512;
    else if (row.name === 'reconciliation') met = f < 60_000;
    else if (row.name === 'latest migration') met = f < 1000;
    else if (row.name.startsWith('order bench (full)')) {
      // each database's orders/s as a share of pgbench -N on that database in the same runs: the 32 GB copy slows the
      // machine's every workload (pgbench's own tables too) by its pressure on the OS's cache, which is not the order
      // path's cost of size
      const empty = [...rows.values()].find((x) => x.name.startsWith('order bench (empty)'))?.cells[to!.size];
      met = empty?.ratio !== undefined && last.ratio !== undefined ? last.ratio >= 0.9 * empty.ratio : undefined;
    }
    row.mark = met === undefined ? '—' : met && last.ok ? 'met' : 'MISSED';
  }
  return [...rows.values()];
}

export function markdown(results: SizeResult[], meta: { date: string; seconds: number; machine: string }): string {
  const measured = results.filter((r) => !r.skipped).sort((a, b) => a.size - b.size);
  const rows = tableRows(results);
  const growth =
    measured.length >= 2
      ? `growth ${kilo(measured[measured.length - 2]!.size)}→${kilo(measured[measured.length - 1]!.size)}`
      : 'growth';
  const out: string[] = [
    `bench:scale, ${meta.date}, ${meta.machine}, ${meta.seconds} s per call and connection count.`,
    '',
  ];
  for (const r of results.filter((x) => x.skipped))
    out.push(`- ${kilo(r.size)} (${r.database}): skipped, ${r.skipped}`);
  for (const r of measured) {
    if (r.missingSubjects.length > 0)
      out.push(`- ${kilo(r.size)}: subjects not found: ${r.missingSubjects.join(', ')}`);
  }
  if (measured.length === 0) return out.join('\n');
  out.push(
    '',
    `| | call or job | ${measured.map((r) => kilo(r.size)).join(' | ')} | ${growth} | target (at the largest size) | |`,
    `| --- | --- | ${measured.map(() => '---:').join(' | ')} | ---: | --- | --- |`,
  );
  for (const row of rows) {
    const cells = measured.map((r) => row.cells[r.size]?.text ?? '');
    const e = row.exponent === undefined ? '' : row.exponent.toFixed(2);
    out.push(`| ${row.section} | ${row.name} | ${cells.join(' | ')} | ${e} | ${row.target} | ${row.mark} |`);
  }
  out.push(
    '',
    'HTTP cells: p50/p99 ms at 1 connection · p50/p99 ms at 32 connections (autocannon; * = a slow call timed by plain ' +
      'requests: a few in a row, then 32 at once). The growth is the log-log slope of the figure the target reads ' +
      '(customer: p99 at 32; operator, statement, PDF, xlsx: p99 at 1; jobs: time; migration: the longest lock; writes: ' +
      'throughput). Marks are read at the largest size measured.',
  );
  return out.join('\n');
}
