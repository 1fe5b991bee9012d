// Every closed day's proof of reserves (reserve_days), and the leaves of the last --leaf-days days only.
import { loadConfig } from '@/config';
import { openDatabase } from '@/db/client';
import { buildReserveDay, reservesSecret } from '@/features/reserves/index';
import { exec, type Step } from './context';

/** The decade's last closed day, and the first of the days that keep their leaves. */
const LAST_DAY = '2026-11-30';
const leafDaysOf = (ctx: { leafDays: number }) => {
  const days: string[] = [];
  for (let i = ctx.leafDays - 1; i >= 0; i--)
    days.push(new Date(Date.parse(`${LAST_DAY}T12:00:00Z`) - i * 86_400_000).toISOString().slice(0, 10));
  return days;
};

/** The leaf days built side by side (each in a transaction and on a connection of its own). */
const DAYS_AT_ONCE = 2;

/**
 * One reserve_days row per Brasília day of the decade before the days that keep leaves: the customers' grams and the
 * unclaimed grams at the day's end, summed from the transfers (a running total of each day's net), the vault's bars as
 * the grams in custody. Their leaves are gone (as the retention leaves them): the root is a stand-in, 64 hex digits
 * derived from the day, that the public page shows as it shows any root.
 */
const days: Step = {
  name: 'reserve-days',
  async run(ctx) {
    return exec(
      ctx,
      `insert into reserve_days (day, ends_at, root, customer_count, customers_cg, unclaimed_cg, bars_cg, source,
                                 built_at, version)
       with grams as (
         select a.id, case when a.code = 'transfer:unclaimed' then 'u' else 'c' end as kind from ledger_accounts a
          where a.currency = 'AG' and (a.code like 'customer:%' or a.code = 'transfer:unclaimed')),
       -- what came in and what went out per day and kind, as two aggregates (a lateral (values) of each transfer's
       -- two legs took twice as long)
       moves as (
         select (t.created_at at time zone 'America/Sao_Paulo')::date as day, g.kind, sum(t.amount) as amount
           from ledger_transfers t join grams g on g.id = t.credit_account_id where t.currency = 'AG' group by 1, 2
         union all
         select (t.created_at at time zone 'America/Sao_Paulo')::date, g.kind, -sum(t.amount)
           from ledger_transfers t join grams g on g.id = t.debit_account_id where t.currency = 'AG' group by 1, 2),
       net as (
         select day, sum(amount) filter (where kind = 'c') as customers, sum(amount) filter (where kind = 'u') as unclaimed
           from moves group by day),
       registered as (
         select (created_at at time zone 'America/Sao_Paulo')::date as day, count(*) as n from scale_seed.cust group by 1),
       d as (select g::date as day from generate_series(date '2016-12-01', date '2026-11-30', interval '1 day') g)
       select d.day, (d.day + 1)::timestamp at time zone 'America/Sao_Paulo',
              md5('reserve' || d.day) || md5('root' || d.day),
              (sum(coalesce(r.n, 0)) over w)::int,
              sum(coalesce(n.customers, 0)) over w, sum(coalesce(n.unclaimed, 0)) over w,
              sum(coalesce(n.customers, 0) + coalesce(n.unclaimed, 0)) over w + 10000000,
              'daily', (d.day + 1)::timestamp at time zone 'America/Sao_Paulo' + interval '5 minutes', 1
         from d left join net n on n.day = d.day left join registered r on r.day = d.day
       window w as (order by d.day)
       order by d.day
       limit (date '${LAST_DAY}' - date '2016-12-01' + 1) - ${ctx.leafDays}`,
    );
  },
};

/**
 * The last --leaf-days days, built by the product's own builder (features/reserves: buildReserveDay, the daily job's
 * 'daily' build) from the ledger as of each day's end, so their roots are the real roots of their leaves and the
 * customers' own proofs verify. The builder works on connections of its own and commits each day: the days step has
 * committed before, and a rerun skips a day already built. reserve_salts (the version 1 salts) are written for every
 * customer as before.
 */
const leaves: Step = {
  name: 'reserve-leaves',
  async run(ctx) {
    let rows = await exec(
      ctx,
      `insert into reserve_salts (user_id, salt, created_at)
       select user_id, md5('salt' || user_id) || md5('pepper' || user_id), created_at from scale_seed.cust`,
    );
    const config = loadConfig({ ...process.env, DATABASE_URL: ctx.url, NODE_ENV: 'development', PRATA_DEMO: '0' });
    const database = await openDatabase({ url: ctx.url, poolSize: DAYS_AT_ONCE + 1, statementTimeoutMs: 0 });
    try {
      const secret = await reservesSecret({ config: { ...config, jwtSecret: config.jwtSecret ?? '' } }, database.db);
      // two days at a time: one day's build alternates between Node (hashing) and PostgreSQL (reading balances,
      // writing leaves), so a second day fills the other core (four days of 100k customers: 52–57 s instead of 62–66 s, measured on a
      // machine busy with other work, load 13)
      const queue = leafDaysOf(ctx);
      const worker = async () => {
        for (let day = queue.shift(); day !== undefined; day = queue.shift()) {
          const built = await buildReserveDay(database.db, { day, source: 'daily', secret });
          rows += built?.proof.customerCount ?? 0;
        }
      };
      await Promise.all(Array.from({ length: DAYS_AT_ONCE }, worker));
    } finally {
      await database.close();
    }
    return rows;
  },
};

export const reserveSteps: Step[] = [days, leaves];
