// bench:scale's HTTP section: Prata on loopback on the seeded database (serve.ts: no jobs), the subjects signed in
// with issueSession as bench/api.ts signs its customer in (their session rows are deleted afterwards: the only writes),
// each call fetched once (its status, its size, a warm-up), then driven by autocannon (bench/load.ts) at 1 and at
// 32 connections. A call slower than SLOW_MS is timed by plain requests instead (a few one after the other, then 32
// at once): autocannon's window would hold no finished request, and the requests it abandons at its deadline would
// still run under the next call's measurement.
import { sql } from 'drizzle-orm';
import { issueSession } from '@/plugins/auth';
import { autocannon } from '../../load';
import { type Call, calls, lookUp, type Role, type Subjects } from './calls';
import { serve } from './serve';

/** Above this (first answer), a call is timed by plain requests rather than autocannon. */
const SLOW_MS = 250;
/** one connection, then many (32; the test asks for fewer) */
const MANY = 32;

type Latency = {
  p50: number;
  p99: number;
  requests: number;
  errors: number;
  /** the failed answers by status (0: no answer), plain requests only */
  failed?: Record<string, number>;
};
export type HttpRow = {
  side: Call['side'];
  name: string;
  path: string;
  target?: Call['target'];
  /** the first answer's status and size */
  status: number;
  bytes: number;
  firstMs: number;
  /** 'autocannon' or 'requests' (a slow call) */
  tool: 'autocannon' | 'requests';
  at1?: Latency;
  /** at MANY connections (or the `many` asked for) */
  at32?: Latency;
  /** why it was not measured */
  skipped?: string;
};

const pct = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** `count` requests `concurrency` at a time, timed one by one. */
async function plain(
  url: string,
  headers: Record<string, string>,
  concurrency: number,
  count: number,
): Promise<Latency> {
  const times: number[] = [];
  let errors = 0;
  const failed: Record<string, number> = {};
  let left = count;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (left-- > 0) {
        const t = performance.now();
        const res = await fetch(url, { headers }).catch(() => null);
        if (res) await res.arrayBuffer();
        if (!res?.ok) {
          errors++;
          const key = String(res?.status ?? 0);
          failed[key] = (failed[key] ?? 0) + 1;
        }
        times.push(performance.now() - t);
      }
    }),
  );
  times.sort((a, b) => a - b);
  return {
    p50: Math.round(pct(times, 50)),
    p99: Math.round(pct(times, 99)),
    requests: times.length,
    errors,
    ...(errors > 0 ? { failed } : {}),
  };
}

export type HttpOptions = {
  databaseUrl: string;
  subjects: Subjects;
  seconds: number;
  only?: RegExp;
  /** only this side's calls */
  side?: Call['side'];
  /** the second connection count (default MANY, 32) */
  many?: number;
  /**
   * The quick mode (the harness test): after its first answer each call is requested this many times more, one after
   * the other (at1), and neither autocannon nor the second connection count runs (no at32).
   */
  quick?: number;
  log?: (line: string) => void;
};

export async function measureHttp(opts: HttpOptions): Promise<{ rows: HttpRow[]; missing: string[] }> {
  const log = opts.log ?? (() => {});
  const served = await serve(opts.databaseUrl, { poolSize: 16 });
  const sessionIds: string[] = [];
  try {
    const lookup = await lookUp(served.database, opts.subjects);
    const tokens: Partial<Record<Role, string>> = {};
    for (const [role, id] of Object.entries(lookup.ids) as Array<[Role, number]>) {
      const s = await issueSession(served.database.db, served.app.deps, id, { userAgent: 'bench-scale' });
      tokens[role] = s.authToken;
      sessionIds.push(s.sessionId);
    }
    const rows: HttpRow[] = [];
    for (const call of calls(lookup).filter(
      (c) => (!opts.only || opts.only.test(c.name)) && (!opts.side || c.side === opts.side),
    )) {
      const base = {
        side: call.side,
        name: call.name,
        path: call.path,
        ...(call.target ? { target: call.target } : {}),
      };
      if (call.as && !tokens[call.as]) {
        rows.push({
          ...base,
          status: 0,
          bytes: 0,
          firstMs: 0,
          tool: 'requests',
          skipped: `no ${opts.subjects[call.as]}`,
        });
        continue;
      }
      const headers: Record<string, string> = call.as ? { authorization: `Bearer ${tokens[call.as]}` } : {};
      const url = `${served.base}${call.path}`;
      const t = performance.now();
      const res = await fetch(url, { headers });
      const bytes = (await res.arrayBuffer()).byteLength;
      const firstMs = Math.round(performance.now() - t);
      const row: HttpRow = {
        ...base,
        status: res.status,
        bytes,
        firstMs,
        tool: firstMs > SLOW_MS ? 'requests' : 'autocannon',
      };
      if (!res.ok) {
        row.skipped = `answered ${res.status}`;
        rows.push(row);
        log(`  ${call.name}: ${res.status}`);
        continue;
      }
      if (opts.quick !== undefined) {
        row.tool = 'requests';
        row.at1 = await plain(url, headers, 1, opts.quick);
        log(`  ${call.name}: ${row.status}, ${bytes} B, ${firstMs} ms, ${row.at1.errors} errors of ${opts.quick} more`);
        rows.push(row);
        continue;
      }
      for (const connections of [1, opts.many ?? MANY]) {
        let latency: Latency;
        if (row.tool === 'autocannon') {
          const r = await autocannon(url, { connections, seconds: opts.seconds, headers });
          latency = { p50: r.p50, p99: r.p99, requests: r.requests, errors: r.errors };
        } else {
          // a slow call: a few in a row, then a round of `connections` at once (bounded: the machine has 2 cores)
          latency = await plain(
            url,
            headers,
            connections,
            connections === 1 ? Math.max(3, Math.min(10, Math.ceil((opts.seconds * 1000) / firstMs))) : connections,
          );
        }
        await served.idle();
        if (connections === 1) row.at1 = latency;
        else row.at32 = latency;
      }
      log(
        `  ${call.name}: ${row.status}, ${bytes} B, p50/p99 ${row.at1?.p50}/${row.at1?.p99} ms at 1, ` +
          `${row.at32?.p50}/${row.at32?.p99} ms at ${opts.many ?? MANY}${row.at1!.errors + row.at32!.errors > 0 ? `, ${row.at1!.errors + row.at32!.errors} errors ${JSON.stringify({ ...row.at1?.failed, ...row.at32?.failed })}` : ''}`,
      );
      rows.push(row);
    }
    return { rows, missing: lookup.missing };
  } finally {
    if (sessionIds.length > 0) {
      await served.database.db
        .execute(
          sql`delete from sessions where id in (${sql.join(
            sessionIds.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        )
        .catch(() => undefined);
    }
    await served.stop();
  }
}
