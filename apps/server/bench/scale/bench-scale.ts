// `npm run bench:scale`: the customer's and the operator's reads through HTTP, the jobs, a backup and its restore,
// the latest migration's lock and the write path, against the databases `npm run seed:scale` made (prata_scale_<N>),
// with each figure's growth from 100k to 1M customers and a mark against the targets of docs/scale.md. Prints a markdown table
// (docs/scale.md) and writes the figures as JSON. Options:
//   --sizes 10000,100000,1000000   the sizes (a size whose database is missing is skipped, saying how to make it)
//   --database-base <url>          the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/)
//   --database <name>              one database instead of prata_scale_<N> (with a single --sizes)
//   --database-pattern <name>      the databases' names, {N} standing for the size (default prata_scale_{N})
//   --seconds <n>                  seconds per call and connection count (default 5)
//   --only <regex>                 only the calls and jobs whose name matches
//   --side customer|operator       only that side's HTTP reads (no jobs, no write path)
//   --rounds <n>                   the HTTP reads n times, the sizes alternated, each figure the median (default 1)
//   --write-blocks <n>             the write path's empty, full, full, empty runs n times, each figure the median
//   --json <file>                  where the JSON goes (default bench-scale-<date>.json in the working directory)
//   --subjects demo                the demo's accounts instead of the generator's (a database the demo seeded)
//   --combine a.json,b.json        measures nothing: prints one table from earlier runs' JSON (say, one size each)
//   --quick <n>                    each call answered once and n times more, no autocannon, no write path; lists what
//                                  failed the check (bench/check.ts) and exits 1 if anything did
import { readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { DEMO_SUBJECTS, SCALE_SUBJECTS } from './bench/calls';
import { JOB_ROWS, problemsOf } from './bench/check';
import { DEFAULT_BASE, DEFAULT_SIZES, runScaleBench } from './bench/harness';
import { markdown, type SizeResult } from './bench/report';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string' },
    'database-base': { type: 'string' },
    database: { type: 'string' },
    'database-pattern': { type: 'string' },
    seconds: { type: 'string' },
    only: { type: 'string' },
    side: { type: 'string' },
    rounds: { type: 'string' },
    'write-blocks': { type: 'string' },
    json: { type: 'string' },
    subjects: { type: 'string' },
    combine: { type: 'string' },
    quick: { type: 'string' },
  },
});
if (values.combine) {
  const runs = await Promise.all(
    values.combine.split(',').map(
      async (f) =>
        JSON.parse(await readFile(f, 'utf8')) as {
          meta: { date: string; seconds: number; machine: string };
          results: SizeResult[];
        },
    ),
  );
  const results = runs.flatMap((r) => r.results).filter((r) => !r.skipped);
  const first = runs[0]!.meta;
  console.log(markdown(results, { ...first, date: runs.map((r) => r.meta.date.slice(0, 16)).join(', ') }));
  process.exit(0);
}
const sizes = values.sizes ? values.sizes.split(',').map((s) => Number(s.replace(/_/g, ''))) : DEFAULT_SIZES;
if (sizes.some((n) => !Number.isInteger(n) || n <= 0)) throw new Error(`--sizes: whole numbers, got ${values.sizes}`);
if (values.side && values.side !== 'customer' && values.side !== 'operator')
  throw new Error(`--side: customer or operator, got ${values.side}`);
if (values.rounds && !(Number.isInteger(Number(values.rounds)) && Number(values.rounds) > 0))
  throw new Error(`--rounds: a whole number, got ${values.rounds}`);
if (values['write-blocks'] && !(Number.isInteger(Number(values['write-blocks'])) && Number(values['write-blocks']) > 0))
  throw new Error(`--write-blocks: a whole number, got ${values['write-blocks']}`);
if (values.database && sizes.length !== 1) throw new Error('--database names one database: give one --sizes');
const result = await runScaleBench({
  sizes,
  databaseBase: values['database-base'] ?? process.env.SCALE_DATABASE_BASE ?? DEFAULT_BASE,
  ...(values.database ? { databases: { [sizes[0]!]: values.database } } : {}),
  ...(values['database-pattern'] && !values.database
    ? { databases: Object.fromEntries(sizes.map((n) => [n, values['database-pattern']!.replace('{N}', String(n))])) }
    : {}),
  seconds: Number(values.seconds ?? 5),
  ...(values.only ? { only: new RegExp(values.only, 'i') } : {}),
  ...(values.side === 'customer' || values.side === 'operator' ? { side: values.side } : {}),
  ...(values.rounds ? { rounds: Number(values.rounds) } : {}),
  ...(values['write-blocks'] ? { writeBlocks: Number(values['write-blocks']) } : {}),
  subjects: values.subjects === 'demo' ? DEMO_SUBJECTS : SCALE_SUBJECTS,
  ...(values.quick !== undefined ? { quick: Number(values.quick), writes: false } : {}),
  log: (line) => console.error(line),
});
console.log(`\n${result.markdown}`);
const file = values.json ?? `bench-scale-${result.meta.date.replace(/[:.]/g, '-')}.json`;
await writeFile(file, JSON.stringify({ meta: result.meta, results: result.results, rows: result.rows }, null, 2));
console.error(`\nJSON: ${file}`);
if (values.quick !== undefined) {
  const jobs = values.only ? [] : JOB_ROWS.map((j) => (j.startsWith('outbox') ? 'outbox, 10,000 queued e-mails' : j));
  const problems = result.results.flatMap((r) =>
    problemsOf(r, { calls: r.http.map((h) => h.name), jobs, many: false }).map((p) => `${r.size}: ${p}`),
  );
  console.error(problems.length === 0 ? 'quick check: every call 2xx, every job done' : problems.join('\n'));
  if (problems.length > 0) process.exitCode = 1;
}
