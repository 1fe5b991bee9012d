// The order book's decade: every trade a resting maker order (the house's, or the counterpart's for the heavy
// trader) taken whole by a customer's order, written as the matcher writes them (features/orders/core/fill.ts and
// settle.ts): the maker's hold 'order:<id>:0' captured, the taker's transfers 'trade:<id>:buyer-*' / 'seller-*'.
import { acc, exec, KNOWN, type Stage, type Step } from './context';

/** The heavy trader's 20,000 trades of 1 g with the counterpart, in the last complete month (2026-11). */
const PAIR_TRADES = 20_000;

/**
 * The plan: one row per trade, numbered in time order. A customer's k-th trade buys, except every third, which sells
 * what the trade before it bought, so no one sells grams they do not have.
 */
const plan: Step = {
  name: 'trade-plan',
  analyze: ['scale_seed.tp'],
  async run(ctx) {
    const h = KNOWN.heavy.id;
    const rows = await exec(
      ctx,
      `create unlogged table scale_seed.tp as
       with base as (
         select c.user_id as taker, null::bigint as maker, k,
                case when k % 3 = 0 then 'sell' else 'buy' end as side,
                100 * (10 + floor(power(scale_seed.u(c.user_id * 100003 + k - (case when k % 3 = 0 then 1 else 0 end), 51), 2.5) * 490))::bigint as qty,
                case when c.user_id = ${h} and k <= 3000
                       then scale_seed.t0() + interval '1 day'
                            + (timestamptz '2025-01-01 03:00+00' - scale_seed.t0() - interval '2 days')
                              * ((k - 1 + 0.9 * scale_seed.u(c.user_id * 100003 + k, 52)) / 3000)
                     when c.user_id = ${h}
                       then timestamptz '2025-01-01 04:00+00' + interval '363 days'
                              * ((k - 3001 + 0.9 * scale_seed.u(c.user_id * 100003 + k, 52)) / (c.ntrades - 3000))
                     else c.created_at + interval '1 hour' + (scale_seed.t1() - c.created_at - interval '6 days') * 0.8
                              * ((k - 1 + 0.9 * scale_seed.u(c.user_id * 100003 + k, 52)) / c.ntrades) end as at
           from scale_seed.cust c, generate_series(1, c.ntrades) k
         union all
         select ${h}, ${KNOWN.counterpart.id}, 1000000 + k, case when k % 2 = 1 then 'buy' else 'sell' end, 100,
                timestamptz '2026-11-01 03:00+00' + interval '29 days 20 hours' * ((k - 0.5) / ${PAIR_TRADES})
           from generate_series(1, ${PAIR_TRADES}) k),
       priced as (
         select b.*, scale_seed.price(b.at) as price,
                scale_seed.div_half_up(scale_seed.price(b.at) * b.qty, 100) as value from base b),
       charged as (
         select p.*, greatest(scale_seed.div_half_up(p.value * 50, 10000), 500) as fd from priced p),
       full_ as (
         select c.*, scale_seed.div_half_up((c.value + c.fd) * 38, 10000) as idue from charged c)
       select row_number() over (order by at, taker, k) as trade_id, taker, maker, k, side, qty, at, price, value,
              case when side = 'buy' then fd else least(fd, value) end as taker_fee,
              case when side = 'buy' then idue else least(idue, value - least(fd, value)) end as taker_iof,
              case when maker is null then 0 when side = 'sell' then fd else least(fd, value) end as maker_fee,
              case when maker is null then 0 when side = 'sell' then idue
                   else least(idue, value - least(fd, value)) end as maker_iof,
              at - case when maker is null then 1 + floor(scale_seed.u(taker * 100003 + k, 53) * 600) else 30 end
                   * interval '1 second' as maker_at,
              scale_seed.u(taker * 100003 + k, 54) < 0.3 as taker_limit
         from full_`,
    );
    await exec(ctx, 'alter table scale_seed.tp add primary key (trade_id)');
    await exec(ctx, 'create index on scale_seed.tp (taker, k)');
    return rows;
  },
};

/** The house's capital: silver into the vault and reais at the bank, on the decade's first day, enough for every fill. */
const houseFunding: Step = {
  name: 'house-funding',
  async run(ctx) {
    const s = ctx.sys;
    return exec(
      ctx,
      `insert into ledger_transfers (transfer_id, debit_account_id, credit_account_id, currency, amount, code, created_at)
       select 'house-funding:scale-ag', ${s.vault}, ${s['house:available:AG']}, 'AG',
              coalesce(sum(qty) filter (where side = 'buy' and maker is null), 0) + 10000000, 'house.vault', scale_seed.t0()
         from scale_seed.tp
       union all
       select 'house-funding:scale-brl', ${s['ted:clearing']}, ${s['house:available:BRL']}, 'BRL',
              coalesce(sum(value) filter (where side = 'sell' and maker is null), 0) + 100000000, 'house.capital',
              scale_seed.t0()
         from scale_seed.tp`,
    );
  },
};

