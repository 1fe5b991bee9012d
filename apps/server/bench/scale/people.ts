// Customers, their addresses, ledger owners and accounts, companies, affiliates' coupons and the operators.
import { addressesSql } from './addresses';
import { acc, exec, KNOWN, type Stage, type Step } from './context';

/**
 * The customers: ids 1..N registered over the decade (more each year: the registration time grows as the square
 * root of the id, so ids follow time), about 1 in 10 a company, almost all approved. Their ledger owner and four
 * accounts are written set-based exactly as the users trigger (ledger_open_customer) writes them; the trigger and the
 * foreign keys are off in this step's transaction only (session_replication_role = replica).
 */
const plan: Step = {
  name: 'customer-plan',
  analyze: ['scale_seed.cust', 'scale_seed.referral'],
  async run(ctx) {
    const n = ctx.customers;
    // the plan every later step reads: who each customer is, when they registered, how much they trade
    const rows = await exec(
      ctx,
      `create unlogged table scale_seed.cust as
       select id::bigint as user_id,
              case when id <= 4 then scale_seed.t0() + (id || ' hours')::interval
                   else scale_seed.t0() + (scale_seed.t1() - scale_seed.t0() - interval '8 days')
                        * sqrt((id - 0.5) / ${n}) end as created_at,
              id > 4 and scale_seed.u(id, 2) < 0.1 as company,
              scale_seed.u(id, 3) < 0.5 as female,
              case when id = ${KNOWN.heavy.id} then 14000 when id = ${KNOWN.counterpart.id} then 300
                   when id = ${KNOWN.affiliate.id} then 20 when id = ${KNOWN.typical.id} then 4
                   else (select case when x < 0.30 then 0
                                     when x < 0.90 then 1 + floor(y * 8)
                                     when x < 0.985 then 7 + floor(y * y * 40)
                                     when x < 0.999 then 40 + floor(y * y * 300)
                                     when x < 0.99995 then 300 + floor(y * y * y * 3000)
                                     else 3000 + floor(y * 27000) end
                           from (select scale_seed.u(id, 31) as x, scale_seed.u(id, 32) as y) r)
              end::int as ntrades,
              id = ${KNOWN.affiliate.id} or (id > 4 and scale_seed.u(id, 41) < 0.01) as affiliate
         from generate_series(1, ${n}) id`,
    );
    await exec(ctx, 'alter table scale_seed.cust add primary key (user_id)');
    // who referred whom: 8 % came with a coupon, 15 % of those with the top affiliate's (KNOWN.affiliate)
    await exec(
      ctx,
      `create unlogged table scale_seed.referral as
       with a as (select array_agg(user_id order by user_id) as ids from scale_seed.cust where affiliate)
       select c.user_id,
              case when scale_seed.u(c.user_id, 44) < 0.15 then ${KNOWN.affiliate.id}
                   else a.ids[1 + floor(scale_seed.u(c.user_id, 45)
                          * greatest(1, floor(cardinality(a.ids) * c.user_id::float8 / ${n})))::int] end as coupon_id
         from scale_seed.cust c, a
        where c.user_id > 4 and scale_seed.u(c.user_id, 43) < 0.08`,
    );
    return rows;
  },
};

