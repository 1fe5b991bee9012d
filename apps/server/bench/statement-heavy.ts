// `node --import tsx bench/statement-heavy.ts`: a heavy trader's statement (docs/statements.md), reproduced. On a
// database of its own on DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/postgres), named
// prata_scale_statements_<size>:
// BENCH_CUSTOMERS background customers (default 100,000) with BENCH_HISTORY transfers each over ten years (default
// 30), and two customers who traded 1 g with each other BENCH_TRADES times this month (default 20,000: 7 transfers a
// trade, as the order book posts a fill) after ten years of monthly trades. Everything is written with set-based SQL
// (no per-row round trip). Then it times, median of BENCH_RUNS (7), the buyer's reads: this month's statement and its
// PDF, last month's statement, the year's orders workbook and the IRPF position. BENCH_KEEP=1 keeps the database (a
// second run reuses it: generating is the slow part); otherwise it is dropped. Last, ordinary customers' statements
// alone and then while BENCH_PDF_CALLERS (4) callers ask for the heavy PDF again and again, rendered as the route
// renders it, on the render pool (RENDER_THREADS threads), or with BENCH_RENDER=inline on the event loop (the PDF and
// the workbook both). Figures: docs/decisions.md.
import { performance } from 'node:perf_hooks';
import { addStatementMonths, brasiliaYear, statementMonthOf } from '@prata/domain';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '@/db/client';
import { migrate } from '@/db/migrate';
import { rows } from '@/db/sql';
import type { AppDeps } from '@/deps';
import { buildCostMonths } from '@/features/irpf/index';
import * as irpf from '@/features/irpf/service';
import { renderStatement, statementPdf } from '@/features/statements/pdf';
import { monthlyStatement } from '@/features/statements/service';
import { buildAccountMonths } from '@/ledger/index';
import { loadConfig } from '@/config';
import { longestTurn } from '@/lib/event-loop';
import { createRenderPool, type RenderJob, type RenderPool } from '@/lib/render-pool';

