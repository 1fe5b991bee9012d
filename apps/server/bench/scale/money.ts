// Deposits (Pix, some TED), each customer's balance once their trading is done, and money withdrawals.
import { acc, exec, KNOWN, type Step } from './context';

/**
 * Deposits: before each block of six trades, one deposit that pays the block's purchases (rounded up to R$ 50, plus
 * a little more), so no balance goes below zero at any moment; the heavy pair's month is paid by one deposit each on
 * 2026-10-31; 40 % of the customers who never trade deposit once. About 1 in 10 arrives by TED.
 */
const deposits: Step = {
  name: 'deposits',
  analyze: ['scale_seed.dp', 'deposits'],
  replica: true,
  async run(ctx) {
    const s = ctx.sys;
    await exec(
      ctx,
      `create unlogged table scale_seed.dp as
       select row_number() over (order by at, user_id) as id, user_id, at, amount,
              scale_seed.u(user_id * 1009 + block, 62) < 0.1 as ted
         from (
           select taker as user_id, (k - 1) / 6 as block,
                  min(at) - (1 + floor(scale_seed.u(taker * 100003 + (k - 1) / 6, 61) * 60)) * interval '1 minute' as at,
                  (ceil((sum(case when side = 'buy' then value + taker_fee + taker_iof else 0 end) + 1) / 5000.0) * 5000
                   + 1000 * floor(scale_seed.u(taker * 100003 + (k - 1) / 6, 63) * 20))::bigint as amount
             from scale_seed.tp where maker is null group by taker, (k - 1) / 6
           union all
           select ${KNOWN.heavy.id}, -1, timestamptz '2026-10-31 15:00+00',
                  sum(value + taker_fee + taker_iof) filter (where side = 'buy') + 100000
             from scale_seed.tp where maker is not null
           union all
           select ${KNOWN.counterpart.id}, -1, timestamptz '2026-10-31 15:30+00',
                  sum(value + maker_fee + maker_iof) filter (where side = 'sell') + 100000
             from scale_seed.tp where maker is not null
           union all
           select user_id, 0, created_at + interval '1 day',
                  (10000 * (1 + floor(scale_seed.u(user_id, 64) * 20)))::bigint
             from scale_seed.cust where ntrades = 0 and scale_seed.u(user_id, 65) < 0.4) d`,
    );
    let rows = await exec(
      ctx,
      `insert into deposits (id, user_id, method, amount_cents, status, asaas_payment_id, pix_copia_e_cola,
                             pix_expires_at, receipt_storage_key, receipt_name, receipt_mime, receipt_size,
                             receipt_sha256, credited_at, reviewed_by, reviewed_at, created_at, updated_at)
       overriding system value
       select id, user_id, case when ted then 'ted' else 'pix' end, amount, 'approved',
              case when not ted then 'pay_scale' || lpad(id::text, 12, '0') end,
              case when not ted then '00020101021226900014br.gov.bcb.pix2568pix.prata.test/qr/v2/scale'
                                     || id || '5204000053039865802BR5905PRATA6009SAO PAULO6304ABCD' end,
              case when not ted then at + interval '1 hour' end,
              case when ted then 'scale/receipts/' || id || '.pdf' end,
              case when ted then 'comprovante-ted.pdf' end, case when ted then 'application/pdf' end,
              case when ted then 48213 end, case when ted then md5(id::text) || md5(id::text) end,
              at, case when ted then ${ctx.staff.finance} end, case when ted then at end,
              at - interval '3 minutes', at
         from scale_seed.dp`,
    );
    rows += await exec(
      ctx,
      `insert into ledger_transfers (transfer_id, debit_account_id, credit_account_id, currency, amount, code, created_at)
       select 'deposit:' || id, case when ted then ${s['ted:clearing']} else ${s['pix:clearing']} end,
              ${acc.brl('user_id')}, 'BRL', amount, case when ted then 'deposit.ted' else 'deposit.pix' end, at
         from scale_seed.dp`,
    );
    // expired Pix charges nobody paid: rows only, no money moved
    rows += await exec(
      ctx,
      `insert into deposits (id, user_id, method, amount_cents, status, asaas_payment_id, pix_copia_e_cola, pix_expires_at,
                             created_at, updated_at) overriding system value
       select (select max(id) from scale_seed.dp) + id, user_id, 'pix', amount, 'expired', 'pay_scale_x' || id, '00020101021226900014br.gov.bcb.pix/expired' || id,
              at - interval '2 days', at - interval '3 days', at - interval '2 days'
         from scale_seed.dp where scale_seed.u(id, 66) < 0.08`,
    );
    return rows;
  },
};

/**
 * What each customer holds once their trading is done (the heavy pair's month aside, which only adds), and when
 * that is: the later steps (cancelled and open orders, withdrawals of money and silver, silver transfers) each take
 * a share of it (at most 85 % in all), after that moment, so no balance goes below zero.
 */
