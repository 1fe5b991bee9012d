// The ledger's totals, set once from the transfers the steps wrote, and the sequences after explicit ids.
import { exec, type Step } from './context';

/**
 * Every account's posted totals from its transfers, set-based: the product's reconciliation then proves them (each
 * balance = the sum of its lines, each currency balanced, no floored account below zero, holds = held accounts).
 * The accounts' CHECK constraints (no floored balance below zero) are live in this statement.
 */
const balances: Step = {
  name: 'ledger-balances',
  async run(ctx) {
    return exec(
      ctx,
      `update ledger_accounts a set debits_posted = s.debits, credits_posted = s.credits
         from (select v.id, sum(v.debit)::bigint as debits, sum(v.credit)::bigint as credits
                 from ledger_transfers t,
                      lateral (values (t.debit_account_id, t.amount, 0::bigint), (t.credit_account_id, 0::bigint, t.amount))
                        v(id, debit, credit)
                group by v.id) s
        where a.id = s.id`,
    );
  },
};

/** Identity sequences after the explicit ids, the market's counters, the trade jobs' cursors. */
const sequences: Step = {
  name: 'sequences',
  async run(ctx) {
    const { rows } = await ctx.client.query<{ t: string; c: string }>(
      `select table_name as t, column_name as c from information_schema.columns
        where table_schema = 'public' and is_identity = 'YES'`,
    );
    for (const r of rows) {
      await ctx.client.query(
        `select setval(pg_get_serial_sequence('public.${r.t}', '${r.c}'),
                greatest(1, coalesce((select max(${r.c}) from public.${r.t}), 0) + 1000), false)`,
      );
    }
    await exec(
      ctx,
      `update market_state set last_order_id = (select coalesce(max(id), 0) from orders),
                               last_trade_id = (select coalesce(max(id), 0) from trades), version = version + 1`,
    );
    // the jobs that follow trades (affiliate rewards, price alerts) start after the generated history, not over it
    await exec(
      ctx,
      `insert into affiliate_reward_cursor (id, last_trade_id) select 1, coalesce(max(id), 0) from trades
         on conflict (id) do update set last_trade_id = excluded.last_trade_id;
       insert into price_alert_cursor (id, last_trade_id) select 1, coalesce(max(id), 0) from trades
         on conflict (id) do update set last_trade_id = excluded.last_trade_id`,
    );
    return rows.length;
  },
};

export const ledgerSteps: Step[] = [balances, sequences];