const SERVER = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 100_000);
const HISTORY = Number(process.env.BENCH_HISTORY ?? 30);
const TRADES = Number(process.env.BENCH_TRADES ?? 20_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const KEEP = process.env.BENCH_KEEP === '1';
/** ordinary customers' statements (last month, as the page opens) from this many concurrent callers, for SECONDS */
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
/** BENCH_CHECKPOINTS=0 measures the reads before the monthly checkpoints are built (the job has not run). */
const CHECKPOINTS = process.env.BENCH_CHECKPOINTS !== '0';
const YEARS = 10;
/** the heavy pair's trades per month over their ten years before this month */
const PAST_TRADES_PER_MONTH = 50;
const NAME = `prata_scale_statements_${CUSTOMERS}_${TRADES}`;
/** callers asking for the heavy PDF during the ordinary load, and where it renders: 'pool' (the route's way) or 'inline' */
const PDF_CALLERS = Number(process.env.BENCH_PDF_CALLERS ?? 4);
const RENDER = process.env.BENCH_RENDER === 'inline' ? 'inline' : 'pool';

const now = new Date();
const url = new URL(SERVER);
url.pathname = `/${NAME}`;
const admin = new pg.Client({ connectionString: SERVER });
await admin.connect();
const exists = (await admin.query('select 1 from pg_database where datname = $1', [NAME])).rowCount === 1;
if (!exists) await admin.query(`create database ${NAME}`);
const database = await openDatabase({ url: url.toString(), poolSize: CONNECTIONS });
const db = database.db;
/** Where the PDF and the workbook render: the server's render pool (RENDER_THREADS), or on the event loop. */
const renderPool: RenderPool =
  RENDER === 'pool'
    ? createRenderPool(loadConfig().renderPool, (err) => console.error('render pool', err))
    : {
        run: async <A extends unknown[], R>(job: RenderJob<A, R>, args: A) => job.render(...args),
        close: async () => {},
      };

async function generate(): Promise<{ buyer: number; seller: number }> {
  const t0 = performance.now();
  await db.execute(sql`set statement_timeout = 0`);
  await db.execute(
    sql.raw(`
    insert into users (name, email, password_hash, account_type, created_at)
    select 'Cliente ' || g, 'cliente' || g || '@bench.prata.dev', 'x', 'individual', now() - interval '${YEARS} years'
      from generate_series(1, ${CUSTOMERS}) g`),
  );
  // background history: deposits by Pix and grams from the house, spread over ten years
  await db.execute(
    sql.raw(`
    insert into ledger_transfers (transfer_id, debit_account_id, credit_account_id, currency, amount, code, created_at)
    select 'bg:' || a.id || ':' || k,
           case when k % 2 = 0 then (select id from ledger_accounts where code = 'pix:clearing')
                else (select id from ledger_accounts where code = 'house:available:AG') end,
           a.id, case when k % 2 = 0 then 'BRL' else 'AG' end, 100 + k, case when k % 2 = 0 then 'deposit.pix' else 'trade.silver' end,
           now() - interval '${YEARS} years' + (interval '${YEARS} years' * ((k + random()) / ${HISTORY}))
      from generate_series(1, ${HISTORY}) k
      join ledger_accounts a on a.code like 'customer:%:available:' || case when k % 2 = 0 then 'BRL' else 'AG' end
     where a.owner_user_id <= (select min(id) + ${CUSTOMERS} - 1 from users)`),
  );
  const pairRows = await rows<{ id: string }>(
    db,
    sql.raw(`
    insert into users (name, email, password_hash, account_type, created_at)
    values ('Comprador Pesado', 'comprador@bench.prata.dev', 'x', 'individual', now() - interval '${YEARS} years'),
           ('Vendedor Pesado', 'vendedor@bench.prata.dev', 'x', 'individual', now() - interval '${YEARS} years')
    returning id`),
  );
  const [buyer, seller] = pairRows.map((r) => Number(r.id)) as [number, number];
  const monthStart = new Date(`${statementMonthOf(now)}-01T03:00:00Z`);
  const pastN = YEARS * 12 * PAST_TRADES_PER_MONTH;
  // their past: PAST_TRADES_PER_MONTH trades a month for ten years, before this month
  const past = `select g, ${buyer}, ${seller}, timestamptz '${monthStart.toISOString()}' - interval '${YEARS} years'
                 + (timestamptz '${monthStart.toISOString()}' - (timestamptz '${monthStart.toISOString()}' - interval '${YEARS} years')) * (g::float8 / ${pastN + 1})
                from generate_series(1, ${pastN}) g`;
  // this month: BRL and AG deposits that pay for it all, then TRADES trades up to now
  const span = (now.getTime() - monthStart.getTime()) / 1000 - 60;
  const month = `select ${pastN} + g, ${buyer}, ${seller}, timestamptz '${monthStart.toISOString()}' + interval '1 second' * (${span} * g::float8 / ${TRADES + 1})
                   from generate_series(1, ${TRADES}) g`;
  for (const [times] of [[past], [month]] as const) {
    await db.execute(
      sql.raw(
        tradeTransfersSql(
          `select q.g::bigint as n, q.at, ${buyer} as b, ${seller} as s from (${times}) q(g, b0, s0, at)`,
        ),
      ),
    );
    // the orders and the trades behind the fills (the IRPF's facts)
    await db.execute(
      sql.raw(`
      with x as (select q.g::bigint as n, q.at from (${times}) q(g, b0, s0, at))
      , o as (
        insert into orders (id, user_id, side, mode, status, price_cents, quantity_cg, remaining_cg, filled_cg, exact,
                            value_cents, fee_cents, iof_cents, fee_rate_bps, iof_rate_bps, minimum_fee_cents, hold_amount,
                            created_at, updated_at)
        select 10000000 + x.n * 2 + side.k, case side.k when 0 then ${buyer} else ${seller} end,
               case side.k when 0 then 'buy' else 'sell' end, 'limit', 'filled', 500, 100, 0, 100, 50000, 500, 10,
               case side.k when 0 then 2 else 0 end, 50, 38, 0, 512, x.at, x.at
          from x cross join (values (0), (1)) side(k)
        returning id)
      insert into trades (id, maker_order_id, taker_order_id, taker_side, price_cents, quantity_cg, buyer_value_cents,
                          seller_value_cents, buyer_fee_cents, buyer_iof_cents, seller_fee_cents, seller_iof_cents, created_at)
      select 10000000 + x.n, 10000000 + x.n * 2 + 1, 10000000 + x.n * 2, 'buy', 500, 100, 500, 500, 10, 2, 10, 0, x.at
        from x`),
    );
  }
  // what the pair started with: enough reais and grams for every trade, ten years and a day ago
  await db.execute(
    sql.raw(`
    insert into ledger_transfers (transfer_id, debit_account_id, credit_account_id, currency, amount, code, created_at)
    values ('bench:fund:brl', (select id from ledger_accounts where code = 'pix:clearing'),
            (select id from ledger_accounts where code = 'customer:${buyer}:available:BRL'), 'BRL', ${(pastN + TRADES) * 600}, 'deposit.pix',
            now() - interval '${YEARS} years 1 day'),
           ('bench:fund:ag', (select id from ledger_accounts where code = 'house:available:AG'),
            (select id from ledger_accounts where code = 'customer:${seller}:available:AG'), 'AG', ${(pastN + TRADES) * 200}, 'trade.silver',
            now() - interval '${YEARS} years 1 day')`),
  );
  await db.execute(sql`vacuum analyze`);
  console.log(`generated in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  return { buyer, seller };
}

function tradeTransfersSql(select: string): string {
  const steps = [
    ['1', 'b', 'available:BRL', 'b', 'held:BRL', 'BRL', '512', 'order.hold'],
    ['2', 'b', 'held:BRL', 's', 'available:BRL', 'BRL', '500', 'trade.value'],
    ['3', 'b', 'held:BRL', '', 'revenue:operating-fee', 'BRL', '10', 'trade.fee'],
    ['4', 'b', 'held:BRL', '', 'tax:iof', 'BRL', '2', 'trade.iof'],
    ['5', 's', 'available:AG', 's', 'held:AG', 'AG', '100', 'order.hold'],
    ['6', 's', 'held:AG', 'b', 'available:AG', 'AG', '100', 'trade.silver'],
    ['7', 's', 'available:BRL', '', 'revenue:operating-fee', 'BRL', '10', 'trade.fee'],
  ];
  const code = (who: string, rest: string) => (who ? `'customer:' || x.${who} || ':${rest}'` : `'${rest}'`);
  const values = steps
    .map(
      ([step, dw, dr, cw, cr, cur, amount, c]) =>
        `(${step}, ${code(dw!, dr!)}, ${code(cw!, cr!)}, '${cur}', ${amount}, '${c}')`,
    )
    .join(',\n');
  return `
    insert into ledger_transfers (transfer_id, debit_account_id, credit_account_id, currency, amount, code, created_at)
    select 'bench:' || x.n || ':' || s.step, d.id, c.id, s.cur, s.amount, s.code, x.at
      from (${select}) x
      cross join lateral (values ${values}) s(step, debit_code, credit_code, cur, amount, code)
      join ledger_accounts d on d.code = s.debit_code
      join ledger_accounts c on c.code = s.credit_code`;
}

async function pair(): Promise<{ buyer: number; seller: number }> {
  const found = await rows<{ id: string }>(
    db,
    sql`select id from users where email in ('comprador@bench.prata.dev', 'vendedor@bench.prata.dev') order by email`,
  );
  const ids = found.map((r) => Number(r.id));
  return { buyer: ids[0]!, seller: ids[1]! };
}

/**
 * The median wall time of `runs` reads, and the median of this process's CPU time for them (on a shared machine the
 * wall time is mostly waiting for a core; the CPU time is what the read costs the API server, the database apart).
 */
async function median(runs: number, read: () => Promise<unknown>): Promise<{ wall: number; cpu: number }> {
  await read(); // warm
  const walls: number[] = [];
  const cpus: number[] = [];
  for (let i = 0; i < runs; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    await read();
    walls.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpus.push((c.user + c.system) / 1000);
  }
  const mid = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  return { wall: mid(walls), cpu: mid(cpus) };
}

/**
 * p50 and p99 of ordinary customers' statements of last month, CONNECTIONS callers at once, for SECONDS; meanwhile
 * `heavy`, when given, called again and again by PDF_CALLERS callers. Also the event loop's longest turn (a callback
 * that queues itself with setImmediate runs once a turn, after the turn's I/O) and the requests that failed (the
 * pool's 5 s wait for a connection).
 */
async function ordinaryLoad(month: string, heavy?: () => Promise<unknown>) {
  const [range] = await rows<{ lo: string; hi: string }>(
    db,
    sql`select min(id)::text as lo, max(id)::text as hi from users where email like 'cliente%@bench.prata.dev'`,
  );
  const lo = Number(range!.lo);
  const hi = Number(range!.hi);
  const times: number[] = [];
  let failed = 0;
  let heavyDone = 0;
  const until = performance.now() + SECONDS * 1000;
  const worker = async () => {
    while (performance.now() < until) {
      const userId = lo + Math.floor(Math.random() * (hi - lo + 1));
      const t0 = performance.now();
      try {
        await monthlyStatement(db, userId, month, now);
        times.push(performance.now() - t0);
      } catch {
        failed += 1;
      }
    }
  };
  const heavyCaller = async () => {
    while (heavy && performance.now() < until) {
      await heavy();
      heavyDone += 1;
    }
  };
  const { longestMs } = await longestTurn(() =>
    Promise.all([
      ...Array.from({ length: CONNECTIONS }, worker),
      ...Array.from({ length: heavy ? PDF_CALLERS : 0 }, heavyCaller),
    ]),
  );
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(times.length * q))]!;
  return { count: times.length, p50: at(0.5), p99: at(0.99), failed, heavyDone, longestTurn: longestMs };
}

try {
  await migrate(database);
  const { buyer } = exists ? await pair() : await generate();
  if (CHECKPOINTS) {
    const t0 = performance.now();
    // the job's runs, back to back, until every closed month is built (each run builds at most 24)
    let built = 0;
    for (let run = await buildAccountMonths(db, now); run.length > 0; run = await buildAccountMonths(db, now))
      built += run.length;
    for (let run = await buildCostMonths(db, now); run.length > 0; run = await buildCostMonths(db, now))
      built += run.length;
    console.log(`checkpoints: ${built} months built in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
  const deps = { database, renderPool } as unknown as AppDeps;
  const thisMonth = statementMonthOf(now);
  const lastMonth = addStatementMonths(thisMonth, -1);
  const year = brasiliaYear(now);
  const statement = await monthlyStatement(db, buyer, thisMonth, now);
  /** GET /api/statements/pdf's work for the heavy buyer: the month's statement, then its PDF */
  const heavyPdf = async () => renderPool.run(statementPdf, [await monthlyStatement(db, buyer, thisMonth, now), now]);
  const figures: Array<[string, { wall: number; cpu: number }]> = [
    ['GET /api/statements (this month)', await median(RUNS, () => monthlyStatement(db, buyer, thisMonth, now))],
    [`GET /api/statements/pdf (this month, ${RENDER})`, await median(RUNS, heavyPdf)],
    ['  of which the PDF layout', await median(RUNS, () => renderStatement(statement, now))],
    ['GET /api/statements (last month)', await median(RUNS, () => monthlyStatement(db, buyer, lastMonth, now))],
    [`GET /api/orders/export/{year} (xlsx, ${RENDER})`, await median(RUNS, () => irpf.exportYear(deps, buyer, year))],
    ['GET /api/irpf/position/{year}', await median(RUNS, () => irpf.position(deps, buyer, year))],
  ];
  console.log(`${NAME}: ${CUSTOMERS} customers, ${TRADES} trades this month, median of ${RUNS}`);
  console.log(`${''.padEnd(44)} ${'wall'.padStart(7)}    ${'node cpu'.padStart(8)}`);
  for (const [name, ms] of figures)
    console.log(`${name.padEnd(44)} ${ms.wall.toFixed(0).padStart(7)} ms ${ms.cpu.toFixed(0).padStart(8)} ms`);
  const [load] = (await import('node:os')).loadavg();
  console.log(`load average ${load!.toFixed(1)} on ${(await import('node:os')).cpus().length} cores`);
  const printLoad = (what: string, r: Awaited<ReturnType<typeof ordinaryLoad>>) =>
    console.log(
      `ordinary customers, last month, ${CONNECTIONS} at once for ${SECONDS} s${what}: ${r.count} statements, ` +
        `p50 ${r.p50.toFixed(0)} ms, p99 ${r.p99.toFixed(0)} ms, ${r.failed} failed; ` +
        `longest event-loop turn ${r.longestTurn.toFixed(0)} ms`,
    );
  printLoad('', await ordinaryLoad(lastMonth));
  const busy = await ordinaryLoad(lastMonth, heavyPdf);
  printLoad(`, ${PDF_CALLERS} callers asking for the heavy PDF (${RENDER})`, busy);
  console.log(`heavy PDFs rendered meanwhile: ${busy.heavyDone}`);
  console.log(`movements: reais ${statement.reais.movements.length}, grams ${statement.grams.movements.length}`);
} finally {
  await renderPool.close();
  await database.close();
  if (!KEEP) await admin.query(`drop database if exists ${NAME} with (force)`);
  await admin.end();
}
