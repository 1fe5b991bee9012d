// After trading: a cancelled order, a few open ones, silver withdrawals with shipments, silver transfers.
import { acc, exec, type Step } from './context';
import { after_ } from './money';

const ORDER_BASE = '(select 2 * coalesce(max(trade_id), 0) from scale_seed.tp)';

/**
 * Orders that never filled: 30 % of traders placed a buy below the market and cancelled it the next day (its hold
 * released); 3 % left a sell open 15 % above their last price or the market's, whichever is higher (its hold still
 * held), so the book has a few resting orders and none that the market's later trades would have taken.
 */
const idleOrders: Step = {
  name: 'idle-orders',
  async run(ctx) {
    await exec(
      ctx,
      `create unlogged table scale_seed.op as
       select o.*, scale_seed.div_half_up(o.price * o.qty, 100) as value from (
         select ${ORDER_BASE} + 2 * p.user_id - 1 as id, p.user_id, 'buy' as side, 'cancelled' as status,
                ${after_(1)} as at, (scale_seed.price(p.t_last) * 95 / 100)::bigint as price,
                (floor(p.f_brl * 0.3 / (scale_seed.price(p.t_last) * 1.02)) * 100)::bigint as qty
           from scale_seed.post p where p.ntrades > 0 and scale_seed.u(p.user_id, 71) < 0.3
         union all
         select ${ORDER_BASE} + 2 * p.user_id, p.user_id, 'sell', 'open', ${after_(3)},
                (greatest(scale_seed.price(p.t_last), scale_seed.price(scale_seed.t1())) * 115 / 100)::bigint,
                (floor(p.f_ag * 0.2 / 100) * 100)::bigint
           from scale_seed.post p where p.ntrades > 0 and scale_seed.u(p.user_id, 72) < 0.03) o
        where o.qty >= 100`,
    );
    await exec(
      ctx,
      `alter table scale_seed.op add column fee bigint, add column iof bigint, add column hold bigint;
       update scale_seed.op set fee = greatest(scale_seed.div_half_up(value * 50, 10000), 500);
       update scale_seed.op set iof = scale_seed.div_half_up((value + fee) * 38, 10000);
       update scale_seed.op set hold = case when side = 'buy' then value + fee + iof else qty end;
       delete from scale_seed.op o using scale_seed.post p
        where p.user_id = o.user_id and o.side = 'buy' and o.hold > p.f_brl * 0.35`,
    );
    let rows = await exec(
      ctx,
      `insert into orders (id, user_id, side, mode, status, price_cents, quantity_cg, remaining_cg, filled_cg, exact,
                           value_cents, fee_cents, iof_cents, fee_rate_bps, iof_rate_bps, minimum_fee_cents, hold_amount,
                           hold_seq, created_at, updated_at, deleted_at)
       select id, user_id, side, 'limit', status, price, qty, case when status = 'open' then qty else qty end, 0, 0,
              0, 0, 0, 50, 38, 500, hold, 0, at, case when status = 'open' then at else at + interval '1 day' end,
              case when status = 'cancelled' then at + interval '1 day' end
         from scale_seed.op`,
    );
    rows += await exec(
      ctx,
      `insert into ledger_holds (hold_id, owner_id, available_account_id, held_account_id, currency, amount, reason,
                                 reference, state, created_at, resolved_at)
       select 'order:' || id || ':0', ${acc.owner('user_id')},
              case when side = 'buy' then ${acc.brl('user_id')} else ${acc.ag('user_id')} end,
              case when side = 'buy' then ${acc.brlHeld('user_id')} else ${acc.agHeld('user_id')} end,
              case when side = 'buy' then 'BRL' else 'AG' end, hold, 'order', 'order:' || id,
              case when status = 'open' then 'held' else 'released' end, at,
              case when status = 'cancelled' then at + interval '1 day' end
         from scale_seed.op`,
    );
    rows += await exec(
      ctx,
      `insert into ledger_transfers (transfer_id, debit_account_id, credit_account_id, currency, amount, code, created_at)
       select 'order:' || o.id || ':0' || x.suffix, x.d, x.c, x.cur, o.hold, x.code, x.t
         from scale_seed.op o, lateral (values
           (true, '#hold', case when o.side = 'buy' then ${acc.brl('o.user_id')} else ${acc.ag('o.user_id')} end,
            case when o.side = 'buy' then ${acc.brlHeld('o.user_id')} else ${acc.agHeld('o.user_id')} end,
            case when o.side = 'buy' then 'BRL' else 'AG' end, 'hold', o.at),
           (o.status = 'cancelled', '#release', ${acc.brlHeld('o.user_id')}, ${acc.brl('o.user_id')}, 'BRL', 'release',
            o.at + interval '1 day')) x(ok, suffix, d, c, cur, code, t)
        where x.ok`,
    );
    return rows;
  },
};