/** The maker's order (2t-1) and the taker's (2t), then the trade. */
const orders: Step = {
  name: 'orders',
  analyze: ['orders', 'trades'],
  replica: true,
  async run(ctx) {
    let rows = await exec(
      ctx,
      `insert into orders (id, user_id, side, mode, status, price_cents, quantity_cg, remaining_cg, filled_cg, exact,
                           value_cents, fee_cents, iof_cents, fee_rate_bps, iof_rate_bps, minimum_fee_cents, hold_amount,
                           hold_seq, expected_total_cents, created_at, updated_at)
       select 2 * trade_id - 1, maker, case when side = 'buy' then 'sell' else 'buy' end, 'limit', 'filled', price,
              qty, 0, qty, price * qty, value, maker_fee, maker_iof,
              case when maker is null then 0 else 50 end, case when maker is null then 0 else 38 end,
              case when maker is null then 0 else 500 end,
              case when side = 'buy' then qty else value + maker_fee + maker_iof end, 0, null, maker_at, at
         from scale_seed.tp
       union all
       select 2 * trade_id, taker, side, case when taker_limit then 'limit' else 'market' end, 'filled',
              case when taker_limit then price end, qty, 0, qty, price * qty, value, taker_fee, taker_iof, 50, 38, 500,
              case when side = 'buy' then value + taker_fee + taker_iof else qty end, 0,
              case when side = 'buy' then value + taker_fee + taker_iof else value - taker_fee - taker_iof end, at, at
         from scale_seed.tp`,
    );
    rows += await exec(
      ctx,
      `insert into trades (id, maker_order_id, taker_order_id, taker_side, price_cents, quantity_cg, buyer_value_cents,
                           seller_value_cents, buyer_fee_cents, buyer_iof_cents, seller_fee_cents, seller_iof_cents,
                           created_at)
       select trade_id, 2 * trade_id - 1, 2 * trade_id, side, price, qty, value, value,
              case when side = 'buy' then taker_fee else maker_fee end,
              case when side = 'buy' then taker_iof else maker_iof end,
              case when side = 'buy' then maker_fee else taker_fee end,
              case when side = 'buy' then maker_iof else taker_iof end, at
         from scale_seed.tp`,
    );
    rows += await exec(
      ctx,
      `insert into trading_usage (user_id, year, traded_cents)
       select u, y, sum(v) from (
         select taker as u, extract(year from at at time zone 'America/Sao_Paulo')::int as y, value as v from scale_seed.tp
         union all
         select maker, extract(year from at at time zone 'America/Sao_Paulo')::int, value from scale_seed.tp
          where maker is not null) x group by u, y`,
    );
    return rows;
  },
};

/** The makers' holds, captured whole by their one fill. */
const holds: Step = {
  name: 'order-holds',
  async run(ctx) {
    const s = ctx.sys;
    return exec(
      ctx,
      `insert into ledger_holds (hold_id, owner_id, available_account_id, held_account_id, currency, amount, reason,
                                 reference, state, captured_amount, created_at, resolved_at)
       select 'order:' || (2 * trade_id - 1) || ':0',
              case when maker is null then ${s.houseOwner} else ${acc.owner('maker')} end,
              case when side = 'buy' then coalesce(${acc.ag('maker')}, ${s['house:available:AG']})
                   else coalesce(${acc.brl('maker')}, ${s['house:available:BRL']}) end,
              case when side = 'buy' then coalesce(${acc.agHeld('maker')}, ${s['house:held:AG']})
                   else coalesce(${acc.brlHeld('maker')}, ${s['house:held:BRL']}) end,
              case when side = 'buy' then 'AG' else 'BRL' end, amt, 'order', 'order:' || (2 * trade_id - 1),
              'captured', amt, maker_at, at
         from (select t.*, case when side = 'buy' then qty else value + maker_fee + maker_iof end as amt
                 from scale_seed.tp t) x`,
    );
  },
};

/**
 * The trades' ledger transfers: the maker's hold and its capture, the taker's settled-at-once transfers, the seller's
 * fee and IOF. Seven per trade between two customers (fees on both sides), five against the house (no fee).
 */
