// Around the money: affiliate rewards (through the ledger), support tickets with messages, monthly fee invoices,
// saving plans with runs, price alerts, the operators' audit entries, sessions and push subscriptions.
import { MONTH_NAMES } from '@prata/domain';
import { acc, exec, type Stage, type Step } from './context';

/** 20 % of the operating fee a referred customer paid on each trade in their first year, to their affiliate. */
const rewards: Step = {
  name: 'affiliate-rewards',
  async run(ctx) {
    await exec(
      ctx,
      `create unlogged table scale_seed.rw as
       select row_number() over (order by t.at, t.trade_id) as id, r.coupon_id as affiliate, t.taker as referred,
              t.trade_id, t.side, t.qty, t.taker_fee as fee, scale_seed.div_half_up(t.taker_fee * 2000, 10000) as amount,
              t.at + interval '1 minute' as at
         from scale_seed.tp t join scale_seed.referral r on r.user_id = t.taker
         join scale_seed.cust c on c.user_id = t.taker
        where t.maker is null and t.at < c.created_at + interval '1 year' and t.taker_fee > 0`,
    );
    let rows = await exec(
      ctx,
      `insert into affiliate_rewards (id, affiliate_user_id, referred_user_id, trade_id, side, quantity_cg, fee_cents,
                                      share_bps, currency, amount, description, transfer_id, created_at)
       overriding system value
       select id, affiliate, referred, trade_id, side, qty, fee, 2000, 'BRL', amount,
              '20% da taxa operacional de uma ' || case when side = 'buy' then 'compra' else 'venda' end || ' de '
                || replace(to_char(qty / 100.0, 'FM999G990D00'), '.', ',') || ' g',
              'affiliate-reward:' || trade_id || ':' || side, at
         from scale_seed.rw where amount > 0`,
    );
    rows += await exec(
      ctx,
      `insert into ledger_transfers (transfer_id, debit_account_id, credit_account_id, currency, amount, code, created_at)
       select 'affiliate-reward:' || trade_id || ':' || side, ${ctx.sys['rewards:BRL']}, ${acc.brl('affiliate')}, 'BRL',
              amount, 'affiliate.reward', at
         from scale_seed.rw where amount > 0`,
    );
    return rows;
  },
};

/** Tickets from 15 % of the customers (one to three), each with two to five messages; the old ones closed. */
const tickets: Step = {
  name: 'tickets',
  async run(ctx) {
    await exec(
      ctx,
      `insert into ticket_categories (id, name, position) overriding system value
       values (9001, 'Depósitos e retiradas', 1), (9002, 'Ordens e negociação', 2), (9003, 'Retirada de prata', 3)
       on conflict do nothing;
       insert into ticket_subcategories (id, category_id, name, position) overriding system value
       values (9001, 9001, 'Depósito não creditado', 1), (9002, 9002, 'Dúvida sobre tarifa', 1),
              (9003, 9003, 'Prazo de entrega', 1)
       on conflict do nothing`,
    );
    const subjects = `array['Depósito por Pix não apareceu', 'Dúvida sobre a tarifa de operação',
      'Quando chega minha barra?', 'Como declarar no IRPF?', 'Alterar meu celular', 'Ordem não executada']`;
    let rows = await exec(
      ctx,
      `insert into tickets (id, user_id, email, category_id, subcategory_id, subject, description, status, last_reply_by,
                            closed_at, closed_by, created_at, updated_at) overriding system value
       select c.user_id * 4 + j, c.user_id, u.email, 9001 + (j % 3), 9001 + (j % 3),
              scale_seed.pick(${subjects}, scale_seed.u(c.user_id * 4 + j, 101)),
              'Olá, preciso de ajuda com minha conta. ' || scale_seed.pick(${subjects}, scale_seed.u(c.user_id * 4 + j, 101)),
              case when t < scale_seed.t1() - interval '7 days' then 'closed' else 'pending' end,
              case when t < scale_seed.t1() - interval '7 days' then 'staff' else 'customer' end,
              case when t < scale_seed.t1() - interval '7 days' then t + interval '2 days' end,
              case when t < scale_seed.t1() - interval '7 days' then ${ctx.staff.support} end, t, t + interval '2 days'
         from scale_seed.cust c join users u on u.id = c.user_id,
              generate_series(1, 1 + floor(scale_seed.u(c.user_id, 102) * 3)::int) j,
              lateral (select c.created_at + (scale_seed.t1() - c.created_at) * scale_seed.u(c.user_id * 4 + j, 103) as t) tt
        where scale_seed.u(c.user_id, 100) < 0.15`,
    );
    rows += await exec(
      ctx,
      `insert into ticket_interactions (ticket_id, author_user_id, from_staff, author_name, message, created_at)
       select t.id, case when m % 2 = 1 then t.user_id else ${ctx.staff.support} end, m % 2 = 0,
              case when m % 2 = 1 then u.name else 'Atendimento Prata' end,
              case when m % 2 = 1 then 'Segue mais informação sobre o meu pedido, obrigado.'
                   else 'Olá! Verificamos sua solicitação e está tudo certo. Qualquer dúvida, estamos à disposição.' end,
              t.created_at + (m - 1) * interval '5 hours'
         from tickets t join users u on u.id = t.user_id,
              generate_series(1, 2 + floor(scale_seed.u(t.id, 104) * 4)::int) m`,
    );
    return rows;
  },
};

