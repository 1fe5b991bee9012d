import { type SQL, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rows } from '@/db/sql';
import { TOTAL_CAP } from '@/lib/paging';
import { approvedCustomer, bearer, buildTestApp, type Customer, type TestApp } from './helpers';

/**
 * Every customer list through lib/paging.ts: page 2 follows page 1 with no gap or repeat although the rows tie on
 * their time, the total past TOTAL_CAP is the cap with `total_capped`, and the last page (short) gives the exact total.
 * Each list gets TOTAL_CAP + 1 rows written straight to its table (in three instants, ids interleaved), and the
 * expected order is the list's own ORDER BY read from the table. The rows are removed after each list: they have no
 * postings, which the ledger's reconciliation after the file would report.
 */
const ROWS = TOTAL_CAP + 1;
/** Three instants for all the rows: ties everywhere, and the id order differs from the time order. */
const AT = (i: string) => sql.raw(`timestamptz '2026-01-01 12:00:00+00' + ((${i} * 7) % 3) * interval '1 minute'`);

type ListCase = {
  name: string;
  url: string;
  /** the page object of the answer */
  pageIn: (body: Record<string, unknown>) => { data: Array<Record<string, unknown>>; total: number; per_page: number };
  /** what identifies a row of the answer (its id, or what the list shows instead) */
  idOf?: (row: Record<string, unknown>) => unknown;
  seed: (c: Customer) => SQL;
  /**
   * The seed skips the tables' triggers (`session_replication_role = replica`): customers written only to be listed
   * need no ledger owner and accounts (five rows each through the trigger, the file's slowest seed by far).
   */
  withoutTriggers?: boolean;
  /** the list's rows in its order, as `idOf` reads them */
  expected: (c: Customer) => SQL;
  cleanup: (c: Customer) => SQL;
};

const byId = (row: Record<string, unknown>) => row.id;

