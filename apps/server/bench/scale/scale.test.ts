// The generator (seed.ts) and bench:scale's harness (bench/harness.ts) at 1,000 customers, on one generated database:
// the generator's work is checked first, then the harness runs on it in its quick mode (each call answered once, then
// twice more one after the other: no autocannon, no 32 connections): every call of the table has its row and answered
// 2xx every time, and every job, run on a copy as the full bench runs it, has its row (check.ts). The write path
// (order, ledger and pgbench benches) is left out: it is bench/orders.ts's and bench/ledger.ts's, and takes minutes.
// Needs PostgreSQL (TEST_DATABASE_URL): the generator writes set-based SQL with session settings PGlite has no use for.
import { isValidCnpj, isValidCpf, SUM_TREE_BLOCK_LEVEL, sumRootOf, sumTreeLevels, ufForCep } from '@prata/domain';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@/db/client';
import { ADDRESS_CITIES } from './addresses';
import { calls, lookUp, SCALE_SUBJECTS } from './bench/calls';
import { JOB_ROWS, problemsOf } from './bench/check';
import { runScaleBench } from './bench/harness';
import { KNOWN } from './context';
import { type StepReport, seedScale, STEPS } from './seed';

const url = process.env.TEST_DATABASE_URL;
const CUSTOMERS = 1000;
if (!url) console.warn('seed:scale and bench:scale tests skipped: they need PostgreSQL (TEST_DATABASE_URL)');

function databaseUrl(base: string, name: string) {
  const u = new URL(base);
  u.pathname = `/${name}`;
  return u.toString();
}