/**
 * One service invoice per customer and closed month with charges, as the issuer writes them (features/invoices):
 * one line per kind (trade fees, withdrawal fees, minting, shipping, insurance), so no month is left for a
 * customer's first visit to issue. November 2026 is left to the monthly job.
 */
const invoices: Step = {
  name: 'invoices',
  async run(ctx) {
    return exec(
      ctx,
      `insert into service_invoices (user_id, period, description, services_cents, lines, borrower, provider,
                                     test_document, external_id, number, created_at)
       with facts as (
         select taker as user_id, at, 'trade-fee' as kind, taker_fee as cents from scale_seed.tp where maker is null
         union all
         select user_id, reviewed_at, 'withdrawal-fee', fee_cents from withdrawals
          where status = 'approved' and fee_cents > 0
         union all
         select s.user_id, s.paid_at, x.kind, x.cents from silver_withdrawals s,
                lateral (values ('minting', s.minting_cents), ('shipping', s.shipping_cents),
                                ('insurance', s.insurance_cents)) x(kind, cents)
          where s.paid_at is not null and s.status in ('paid', 'sent', 'delivered')),
       lines as (
         select user_id, date_trunc('month', at at time zone 'America/Sao_Paulo')::date as period, kind,
                count(*) as n, sum(cents) as cents
           from facts where cents > 0 group by 1, 2, 3),
       labelled as (
         select l.*, array_position(array['trade-fee','withdrawal-fee','minting','shipping','insurance'], kind) as pos,
                case kind when 'trade-fee' then 'Taxa operacional das ordens executadas'
                          when 'withdrawal-fee' then 'Tarifa de retirada de dinheiro'
                          when 'minting' then 'Cunhagem das barras retiradas'
                          when 'shipping' then 'Frete das barras retiradas'
                          else 'Seguro do envio das barras' end as label
           from lines l),
       due as (
         select user_id, period, sum(cents) as cents,
                jsonb_agg(jsonb_build_object('kind', kind, 'label', label, 'count', n, 'amount_cents', cents)
                          order by pos) as lines,
                string_agg(lower(label) || ' (' || n || ')', '; ' order by pos) as parts
           from labelled where period < date '2026-11-01' group by 1, 2)
       select i.user_id, i.period,
              'Serviços da Prata em ' || (array[${MONTH_NAMES.map((m) => `'${m}'`).join(', ')}])[extract(month from i.period)::int]
                || ' de ' || extract(year from i.period) || ': ' || i.parts || '.',
              i.cents, i.lines,
              jsonb_build_object('name', u.name, 'document', coalesce(u.cpf, scale_seed.cnpj(u.id)),
                                 'document_type', case when u.cpf is null then 'cnpj' else 'cpf' end, 'email', u.email,
                                 'address', null),
              'embedded', true, 'scale-nfse-' || i.user_id || '-' || to_char(i.period, 'YYYYMM'),
              to_char(i.period, 'YYYYMM') || lpad(i.user_id::text, 8, '0'), i.period + interval '1 month 3 hours'
         from due i join users u on u.id = i.user_id`,
    );
  },
};