const CASES: ListCase[] = [
  {
    name: 'event log (Demais eventos)',
    url: '/api/event-logs',
    pageIn: (b) => b.event_logs as never,
    seed: (c) =>
      sql`insert into event_logs (user_id, description, created_at)
            select ${c.id}, 'Evento ' || i, ${AT('i')} from generate_series(1, ${ROWS}) i`,
    expected: (c) => sql`select id::int as k from event_logs where user_id = ${c.id} order by created_at desc, id desc`,
    cleanup: (c) => sql`delete from event_logs where user_id = ${c.id}`,
  },
  {
    name: 'completed orders',
    url: '/api/orders/completed',
    pageIn: (b) => b.orders as never,
    seed: (c) =>
      sql`insert into orders (id, user_id, side, mode, status, price_cents, quantity_cg, remaining_cg, filled_cg,
                              value_cents, fee_rate_bps, iof_rate_bps, minimum_fee_cents, hold_amount, created_at,
                              updated_at)
            select 900000000 + i, ${c.id}, 'buy', 'limit', 'filled', 900, 100, 0, 100, 900, 50, 38, 500, 1000,
                   ${AT('i')}, ${AT('i')}
              from generate_series(1, ${ROWS}) i`,
    expected: (c) =>
      sql`select id::int as k from orders where user_id = ${c.id} and status <> 'open' and filled_cg > 0
           order by updated_at desc, id desc`,
    // closed orders with no hold reconcile as they are (and deleting them checks took_order_id row by row)
    cleanup: () => sql`select 1`,
  },
  {
    name: 'cancelled orders',
    url: '/api/orders/deleted',
    pageIn: (b) => b.deleted_orders as never,
    seed: (c) =>
      sql`insert into orders (id, user_id, side, mode, status, price_cents, quantity_cg, remaining_cg, filled_cg,
                              value_cents, fee_rate_bps, iof_rate_bps, minimum_fee_cents, hold_amount, created_at,
                              updated_at, deleted_at)
            select 910000000 + i, ${c.id}, 'sell', 'limit', 'cancelled', 900, 100, 100, 0, 0, 50, 38, 500, 100,
                   ${AT('i')}, ${AT('i')}, ${AT('i')}
              from generate_series(1, ${ROWS}) i`,
    expected: (c) =>
      sql`select id::int as k from orders where user_id = ${c.id} and status = 'cancelled'
           order by deleted_at desc, id desc`,
    // closed orders with no hold reconcile as they are (and deleting them checks took_order_id row by row)
    cleanup: () => sql`select 1`,
  },
  {
    name: 'deposits',
    url: '/api/deposits',
    pageIn: (b) => b.deposits as never,
    seed: (c) =>
      sql`insert into deposits (user_id, method, amount_cents, status, asaas_payment_id, pix_copia_e_cola, created_at)
            select ${c.id}, 'pix', 10000, 'cancelled', 'paging_' || i, 'x', ${AT('i')} from generate_series(1, ${ROWS}) i`,
    expected: (c) => sql`select id::int as k from deposits where user_id = ${c.id} order by id desc`,
    cleanup: (c) => sql`delete from deposits where user_id = ${c.id}`,
  },
  {
    name: 'withdrawals',
    url: '/api/withdrawals',
    pageIn: (b) => b.withdrawals as never,
    seed: (c) =>
      sql`with account as (
            insert into banking_information (user_id, type, key_type, key) values (${c.id}, 'pix', 'email', ${c.email})
            returning id)
          insert into withdrawals (user_id, banking_information_id, destination, amount_cents, fee_cents, instant,
                                   status, rejection_reason, created_at)
            select ${c.id}, account.id, '{}', 10000, 0, false, 'rejected', 'Teste', ${AT('i')}
              from account, generate_series(1, ${ROWS}) i`,
    expected: (c) => sql`select id::int as k from withdrawals where user_id = ${c.id} order by id desc`,
    cleanup: (c) =>
      sql`with gone as (delete from withdrawals where user_id = ${c.id} returning 1)
          delete from banking_information where user_id = ${c.id} and (select count(*) from gone) >= 0`,
  },
  {
    name: 'silver withdrawals',
    url: '/api/silver-withdrawals',
    pageIn: (b) => b.silverWithdrawals as never,
    seed: (c) =>
      sql`insert into silver_withdrawals (user_id, kind, status, payment_method, buyer, address, destination_state,
                                          shipping, silver_cg, silver_value_cents, minting_cents, shipping_cents,
                                          insurance_cents, icms_cents, difal_cents, pis_cents, cofins_cents,
                                          discount_cents, total_cents, created_at)
            select ${c.id}, 'custody', 'cancelled', 'balance', '{}', '{}', 'SP', '{}', 100, 0, 1000, 0, 0, 0, 0, 0, 0,
                   0, 1000, ${AT('i')}
              from generate_series(1, ${ROWS}) i`,
    expected: (c) => sql`select id::int as k from silver_withdrawals where user_id = ${c.id} order by id desc`,
    cleanup: (c) => sql`delete from silver_withdrawals where user_id = ${c.id}`,
  },
  {
    name: 'silver transfers, sent and received merged',
    url: '/api/silver-transfers',
    pageIn: (b) => b.silverTransfers as never,
    seed: (c) =>
      sql`with other as (
            insert into users (name, email, password_hash, account_type)
            values ('Outra Pessoa', 'paging-other-' || ${c.id} || '@prata.test', 'x', 'individual') returning id)
          insert into silver_transfers (sender_id, receiver_id, receiver_email, quantity_cg, status, check_code,
                                        completed_at, created_at)
            select case when i % 3 = 0 then other.id else ${c.id} end, case when i % 3 = 0 then ${c.id} else other.id end,
                   'paging@prata.test', 100, 'completed', 'PG' || lpad(i::text, 10, '0'), now(), ${AT('i')}
              from other, generate_series(1, ${ROWS}) i`,
    expected: (c) =>
      sql`select id::int as k from silver_transfers where sender_id = ${c.id} or receiver_id = ${c.id} order by id desc`,
    cleanup: (c) => sql`delete from silver_transfers where sender_id = ${c.id} or receiver_id = ${c.id}`,
  },
  {
    name: 'support tickets, the account’s and its e-mail’s visitor tickets merged',
    url: '/api/tickets',
    pageIn: (b) => b.tickets as never,
    seed: (c) =>
      sql`with category as (insert into ticket_categories (name) values ('Paginação') returning id),
               sub as (insert into ticket_subcategories (category_id, name, position, active)
                       select id, 'Listas', 0, true from category returning id, category_id)
          insert into tickets (user_id, email, visitor, category_id, subcategory_id, subject, description, created_at)
            select case when i % 4 = 0 then null else ${c.id}::bigint end, ${c.email}, i % 4 = 0, sub.category_id, sub.id,
                   'Assunto ' || i, 'Descrição', ${AT('i')}
              from sub, generate_series(1, ${ROWS}) i`,
    expected: (c) =>
      sql`select id::int as k from tickets
           where user_id = ${c.id} or (user_id is null and lower(email) = lower(${c.email})) order by id desc`,
    cleanup: (c) => sql`delete from tickets where user_id = ${c.id} or lower(email) = lower(${c.email})`,
  },
  {
    name: 'service invoices',
    url: '/api/service-invoices',
    pageIn: (b) => b as never,
    seed: (c) =>
      sql`insert into service_invoices (user_id, period, description, services_cents, lines, borrower, provider,
                                        test_document, external_id, number, created_at)
            select ${c.id}, date '1000-01-01' + make_interval(months => (i * 7919) % ${ROWS}), 'Taxas', 500,
                   '[]', '{}', 'embedded', true, 'ext-' || i, 'N' || i, ${AT('i')}
              from generate_series(1, ${ROWS}) i`,
    expected: (c) =>
      sql`select id::int as k from service_invoices where user_id = ${c.id} order by period desc, id desc`,
    cleanup: (c) => sql`delete from service_invoices where user_id = ${c.id}`,
  },
  {
    name: 'affiliate rewards',
    url: '/api/affiliates-program/rewards',
    pageIn: (b) => b.rewards as never,
    seed: (c) =>
      sql`with other as (
            insert into users (name, email, password_hash, account_type)
            values ('Indicada Silva', 'paging-referred-' || ${c.id} || '@prata.test', 'x', 'individual') returning id)
          insert into affiliate_rewards (affiliate_user_id, referred_user_id, fee_cents, share_bps, amount, currency,
                                         description, transfer_id, created_at)
            select ${c.id}, other.id, 500, 2000, 100, 'BRL', 'Recompensa ' || i, 'paging-reward-' || i, ${AT('i')}
              from other, generate_series(1, ${ROWS}) i`,
    expected: (c) =>
      sql`select id::int as k from affiliate_rewards where affiliate_user_id = ${c.id} order by created_at desc, id desc`,
    cleanup: (c) => sql`delete from affiliate_rewards where affiliate_user_id = ${c.id}`,
  },
  {
    name: 'affiliates (who registered with the coupon)',
    url: '/api/affiliates-program/affiliates',
    pageIn: (b) => b.affiliates as never,
    idOf: (row) => row.first_name,
    withoutTriggers: true,
    seed: (c) =>
      sql`with coupon as (
            insert into coupons (code, owner_user_id, transaction_fee_bps, discount_bps)
            values ('PAGING' || ${c.id}, ${c.id}, 50, 0) returning id)
          insert into users (name, email, password_hash, account_type, referred_by_coupon_id, created_at)
            select 'Indicada' || i || ' Silva', 'paging-' || ${c.id} || '-' || i || '@prata.test', 'x', 'individual',
                   coupon.id, ${AT('i')}
              from coupon, generate_series(1, ${ROWS}) i`,
    expected: (c) =>
      sql`select split_part(u.name, ' ', 1) as k from users u join coupons k on k.id = u.referred_by_coupon_id
           where k.owner_user_id = ${c.id} and u.id <> ${c.id} order by u.created_at desc, u.id desc`,
    // the referred customers stay: users cannot be deleted (their ledger accounts), and they have no postings
    cleanup: () => sql`select 1`,
  },
];