/** The users, their companies and addresses, and the affiliates' coupons (beside their ledger accounts). */
const customers: Step = {
  name: 'customers',
  analyze: ['users', 'companies', 'addresses', 'coupons'],
  replica: true,
  async run(ctx) {
    const pw = ctx.passwordHash.replace(/'/g, "''");
    let rows = await exec(
      ctx,
      `insert into users (id, name, email, password_hash, account_type, cpf, nascimento, celular, sexo, estado_civil,
                          politicamente_exposto, americano, naturalizacao_americana, caracteristica_us_person,
                          contribuinte_americano, fatca_declared_at, email_verified_at, approved_at,
                          referred_by_coupon_id, created_at, updated_at) overriding system value
       select c.user_id, p.name,
              case c.user_id when 1 then '${KNOWN.heavy.email}' when 2 then '${KNOWN.counterpart.email}'
                             when 3 then '${KNOWN.affiliate.email}' when 4 then '${KNOWN.typical.email}'
                   else case when c.company then 'contato.' || scale_seed.ascii(p.s1) || '.' || c.user_id
                             else scale_seed.ascii(p.first) || '.' || scale_seed.ascii(p.s2) || '.' || c.user_id end
                        || '@' || scale_seed.domain(c.user_id) end,
              '${pw}', case when c.company then 'company' else 'individual' end,
              case when c.company then null else scale_seed.cpf(c.user_id) end,
              date '1950-01-01' + floor(scale_seed.u(c.user_id, 5) * 18000)::int,
              '11' || lpad((900000000 + floor(scale_seed.u(c.user_id, 6) * 99999999))::text, 9, '0'),
              case when c.female then 'F' else 'M' end,
              scale_seed.pick(array['S','C','C','D','U','V'], scale_seed.u(c.user_id, 7)),
              scale_seed.u(c.user_id, 8) < 0.01, false, false, false, false,
              c.created_at + interval '20 minutes', c.created_at + interval '5 minutes',
              case when scale_seed.u(c.user_id, 9) < 0.97 or c.user_id <= 4 then c.created_at + interval '1 hour' end,
              r.coupon_id, c.created_at, c.created_at + interval '1 hour'
         from scale_seed.cust c
         left join scale_seed.referral r on r.user_id = c.user_id
         cross join lateral (select scale_seed.first_name(c.user_id, c.female) as first,
                                    scale_seed.surname(c.user_id, 12) as s1, scale_seed.surname(c.user_id, 13) as s2) n
         cross join lateral (select case when c.company
                                      then n.s1 || ' ' || scale_seed.activity(c.user_id) || ' '
                                           || scale_seed.pick(array['Ltda','Ltda','ME','S.A.','Eireli'], scale_seed.u(c.user_id, 14))
                                      else n.first || ' ' || n.s1 || ' ' || n.s2 end as name,
                                    n.first, n.s1, n.s2) p`,
    );
    rows += await exec(
      ctx,
      `insert into companies (user_id, cnpj, razao_social, nome_fantasia, celular, email, cnae_principal,
                              regime_tributario, created_at, updated_at)
       select u.id, scale_seed.cnpj(u.id), u.name, split_part(u.name, ' ', 1) || ' ' || split_part(u.name, ' ', 2),
              u.celular, u.email, '4783-6/00', scale_seed.pick(array['simples','simples','presumido','real'],
              scale_seed.u(u.id, 15)), u.created_at, u.created_at
         from users u join scale_seed.cust c on c.user_id = u.id where c.company`,
    );
    // one address each: a registration without one is not complete (the screens behind it answer 403)
    rows += await exec(ctx, addressesSql());
    rows += await exec(
      ctx,
      `insert into coupons (id, code, transaction_fee_bps, owner_user_id, created_at) overriding system value
       select c.user_id, upper(left(scale_seed.ascii(split_part(u.name, ' ', 1)), 8)) || c.user_id, 50, c.user_id,
              c.created_at + interval '2 days'
         from scale_seed.cust c join users u on u.id = c.user_id where c.affiliate`,
    );
    return rows;
  },
};

/** Each customer's ledger owner and four accounts (from the plan alone: beside the users). */
const accounts: Step = {
  name: 'customer-accounts',
  analyze: ['ledger_accounts', 'ledger_owners'],
  replica: true,
  async run(ctx) {
    let rows = await exec(
      ctx,
      `insert into ledger_owners (id, code, user_id, created_at) overriding system value
       select ${acc.owner('user_id')}, 'customer:' || user_id, user_id, created_at from scale_seed.cust`,
    );
    rows += await exec(
      ctx,
      `insert into ledger_accounts (id, currency, kind, code, owner_user_id, owner_id, debits_must_not_exceed_credits,
                                    created_at) overriding system value
       select 100 + 4 * c.user_id + k, cur, 'liability', 'customer:' || c.user_id || ':' || b || ':' || cur,
              c.user_id, ${acc.owner('c.user_id')}, true, c.created_at
         from scale_seed.cust c,
              (values (0, 'available', 'BRL'), (1, 'held', 'BRL'), (2, 'available', 'AG'), (3, 'held', 'AG')) x(k, b, cur)`,
    );
    return rows;
  },
};

/** The operators: the known admin (KNOWN.operator) and one per other role, registered in the first month. */
const staff: Step = {
  name: 'staff',
  async run(ctx) {
    const s = ctx.staff;
    const pw = ctx.passwordHash.replace(/'/g, "''");
    const list: Array<[number, string, string, string]> = [
      [s.admin, 'Operador Escala', KNOWN.operator.email, 'admin'],
      [s.finance, 'Financeiro Escala', 'financeiro@escala.prata.test', 'finance'],
      [s.support, 'Atendimento Escala', 'atendimento@escala.prata.test', 'support'],
      [s.logistics, 'Logística Escala', 'logistica@escala.prata.test', 'logistics'],
      [s.compliance, 'Compliance Escala', 'compliance@escala.prata.test', 'compliance'],
    ];
    const values = list
      .map(([id, name, email, role], i) => `(${id}, '${name}', '${email}', '${role}', ${i})`)
      .join(', ');
    return exec(
      ctx,
      `insert into users (id, name, email, password_hash, account_type, cpf, email_verified_at, approved_at,
                          staff_roles, created_at, updated_at) overriding system value
       select id, name, email, '${pw}', 'individual', scale_seed.cpf(id), scale_seed.t0(), scale_seed.t0(),
              array[role], scale_seed.t0() + (i || ' hours')::interval, scale_seed.t0()
         from (values ${values}) v(id, name, email, role, i)`,
    );
  },
};

/** The users beside their ledger accounts: both read only the plan. */
export const peopleStages: Stage[] = [plan, { lanes: [[customers], [accounts]] }, staff];