/**
 * Bars withdrawn from custody by 3 % of those with 10 g or more (40 % of their grams, in 10 g bars), paid by Pix:
 * 85 % delivered (grams and charges captured), 10 % cancelled (grams released), 5 % still waiting for the Pix.
 */
const silverWithdrawals: Step = {
  name: 'silver-withdrawals',
  replica: true,
  async run(ctx) {
    const s = ctx.sys;
    await exec(
      ctx,
      `insert into silver_product_types (id, name, description, grams_per_unit_cg, stock, minting_fee_cents,
                                         insurance_rate_bps, position) overriding system value
       values (9001, 'Barra de prata 10 g', 'Barra de prata 999 de 10 gramas', 1000, 100000, 1500, 100, 1)
       on conflict do nothing`,
    );
    await exec(
      ctx,
      `create unlogged table scale_seed.sw as
       select row_number() over (order by at, user_id) as id, w.*, 1500 * bars as minting, 2890 as shipping,
              scale_seed.div_half_up(price * bars * 1000 / 100 * 100, 10000) as insurance,
              case when x < 0.85 then 'delivered' when x < 0.95 then 'cancelled' else 'pending' end as status
         from (select p.user_id, ${after_(6)} as at, floor(p.f_ag * 0.4 / 1000)::int as bars,
                      scale_seed.price(p.t_last) as price, scale_seed.u(p.user_id, 82) as x
                 from scale_seed.post p where p.f_ag >= 1000 and scale_seed.u(p.user_id, 81) < 0.03) w
        where bars >= 1`,
    );
    let rows = await exec(
      ctx,
      `insert into silver_withdrawals (id, user_id, kind, status, payment_method, buyer, address, destination_state,
                                       shipping, silver_cg, silver_value_cents, minting_cents, shipping_cents,
                                       insurance_cents, icms_cents, difal_cents, pis_cents, cofins_cents, discount_cents,
                                       total_cents, asaas_payment_id, pix_copia_e_cola, pix_expires_at, tracking_code,
                                       paid_at, sent_at, delivered_at, resolved_at, handled_by, created_at, updated_at)
       overriding system value
       select w.id, w.user_id, 'custody', w.status, 'pix',
              jsonb_build_object('name', u.name, 'email', u.email, 'cpf', u.cpf, 'nascimento', u.nascimento,
                                 'celular', u.celular, 'sexo', u.sexo, 'nfe_cpf_response', null),
              jsonb_build_object('type', a.type, 'cep', a.cep, 'city_id', a.city_id, 'neighborhood', a.neighborhood,
                                 'street', a.street, 'number', a.number, 'unit', a.unit, 'other_info', a.other_info,
                                 'city', ci.name, 'state', ci.state),
              ci.state, jsonb_build_object('Carrier', 'Correios', 'ServiceCode', '03220', 'ServiceDescription', 'SEDEX',
                                           'DeliveryTime', 3),
              w.bars * 1000, 0, w.minting, w.shipping, w.insurance, 0, 0, 0, 0, 0, w.minting + w.shipping + w.insurance,
              'pay_scale_sw' || w.id, '00020101021226900014br.gov.bcb.pix/silver' || w.id, w.at + interval '1 hour',
              case when w.status = 'delivered' then 'QB' || lpad(w.id::text, 9, '0') || 'BR' end,
              case when w.status = 'delivered' then w.at + interval '20 minutes' end,
              case when w.status = 'delivered' then w.at + interval '1 day' end,
              case when w.status = 'delivered' then w.at + interval '4 days' end,
              case when w.status <> 'pending' then w.at + interval '4 days' end,
              case when w.status = 'delivered' then ${ctx.staff.logistics} end, w.at, w.at + interval '4 days'
         from scale_seed.sw w join users u on u.id = w.user_id
         join addresses a on a.id = w.user_id join cities ci on ci.id = a.city_id`,
    );
    rows += await exec(
      ctx,
      `insert into silver_withdrawal_items (silver_withdrawal_id, product_type_id, name, quantity, grams_cg,
                                            price_per_gram_cents, silver_value_cents, minting_cents, shipping_cents,
                                            insurance_cents, icms_cents, difal_cents, pis_cents, cofins_cents,
                                            discount_cents, total_cents)
       select id, 9001, 'Barra de prata 10 g', bars, bars * 1000, price, 0, minting, shipping, insurance, 0, 0, 0, 0, 0,
              minting + shipping + insurance
         from scale_seed.sw`,
    );
    rows += await exec(
      ctx,
      `insert into ledger_holds (hold_id, owner_id, available_account_id, held_account_id, currency, amount, reason,
                                 reference, state, captured_amount, created_at, resolved_at)
       select 'silver-withdrawal:' || w.id || x.suffix, ${acc.owner('w.user_id')}, x.av, x.hd, x.cur, x.amt,
              'silver-withdrawal', 'silver-withdrawal:' || w.id, x.state,
              case when x.state = 'captured' then x.amt end, x.t, case when x.state <> 'held' then w.at + interval '1 day' end
         from scale_seed.sw w, lateral (values
           (true, ':silver', ${acc.ag('w.user_id')}, ${acc.agHeld('w.user_id')}, 'AG', w.bars * 1000::bigint,
            case w.status when 'delivered' then 'captured' when 'cancelled' then 'released' else 'held' end, w.at),
           (w.status = 'delivered', ':charges', ${acc.brl('w.user_id')}, ${acc.brlHeld('w.user_id')}, 'BRL',
            w.minting + w.shipping + w.insurance, 'captured', w.at + interval '20 minutes')
         ) x(ok, suffix, av, hd, cur, amt, state, t)
        where x.ok`,
    );
    const id = (suffix: string) => `'silver-withdrawal:' || w.id || '${suffix}'`;
    rows += await exec(
      ctx,
      `insert into ledger_transfers (transfer_id, debit_account_id, credit_account_id, currency, amount, code, created_at)
       select x.tid, x.d, x.c, x.cur, x.amt, x.code, x.t
         from scale_seed.sw w, lateral (values
           (true, ${id(':silver#hold')}, ${acc.ag('w.user_id')}, ${acc.agHeld('w.user_id')}, 'AG', w.bars * 1000::bigint,
            'hold', w.at),
           (w.status = 'cancelled', ${id(':silver#release')}, ${acc.agHeld('w.user_id')}, ${acc.ag('w.user_id')}, 'AG',
            w.bars * 1000::bigint, 'release', w.at + interval '1 day'),
           (w.status = 'delivered', ${id(':paid')}, ${s['pix:clearing']}, ${acc.brl('w.user_id')}, 'BRL',
            w.minting + w.shipping + w.insurance, 'silver.pix', w.at + interval '20 minutes'),
           (w.status = 'delivered', ${id(':charges#hold')}, ${acc.brl('w.user_id')}, ${acc.brlHeld('w.user_id')}, 'BRL',
            w.minting + w.shipping + w.insurance, 'hold', w.at + interval '20 minutes'),
           (w.status = 'delivered', ${id(':charges#capture.1')}, ${acc.brlHeld('w.user_id')}, ${s['revenue:minting']},
            'BRL', w.minting::bigint, 'silver.minting', w.at + interval '1 day'),
           (w.status = 'delivered', ${id(':charges#capture.2')}, ${acc.brlHeld('w.user_id')}, ${s['revenue:shipping']},
            'BRL', w.shipping::bigint, 'silver.shipping', w.at + interval '1 day'),
           (w.status = 'delivered' and w.insurance > 0, ${id(':charges#capture.3')}, ${acc.brlHeld('w.user_id')},
            ${s['revenue:insurance']}, 'BRL', w.insurance, 'silver.insurance', w.at + interval '1 day'),
           (w.status = 'delivered', ${id(':silver#capture.1')}, ${acc.agHeld('w.user_id')}, ${s.vault}, 'AG',
            w.bars * 1000::bigint, 'silver.shipped', w.at + interval '1 day')
         ) x(ok, tid, d, c, cur, amt, code, t)
        where x.ok`,
    );
    return rows;
  },
};

