import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rows } from '@/db/sql';
import { approvedCustomer, bearer, buildTestApp, fundCustomer, staffMember, type TestApp } from '../../../test/helpers';
import { takeHouseOrder, testOrderCost } from '../../../test/trades';
import { fundHouse } from '@/features/orders/index';
import { BACK_OFFICE_PAGE_SIZE } from './back-office';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await fundHouse(t.app.deps, null, { currency: 'AG', amountMinorUnits: 100_000 });
});

type Line = { transfer_id: string; amount: number; bucket: string; counterpart: string };

describe('GET /api/admin/customers/{id}/statement', () => {
  it('pages every transfer of the customer, newest first, a hold on both sides, nobody else’s', async () => {
    const finance = await staffMember(t, ['finance']);
    const other = await approvedCustomer(t);
    const c = await approvedCustomer(t);
    for (let i = 0; i < 2 * BACK_OFFICE_PAGE_SIZE; i++) await fundCustomer(t.database, c.id, 'BRL', 100 + i);
    await fundCustomer(t.database, other.id, 'BRL', 5_000);
    // a buy from the house (its value, fee and IOF) and a limit buy left resting: a hold between the customer's own
    // accounts, on both sides of the statement
    await takeHouseOrder(t, c, 'buy', 1_000, 100);
    const resting = await t.app.inject({
      method: 'POST',
      url: '/api/order/buy',
      headers: bearer(c.token),
      payload: {
        mode: 'limit',
        price_per_gram: 1,
        quantity_grams: 1,
        total_amount: testOrderCost('buy', 100, 100).totalCents / 100,
      },
    });
    expect(resting.statusCode, resting.body).toBe(201);

    // what the ledger holds for the customer, in the statement's order, one line per side the customer is on
    const expected = await rows<{ transfer_id: string; sides: number }>(
      t.database.db,
      sql`select t.transfer_id,
                 (d.owner_user_id is not distinct from ${c.id})::int + (k.owner_user_id is not distinct from ${c.id})::int
                   as sides
          from ledger_transfers t
          join ledger_accounts d on d.id = t.debit_account_id
          join ledger_accounts k on k.id = t.credit_account_id
          where d.owner_user_id = ${c.id} or k.owner_user_id = ${c.id}
          order by t.created_at desc, t.id desc`,
    );
    expect(expected.some((e) => e.sides === 2)).toBe(true);

    const read = async (page: number) => {
      const r = await t.app.inject({
        method: 'GET',
        url: `/api/admin/customers/${c.id}/statement?page=${page}`,
        headers: bearer(finance.token),
      });
      expect(r.statusCode, r.body).toBe(200);
      return r.json() as { data: Line[]; total: number; per_page: number; total_capped?: true };
    };
    const pages = [await read(1), await read(2), await read(3)];
    for (const p of pages) {
      expect(p.total).toBe(expected.length);
      expect(p.total_capped).toBeUndefined();
    }
    expect(pages[0]!.data.length).toBeGreaterThanOrEqual(BACK_OFFICE_PAGE_SIZE);
    const lines = pages.flatMap((p) => p.data);
    expect(lines.map((l) => l.transfer_id)).toEqual(
      expected.flatMap((e) => Array.from({ length: e.sides }, () => e.transfer_id)),
    );
    // the hold shows leaving the available balance and entering the held one
    const hold = lines.filter((l) => l.transfer_id.endsWith('#hold'));
    expect(hold.map((l) => l.bucket).sort()).toEqual(['available', 'held']);
    expect(hold.reduce((sum, l) => sum + l.amount, 0)).toBe(0);
    // the other customer's funding is not there
    const theirs = await rows<{ transfer_id: string }>(
      t.database.db,
      sql`select t.transfer_id from ledger_transfers t join ledger_accounts a on a.id = t.credit_account_id
          where a.owner_user_id = ${other.id}`,
    );
    expect(lines.some((l) => theirs.some((o) => o.transfer_id === l.transfer_id))).toBe(false);
  });

  it('another customer id that does not exist answers 404', async () => {
    const finance = await staffMember(t, ['finance'], 'Outra Financeira');
    const r = await t.app.inject({
      method: 'GET',
      url: '/api/admin/customers/987654321/statement',
      headers: bearer(finance.token),
    });
    expect(r.statusCode).toBe(404);
  });
});