const after: Step = {
  name: 'balances-after-trading',
  analyze: ['scale_seed.post'],
  async run(ctx) {
    const rows = await exec(
      ctx,
      `create unlogged table scale_seed.post as
       select c.user_id, c.ntrades,
              greatest(coalesce(t.last_at, d.last_at), coalesce(d.last_at, t.last_at)) as t_last,
              coalesce(d.brl, 0) - coalesce(t.paid, 0) + coalesce(t.got, 0) as f_brl, coalesce(t.ag, 0) as f_ag
         from scale_seed.cust c
         left join (select taker as user_id, max(at) as last_at,
                           sum(value + taker_fee + taker_iof) filter (where side = 'buy') as paid,
                           sum(value - taker_fee - taker_iof) filter (where side = 'sell') as got,
                           sum(case when side = 'buy' then qty else -qty end) as ag
                      from scale_seed.tp where maker is null group by taker) t on t.user_id = c.user_id
         left join (select user_id, max(at) as last_at, sum(amount) as brl from scale_seed.dp
                     where at < timestamptz '2026-10-31 00:00+00' or user_id > 2 group by user_id) d
                on d.user_id = c.user_id
        where t.user_id is not null or d.user_id is not null`,
    );
    await exec(ctx, 'alter table scale_seed.post add primary key (user_id)');
    return rows;
  },
};

/**
 * A moment after the customer's trading, `days` later, but at most six days before the decade's end, so what it
 * starts (a delivery four days later) is over by then. Trading ends 6.4 days before the end at the latest
 * (trade-plan), so this is never before it.
 */
export const after_ = (days: number) =>
  `least(p.t_last + interval '${days} days',
         scale_seed.t1() - interval '6 days' - interval '${Math.round(60 - days * 5)} minutes')`;

/** Money withdrawals: half of those with R$ 50 left take half of it out by Pix (97 % paid, 2 % rejected, 1 % pending). */
const withdrawals: Step = {
  name: 'withdrawals',
  analyze: ['withdrawals'],
  replica: true,
  async run(ctx) {
    const s = ctx.sys;
    await exec(
      ctx,
      `create unlogged table scale_seed.wp as
       select row_number() over (order by at, user_id) as id, *,
              case when x < 0.97 then 'approved' when x < 0.99 then 'rejected' else 'pending' end as status
         from (select p.user_id, ${after_(4)} as at, (floor(p.f_brl * 0.5 / 100) * 100)::bigint as amount,
                      scale_seed.u(p.user_id, 74) < 0.2 as instant, scale_seed.u(p.user_id, 75) as x
                 from scale_seed.post p where p.f_brl >= 5000 and scale_seed.u(p.user_id, 73) < 0.5) w`,
    );
    let rows = await exec(
      ctx,
      `insert into banking_information (id, user_id, type, key_type, key, created_at) overriding system value
       select p.user_id, p.user_id, 'pix', 'cpf', coalesce(u.cpf, scale_seed.cpf(u.id)), u.created_at + interval '1 day'
         from scale_seed.wp p join users u on u.id = p.user_id`,
    );
    rows += await exec(
      ctx,
      `insert into withdrawals (id, user_id, banking_information_id, destination, amount_cents, fee_cents, instant, status,
                                rejection_reason, payout_status, payout_id, reviewed_by, reviewed_at, created_at,
                                updated_at) overriding system value
       select w.id, w.user_id, w.user_id,
              jsonb_build_object('type', 'pix', 'key_type', 'cpf', 'key', b.key), w.amount,
              case when w.instant then 990 else 0 end, w.instant, w.status,
              case when w.status = 'rejected' then 'Dados bancários divergentes do titular da conta.' end,
              case when w.status = 'approved' then 'done' end,
              case when w.status = 'approved' then 'payout_scale_' || w.id end,
              case when w.status <> 'pending' then ${ctx.staff.finance} end,
              case when w.status <> 'pending' then w.at + interval '2 hours' end, w.at,
              case when w.status <> 'pending' then w.at + interval '2 hours' else w.at end
         from scale_seed.wp w join banking_information b on b.id = w.user_id`,
    );
    rows += await exec(
      ctx,
      `insert into ledger_holds (hold_id, owner_id, available_account_id, held_account_id, currency, amount, reason,
                                 reference, state, captured_amount, created_at, resolved_at)
       select 'withdrawal:' || id, ${acc.owner('user_id')}, ${acc.brl('user_id')}, ${acc.brlHeld('user_id')}, 'BRL',
              amount, 'withdrawal', 'withdrawal:' || id,
              case status when 'approved' then 'captured' when 'rejected' then 'released' else 'held' end,
              case when status = 'approved' then amount end, at,
              case when status <> 'pending' then at + interval '2 hours' end
         from scale_seed.wp`,
    );
    rows += await exec(
      ctx,
      `insert into ledger_transfers (transfer_id, debit_account_id, credit_account_id, currency, amount, code, created_at)
       select 'withdrawal:' || w.id || x.suffix, x.d, x.c, 'BRL', x.amt, x.code, x.t
         from scale_seed.wp w, lateral (values
           (true, '#hold', ${acc.brl('w.user_id')}, ${acc.brlHeld('w.user_id')}, w.amount, 'hold', w.at),
           (w.status = 'approved', '#capture.1', ${acc.brlHeld('w.user_id')}, ${s['payout:clearing']},
            w.amount - case when w.instant then 990 else 0 end, 'withdrawal.payout', w.at + interval '2 hours'),
           (w.status = 'approved' and w.instant, '#capture.2', ${acc.brlHeld('w.user_id')}, ${s['revenue:withdrawal-fee']},
            990, 'withdrawal.fee', w.at + interval '2 hours'),
           (w.status = 'rejected', '#release', ${acc.brlHeld('w.user_id')}, ${acc.brl('w.user_id')}, w.amount, 'release',
            w.at + interval '2 hours')) x(ok, suffix, d, c, amt, code, t)
        where x.ok`,
    );
    return rows;
  },
};

export const moneySteps: Step[] = [deposits, after, withdrawals];