describe.skipIf(!url)('seed:scale and bench:scale at 1,000 customers (PostgreSQL)', () => {
  const name = `prata_scale_test_${process.pid}_${Date.now()}`;
  const target = url ? databaseUrl(url, name) : '';
  let first: StepReport[];

  beforeAll(async () => {
    const started = performance.now();
    first = await seedScale({ customers: CUSTOMERS, database: target, fresh: true, log: () => {} });
    if (process.env.BENCH_SCALE_VERBOSE) console.error(`seed: ${Math.round(performance.now() - started)} ms`);
  }, 600_000);

  afterAll(async () => {
    if (!url) return;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  describe('the generator', () => {
    let client: pg.Client;
    const one = async <T extends Record<string, unknown>>(text: string) => (await client.query<T>(text)).rows[0] as T;
    const count = async (text: string) => Number((await one<{ n: string }>(text)).n);

    beforeAll(async () => {
      client = new pg.Client({ connectionString: target });
      await client.connect();
    });

    // closed before the harness copies the database (no session may be connected to a template)
    afterAll(async () => {
      await client?.end();
    });

    it('ran every step once and recorded it', async () => {
      expect(first.filter((r) => r.skipped)).toEqual([]);
      const recorded = await client.query<{ step: string }>('select step from scale_seed_steps');
      expect(recorded.rows.map((r) => r.step).sort()).toEqual([...STEPS.map((s) => s.name), 'analyze'].sort());
    });

    it("ends with the product's full reconciliation, clean, recorded, and the checkpoint's mark left", async () => {
      const runs = await client.query<{ ok: boolean; full_run: boolean; source: string }>(
        'select ok, full_run, source from ledger_reconciliations',
      );
      expect(runs.rows).toEqual([{ ok: true, full_run: true, source: 'cli' }]);
      expect(await count('select count(*) as n from ledger_reconcile_state where mark_id is not null')).toBe(1);
    });

    it('writes the proportions: about 1 in 10 a company, valid documents, the known subjects', async () => {
      const companies = await count(`select count(*) as n from users where account_type = 'company'`);
      expect(companies / CUSTOMERS).toBeGreaterThan(0.06);
      expect(companies / CUSTOMERS).toBeLessThan(0.14);
      expect(await count('select count(*) as n from companies')).toBe(companies);
      for (const k of Object.values(KNOWN)) {
        expect(await count(`select count(*) as n from users where email = '${k.email}'`)).toBe(1);
      }
      expect(
        await count(`select count(*) as n from users where email = '${KNOWN.operator.email}'
                            and 'admin' = any(staff_roles)`),
      ).toBe(1);
      // every CPF passes the check digits (the product's own rule, in packages/domain)
      const cpfs = await client.query<{ cpf: string }>('select cpf from users where cpf is not null');
      expect(cpfs.rows.length).toBeGreaterThan(800);
      expect(cpfs.rows.filter((r) => !isValidCpf(r.cpf))).toEqual([]);
      const cnpjs = await client.query<{ cnpj: string }>('select cnpj from companies');
      expect(cnpjs.rows.filter((r) => !isValidCnpj(r.cnpj))).toEqual([]);
    });

    it('gives the heavy trader 20,000 trades with the counterpart in 2026-11 and 10,000 orders in 2025', async () => {
      const pair = await count(`
        select count(*) as n from trades t join orders m on m.id = t.maker_order_id join orders k on k.id = t.taker_order_id
         where k.user_id = ${KNOWN.heavy.id} and m.user_id = ${KNOWN.counterpart.id} and t.quantity_cg = 100
           and t.created_at >= timestamptz '2026-11-01 00:00-03' and t.created_at < timestamptz '2026-12-01 00:00-03'`);
      expect(pair).toBe(20_000);
      const orders2025 = await count(`select count(*) as n from orders where user_id = ${KNOWN.heavy.id}
         and created_at >= timestamptz '2025-01-01 00:00-03' and created_at < timestamptz '2026-01-01 00:00-03'`);
      expect(orders2025).toBeGreaterThanOrEqual(10_000);
      const before = await count(`select count(*) as n from orders where user_id = ${KNOWN.heavy.id}
         and created_at < timestamptz '2024-01-01 00:00-03'`);
      expect(before).toBeGreaterThan(1000);
      const top = await one<{ id: string }>(`select referred_by_coupon_id::text as id from users
         where referred_by_coupon_id is not null group by 1 order by count(*) desc limit 1`);
      expect(Number(top.id)).toBe(KNOWN.affiliate.id);
    });

    it('fills every table of the decade', async () => {
      const tables = [
        'users',
        'companies',
        'ledger_transfers',
        'ledger_holds',
        'orders',
        'trades',
        'trading_usage',
        'deposits',
        'withdrawals',
        'banking_information',
        'silver_withdrawals',
        'silver_withdrawal_items',
        'silver_transfers',
        'tickets',
        'ticket_interactions',
        'service_invoices',
        'coupons',
        'affiliate_rewards',
        'saving_plans',
        'saving_runs',
        'price_alerts',
        'audit_log',
        'sessions',
        'push_subscriptions',
        'event_logs',
        'reserve_days',
        'reserve_leaves',
        'reserve_salts',
      ];
      const empty: string[] = [];
      for (const t of tables)
        if ((await count(`select count(*) as n from (select 1 from ${t} limit 1) x`)) === 0) empty.push(t);
      expect(empty).toEqual([]);
      expect(await count(`select count(*) as n from orders where status = 'open'`)).toBeGreaterThan(0);
      expect(await count(`select count(*) as n from orders where status = 'cancelled'`)).toBeGreaterThan(0);
      // the book rests above the market: no open sell at or below the last trade's price (it would have been taken)
      expect(
        await count(`select count(*) as n from orders
                      where status = 'open' and side = 'sell'
                        and price_cents <= (select price_cents from trades order by id desc limit 1)`),
      ).toBe(0);
      // a waiting price alert is one no trade since it was made has reached (the checker has seen every trade)
      expect(await count(`select count(*) as n from price_alerts where fired_at is null`)).toBeGreaterThan(0);
      expect(
        await count(`select count(*) as n from price_alerts a
                      where a.fired_at is null
                        and exists (select 1 from trades t
                                     where t.created_at >= a.created_at
                                       and case when a.direction = 'above' then t.price_cents >= a.price_cents
                                                else t.price_cents <= a.price_cents end)`),
      ).toBe(0);
      // every closed day of the decade has its proof; leaves only for the last 7
      expect(await count('select count(*) as n from reserve_days')).toBe(3652);
      expect(await count('select count(distinct day) as n from reserve_leaves')).toBe(7);
      // the last day's leaves and its row hold what the customers hold now (nothing moved after 2026-11-30)
      const held = await count(`select sum(credits_posted - debits_posted) as n from ledger_accounts
                                  where owner_user_id is not null and currency = 'AG'`);
      expect(await count(`select sum(centigrams) as n from reserve_leaves where day = '2026-11-30'`)).toBe(held);
      expect(await count(`select customers_cg as n from reserve_days where day = '2026-11-30'`)).toBe(held);
    });

    it("gives every customer an address in a reference city, its CEP in the city's state", async () => {
      expect(await count('select count(distinct user_id) as n from addresses where user_id <= 1000')).toBe(CUSTOMERS);
      const { rows } = await client.query<{ cep: string; state: string }>(
        'select a.cep, c.state from addresses a join cities c on c.id = a.city_id',
      );
      expect(rows.filter((r) => !/^\d{8}$/.test(r.cep) || ufForCep(r.cep) !== r.state)).toEqual([]);
      for (const c of ADDRESS_CITIES) {
        expect(ufForCep(String(c.cep5[0]).padStart(5, '0'))).toBe(c.state);
        expect(ufForCep(String(c.cep5[1]).padStart(5, '0'))).toBe(c.state);
      }
      // the delivery address and buyer of a silver withdrawal as the product stores them (cpf null for a company)
      expect(
        await count(`select count(*) as n from silver_withdrawals
                      where not (buyer ? 'cpf') or address->>'city_id' is null or shipping->>'Carrier' is null`),
      ).toBe(0);
    });

    it("builds the leaf days with the product's builder: their leaves give their roots and stored levels", async () => {
      const { rows: days } = await client.query<{ day: string; root: string; customers_cg: string; version: number }>(
        `select day::text, root, customers_cg::text, version from reserve_days where day > date '2026-11-30' - 7
          order by day`,
      );
      expect(days).toHaveLength(7);
      for (const d of days) {
        const { rows } = await client.query<{ leaf: string; centigrams: string }>(
          'select leaf, centigrams::text from reserve_leaves where day = $1 order by position',
          [d.day],
        );
        const levels = await sumTreeLevels(rows.map((r) => ({ hash: r.leaf, sum: Number(r.centigrams) })));
        const root = sumRootOf(levels);
        expect({ day: d.day, version: d.version, root: d.root, sum: Number(d.customers_cg) }).toEqual({
          day: d.day,
          version: 2,
          root: root.hash,
          sum: root.sum,
        });
        // the levels a customer's proof reads, stored by the builder: from the block level up, below the root
        const { rows: stored } = await client.query<{ level: number; hashes: string; sums: string }>(
          `select level, encode(hashes, 'hex') as hashes, encode(sums, 'hex') as sums from reserve_tree_levels
            where day = $1 order by level`,
          [d.day],
        );
        const expected = levels.slice(SUM_TREE_BLOCK_LEVEL, -1);
        expect(expected.length).toBeGreaterThan(0);
        // each sum as 8 bytes, big-endian
        expect(stored).toEqual(
          expected.map((nodes, i) => ({
            level: SUM_TREE_BLOCK_LEVEL + i,
            hashes: nodes.map((n) => n.hash).join(''),
            sums: nodes.map((n) => n.sum.toString(16).padStart(16, '0')).join(''),
          })),
        );
      }
      // the older days: a 64-hex root each
      expect(await count(`select count(*) as n from reserve_days where root !~ '^[0-9a-f]{64}$'`)).toBe(0);
      // and the trade plan's table is gone once read
      expect(
        await count(`select count(*) as n from pg_tables where schemaname = 'scale_seed' and tablename = 'tp'`),
      ).toBe(0);
    });

    it('never takes a floored account below zero, at any moment of its history', async () => {
      const negative = await count(`
        select count(*) as n from (
          select a.code, sum(x.delta) over (partition by x.id order by x.created_at, x.seq) as running
            from (select debit_account_id as id, -amount as delta, created_at, id as seq from ledger_transfers
                  union all select credit_account_id, amount, created_at, id from ledger_transfers) x
            join ledger_accounts a on a.id = x.id
           where a.debits_must_not_exceed_credits) r
         where r.running < 0`);
      expect(negative).toBe(0);
      // and nothing happened after the decade's last day
      expect(
        await count(`select count(*) as n from ledger_transfers where created_at >= timestamptz '2026-12-01 00:00-03'`),
      ).toBe(0);
    });

    it('answers a rerun with nothing to do, and the reconciliation stays clean', async () => {
      const transfers = await count('select count(*) as n from ledger_transfers');
      const again = await seedScale({ customers: CUSTOMERS, database: target, log: () => {} });
      expect(again.every((r) => r.skipped)).toBe(true);
      expect(await count('select count(*) as n from ledger_transfers')).toBe(transfers);
    });
  });

  describe("bench:scale's harness", () => {
    let result: Awaited<ReturnType<typeof runScaleBench>>;
    let expected: string[];

    beforeAll(async () => {
      const database = await openDatabase({ url: target, poolSize: 1 });
      try {
        expected = calls(await lookUp(database, SCALE_SUBJECTS)).map((c) => c.name);
      } finally {
        await database.close();
      }
      result = await runScaleBench({
        sizes: [CUSTOMERS],
        databaseBase: url!,
        databases: { [CUSTOMERS]: name },
        seconds: 1,
        subjects: SCALE_SUBJECTS,
        writes: false,
        outboxMessages: 200,
        quick: 2,
        // BENCH_SCALE_VERBOSE=1: the harness's progress, timed, on stderr
        ...(process.env.BENCH_SCALE_VERBOSE
          ? { log: (line: string) => console.error(`${new Date().toISOString().slice(11, 23)} ${line}`) }
          : {}),
      });
    }, 600_000);

    it('finds every subject, answers every call 2xx every time, and times every job', () => {
      const [size] = result.results;
      expect(problemsOf(size!, { calls: expected, jobs: JOB_ROWS, many: false })).toEqual([]);
      for (const r of size!.http) expect(r.at1!.requests).toBe(2);
      const jobs = size!.jobs;
      expect(jobs.map((j) => j.name.replace(/ \(.*\)$/, ''))).toEqual([...JOB_ROWS]);
      expect(jobs.find((j) => j.name === 'reconciliation')?.detail).toMatch(/^clean/);
      expect(jobs.find((j) => j.name.startsWith('latest migration'))?.detail).toMatch(/^applied/);
    });

    it('prints one markdown row per call and job, with a mark against the targets', () => {
      const lines = result.markdown.split('\n').filter((l) => /^\| (customer|operator|job) \|/.test(l));
      expect(lines).toHaveLength(expected.length + 8);
      for (const line of lines) expect(line).toMatch(/\| (met|MISSED|—) \|$/);
    });
  });
});