/** Saving plans for 2 % of the traders; their runs are their purchases since the plan started. */
const savingPlans: Step = {
  name: 'saving-plans',
  async run(ctx) {
    let rows = await exec(
      ctx,
      `insert into saving_plans (id, user_id, amount_cents, frequency, weekday, month_day, start_date, payment_method,
                                 status, created_at, updated_at) overriding system value
       select c.user_id, c.user_id, 20000 * (1 + floor(scale_seed.u(c.user_id, 111) * 10))::bigint, 'monthly', null,
              1 + floor(scale_seed.u(c.user_id, 112) * 28)::int, (c.created_at + interval '2 days')::date, 'balance',
              case when scale_seed.u(c.user_id, 113) < 0.8 then 'active' else 'cancelled' end,
              c.created_at + interval '2 days', c.created_at + interval '2 days'
         from scale_seed.cust c where c.ntrades > 0 and scale_seed.u(c.user_id, 110) < 0.02`,
    );
    rows += await exec(
      ctx,
      `insert into saving_runs (plan_id, period, status, amount_cents, order_id, quantity_cg, value_cents, fee_cents,
                                iof_cents, total_cents, created_at, updated_at)
       select distinct on (p.id, date_trunc('month', t.at)::date) p.id, date_trunc('month', t.at)::date, 'bought',
              greatest(p.amount_cents, t.value + t.taker_fee + t.taker_iof), 2 * t.trade_id, t.qty, t.value,
              t.taker_fee, t.taker_iof, t.value + t.taker_fee + t.taker_iof, t.at, t.at
         from saving_plans p join scale_seed.tp t on t.taker = p.user_id and t.maker is null and t.side = 'buy'
        order by p.id, date_trunc('month', t.at)::date, t.at`,
    );
    return rows;
  },
};

/**
 * Price alerts of 5 % of the customers (one to three); those below the price they wait for fired. An alert still
 * waiting is one no trade since it was made has reached: above the highest trade from its day on (below the lowest),
 * as in a market whose checker has seen every trade. (Waiting alerts the price had passed long ago fired by the
 * thousand at the order bench's first trade, measured as the full database's write path.)
 */
const alerts: Step = {
  name: 'price-alerts',
  async run(ctx) {
    return exec(
      ctx,
      `with days as (
         select date_trunc('day', created_at) as d, max(price_cents) as hi, min(price_cents) as lo
           from trades group by 1),
       calendar as (
         select g as d from generate_series((select min(d) from days), (select max(d) from days), interval '1 day') g),
       since as (
         select c.d, max(days.hi) over w as hi, min(days.lo) over w as lo
           from calendar c left join days on days.d = c.d window w as (order by c.d desc))
       insert into price_alerts (user_id, direction, price_cents, since_trade_id, fired_at, fired_trade_id,
                                 fired_price_cents, created_at)
       select c.user_id, case when j % 2 = 0 then 'above' else 'below' end,
              case when j = 1 then (scale_seed.price(t) * 0.9)::bigint
                   when j % 2 = 0 then greatest(scale_seed.price(t) * 1.1, coalesce(s.hi, 0) * 1.05)::bigint
                   else least(scale_seed.price(t) * 0.9, coalesce(s.lo, scale_seed.price(t)) * 0.95)::bigint end,
              0, case when j = 1 then t + interval '20 days' end, case when j = 1 then 1 end,
              case when j = 1 then (scale_seed.price(t) * 0.9)::bigint end, t
         from scale_seed.cust c, generate_series(1, 1 + floor(scale_seed.u(c.user_id, 121) * 3)::int) j,
              lateral (select c.created_at + (scale_seed.t1() - c.created_at - interval '25 days')
                              * scale_seed.u(c.user_id * 4 + j, 122) as t) tt
              left join since s on s.d = date_trunc('day', tt.t)
        where scale_seed.u(c.user_id, 120) < 0.05 and c.created_at < scale_seed.t1() - interval '26 days'`,
    );
  },
};