const transfers: Step = {
  name: 'trade-transfers',
  analyze: ['ledger_transfers'],
  async run(ctx) {
    const s = ctx.sys;
    const mAvBrl = `coalesce(${acc.brl('p.maker')}, ${s['house:available:BRL']})`;
    const mHdBrl = `coalesce(${acc.brlHeld('p.maker')}, ${s['house:held:BRL']})`;
    const mAvAg = `coalesce(${acc.ag('p.maker')}, ${s['house:available:AG']})`;
    const mHdAg = `coalesce(${acc.agHeld('p.maker')}, ${s['house:held:AG']})`;
    const fee = s['revenue:operating-fee'];
    const iof = s['tax:iof'];
    let rows = 0;
    // one statement per side: seven candidate transfers per trade instead of fourteen
    rows += await exec(
      ctx,
      `insert into ledger_transfers (transfer_id, debit_account_id, credit_account_id, currency, amount, code, created_at)
       select x.tid, x.d, x.c, x.cur, x.amt, x.code, x.t
         from scale_seed.tp p,
              lateral (select 'order:' || (2 * p.trade_id - 1) || ':0' as hold,
                              'trade:' || p.trade_id || ':' as tr, ${acc.brl('p.taker')} as tb, ${acc.ag('p.taker')} as ta) m,
              lateral (values
                (m.hold || '#hold', ${mAvAg}, ${mHdAg}, 'AG', p.qty, 'hold', p.maker_at),
                (m.hold || '#capture.1', ${mHdAg}, m.ta, 'AG', p.qty, 'trade.silver', p.at),
                (m.tr || 'buyer-value', m.tb, ${mAvBrl}, 'BRL', p.value, 'trade.value', p.at),
                (m.tr || 'buyer-fee', m.tb, ${fee}, 'BRL', p.taker_fee, 'trade.fee', p.at),
                (m.tr || 'buyer-iof', m.tb, ${iof}, 'BRL', p.taker_iof, 'trade.iof', p.at),
                (m.tr || 'seller-fee', ${mAvBrl}, ${fee}, 'BRL', p.maker_fee, 'trade.fee', p.at),
                (m.tr || 'seller-iof', ${mAvBrl}, ${iof}, 'BRL', p.maker_iof, 'trade.iof', p.at)
              ) x(tid, d, c, cur, amt, code, t)
        where p.side = 'buy' and x.amt > 0`,
    );
    rows += await exec(
      ctx,
      `insert into ledger_transfers (transfer_id, debit_account_id, credit_account_id, currency, amount, code, created_at)
       select x.tid, x.d, x.c, x.cur, x.amt, x.code, x.t
         from scale_seed.tp p,
              lateral (select 'order:' || (2 * p.trade_id - 1) || ':0' as hold,
                              'trade:' || p.trade_id || ':' as tr, ${acc.brl('p.taker')} as tb, ${acc.ag('p.taker')} as ta) m,
              lateral (values
                (m.hold || '#hold', ${mAvBrl}, ${mHdBrl}, 'BRL', p.value + p.maker_fee + p.maker_iof,
                 'hold', p.maker_at),
                (m.hold || '#capture.1', ${mHdBrl}, m.tb, 'BRL', p.value, 'trade.value', p.at),
                (m.hold || '#capture.2', ${mHdBrl}, ${fee}, 'BRL', p.maker_fee, 'trade.fee', p.at),
                (m.hold || case when p.maker_fee > 0 then '#capture.3' else '#capture.2' end, ${mHdBrl},
                 ${iof}, 'BRL', p.maker_iof, 'trade.iof', p.at),
                (m.tr || 'seller-silver', m.ta, ${mAvAg}, 'AG', p.qty, 'trade.silver', p.at),
                (m.tr || 'seller-fee', m.tb, ${fee}, 'BRL', p.taker_fee, 'trade.fee', p.at),
                (m.tr || 'seller-iof', m.tb, ${iof}, 'BRL', p.taker_iof, 'trade.iof', p.at)
              ) x(tid, d, c, cur, amt, code, t)
        where p.side = 'sell' and x.amt > 0`,
    );
    return rows;
  },
};

/**
 * The orders and their holds beside the transfers: all three read only the plan (scale_seed.tp) and write tables of
 * their own, so each lane is one core's work.
 */
/**
 * The plan's table (the decade's trades, unlogged) goes once its last readers (the invoices, the saving plans) are
 * done, not to be dumped and copied. A step of its own after their lanes: a DROP inside one of them would wait for
 * the other lane's transaction, which reads the plan, to commit.
 */
export const dropTradePlan: Step = {
  name: 'trade-plan-dropped',
  async run(ctx) {
    await exec(ctx, 'drop table if exists scale_seed.tp');
    return 0;
  },
};

export const tradingStages: Stage[] = [plan, houseFunding, { lanes: [[orders, holds], [transfers]] }];