describe('every customer list pages through lib/paging.ts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });

  const get = async (c: Customer, url: string, page: number) => {
    const r = await t.app.inject({ method: 'GET', url: `${url}?page=${page}`, headers: bearer(c.token) });
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as Record<string, unknown>;
  };

  for (const list of CASES) {
    it(`${list.name}: page 2 follows page 1 under ties; the total is capped, the last page's exact`, async () => {
      const c = await approvedCustomer(t);
      const idOf = list.idOf ?? byId;
      await t.database.db.transaction(async (tx) => {
        if (list.withoutTriggers) await tx.execute(sql`set local session_replication_role = replica`);
        await tx.execute(list.seed(c));
      });
      try {
        const expected = (await rows<{ k: unknown }>(t.database.db, list.expected(c))).map((r) => r.k);
        // the customer's own rows from signing up (event log lines) come on top of the seeded ones
        expect(expected.length).toBeGreaterThanOrEqual(ROWS);
        const first = list.pageIn(await get(c, list.url, 1));
        const second = list.pageIn(await get(c, list.url, 2));
        const perPage = first.per_page;
        expect(first.data.map(idOf)).toEqual(expected.slice(0, perPage));
        expect(second.data.map(idOf)).toEqual(expected.slice(perPage, 2 * perPage));
        expect(first).toMatchObject({ total: TOTAL_CAP, total_capped: true });

        const lastPage = Math.ceil(expected.length / perPage);
        const last = list.pageIn(await get(c, list.url, lastPage));
        expect(last.data.map(idOf)).toEqual(expected.slice((lastPage - 1) * perPage));
        expect(last.total).toBe(expected.length);
        expect(last).not.toHaveProperty('total_capped');
      } finally {
        await t.database.db.execute(list.cleanup(c));
      }
    }, 120_000);
  }
});