/** The operators' audit entries (registrations approved, TED deposits and withdrawals decided), sessions, devices. */
const audit: Step = {
  name: 'audit-sessions',
  async run(ctx) {
    const s = ctx.staff;
    let rows = await exec(
      ctx,
      `insert into audit_log (actor_user_id, action, target_type, target_id, details, ip, created_at)
       select ${s.compliance}, 'registration.approve', 'user', id::text, '{}', '10.0.0.7', approved_at
         from users where approved_at is not null and id <= ${ctx.customers}
       union all
       select ${s.finance}, 'deposit.approve', 'deposit', id::text, jsonb_build_object('amount', amount_cents), '10.0.0.8',
              reviewed_at from deposits where method = 'ted'
       union all
       select ${s.finance}, case when status = 'approved' then 'withdrawal.approve' else 'withdrawal.reject' end,
              'withdrawal', id::text, jsonb_build_object('amount', amount_cents), '10.0.0.8', reviewed_at
         from withdrawals where status <> 'pending'
       union all
       select ${s.logistics}, 'silver_withdrawal.deliver', 'silver_withdrawal', id::text, '{}', '10.0.0.9', resolved_at
         from silver_withdrawals where status = 'delivered'`,
    );
    rows += await exec(
      ctx,
      `insert into sessions (id, user_id, created_at, expires_at, revoked_at, ip, user_agent, last_seen_at, browser, os,
                             device, city)
       select md5('session' || c.user_id || ':' || j)::uuid, c.user_id, t, t + interval '30 days',
              case when t < scale_seed.t1() - interval '30 days' then t + interval '1 day' end,
              '177.' || (c.user_id % 250) || '.' || j || '.10',
              'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36', t + interval '1 hour',
              'Chrome', case when j % 2 = 0 then 'Android' else 'Windows' end,
              case when j % 2 = 0 then 'mobile' else 'desktop' end, 'São Paulo'
         from scale_seed.cust c, generate_series(1, 1 + floor(scale_seed.u(c.user_id, 131) * 3)::int) j,
              lateral (select c.created_at + (scale_seed.t1() - c.created_at) * scale_seed.u(c.user_id * 4 + j, 132) as t) tt`,
    );
    rows += await exec(
      ctx,
      `insert into push_subscriptions (user_id, endpoint, p256dh, auth, created_at)
       select user_id, 'https://push.prata.test/' || md5('push' || user_id), md5('p' || user_id) || md5('q' || user_id),
              md5('a' || user_id), created_at + interval '3 days'
         from scale_seed.cust where scale_seed.u(user_id, 140) < 0.05`,
    );
    rows += await exec(
      ctx,
      `insert into event_logs (user_id, description, created_at)
       select user_id, 'Cadastro realizado', created_at from scale_seed.cust
       union all
       select id, 'Cadastro aprovado', approved_at from users where approved_at is not null and id <= ${ctx.customers}`,
    );
    return rows;
  },
};

/** The invoices read the trades, withdrawals and silver withdrawals, the alerts the trades; the plans and audit only people. */
/** The rewards and the tickets read only the plan and the people: they run beside the money's steps (seed.ts). */
export const besideMoneySteps: Step[] = [rewards, tickets];
export const serviceStages: Stage[] = [{ lanes: [[invoices], [savingPlans, alerts, audit]] }];