/**
 * Grams sent to another customer by 4 % of those with 2 g or more (a quarter of them): completed at once; in the
 * last 30 days some wait in transfer:unclaimed for an e-mail with no account; 5 % expired and came back.
 */
const silverTransfers: Step = {
  name: 'silver-transfers',
  analyze: ['ledger_transfers'],
  async run(ctx) {
    const s = ctx.sys;
    const n = ctx.customers;
    await exec(
      ctx,
      `create unlogged table scale_seed.st as
       select row_number() over (order by at, sender) as id, t.*,
              case when at > scale_seed.t1() - interval '30 days' and x < 0.5 then 'pending'
                   when x > 0.95 and at < scale_seed.t1() - interval '31 days' then 'expired'
                   else 'completed' end as status
         from (select p.user_id as sender, ${after_(5)} as at, (floor(p.f_ag * 0.25 / 100) * 100)::bigint as qty,
                      case when r = p.user_id then r % ${n} + 1 else r end as receiver, scale_seed.u(p.user_id, 93) as x
                 from scale_seed.post p,
                      lateral (select 1 + floor(scale_seed.u(p.user_id, 92) * ${n})::bigint as r) rr
                where p.f_ag >= 200 and scale_seed.u(p.user_id, 91) < 0.04) t
        where qty >= 100`,
    );
    let rows = await exec(
      ctx,
      `insert into silver_transfers (id, sender_id, receiver_id, receiver_email, receiver_cpf, quantity_cg, message,
                                     status, check_code, expires_at, completed_at, cancelled_at, created_at, updated_at)
       overriding system value
       select t.id, t.sender, case when t.status = 'completed' then t.receiver end,
              case when t.status = 'completed' then u.email else 'convidado.' || t.id || '@exemplo.prata.test' end,
              case when t.status <> 'completed' then scale_seed.cpf(500000000 + t.id) end, t.qty,
              case when t.id % 3 = 0 then 'Presente de aniversário' end, t.status,
              upper(substr(md5('st' || t.id), 1, 12)),
              case when t.status <> 'completed' then t.at + interval '30 days' end,
              case when t.status = 'completed' then t.at end, null, t.at,
              case when t.status = 'expired' then t.at + interval '30 days' else t.at end
         from scale_seed.st t join users u on u.id = t.receiver`,
    );
    rows += await exec(
      ctx,
      `insert into ledger_transfers (transfer_id, debit_account_id, credit_account_id, currency, amount, code, created_at)
       select 'silver-transfer:' || t.id || x.suffix, x.d, x.c, 'AG', t.qty, x.code, x.at
         from scale_seed.st t, lateral (values
           (t.status = 'completed', '', ${acc.ag('t.sender')}, ${acc.ag('t.receiver')}, 'transfer.silver', t.at),
           (t.status <> 'completed', '', ${acc.ag('t.sender')}, ${s['transfer:unclaimed']}, 'transfer.unclaimed', t.at),
           (t.status = 'expired', ':return', ${s['transfer:unclaimed']}, ${acc.ag('t.sender')}, 'transfer.returned',
            t.at + interval '30 days')) x(ok, suffix, d, c, code, at)
        where x.ok`,
    );
    return rows;
  },
};

export const silverSteps: Step[] = [idleOrders, silverWithdrawals, silverTransfers];
