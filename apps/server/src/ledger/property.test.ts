import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers';
import { withTransaction } from '../db/tx';
import {
  type AccountRef,
  type Bucket,
  type Currency,
  getBalances,
  InsufficientFundsError,
  post,
  postMany,
  proofOfReserves,
  reconcile,
  type TransferInput,
} from './index';
import { createLedgerUsers } from './testing';

/** mulberry32: a small seeded PRNG, so a failure can be replayed with its seed. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SEED = Number(process.env.LEDGER_SEED ?? 20_240_611);
const FUND = { BRL: 50_000, AG: 2_000 } as const;

describe('ledger: random operations against a model', () => {
  it(`1,000 random transfers among 20 customers match the model, conserve totals and reconcile (seed ${SEED})`, async () => {
    const random = prng(SEED);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
    const database = await createTestDatabase();
    const customers = await createLedgerUsers(database.db, 20);

    await postMany(
      database.db,
      customers.map((customer) => ({
        operation: { type: 'test.fund', id: customer },
        transfers: [
          {
            debit: { system: 'pix:clearing' },
            credit: { customer, bucket: 'available' },
            currency: 'BRL',
            amount: FUND.BRL,
            code: 'fund',
          },
          {
            debit: { system: 'vault' },
            credit: { customer, bucket: 'available' },
            currency: 'AG',
            amount: FUND.AG,
            code: 'fund',
          },
        ],
      })),
    );

    const key = (customer: number, bucket: Bucket, currency: Currency) => `${customer}:${bucket}:${currency}`;
    let model = new Map<string, number>();
    for (const c of customers) {
      for (const currency of ['BRL', 'AG'] as const) {
        model.set(key(c, 'available', currency), FUND[currency]);
        model.set(key(c, 'held', currency), 0);
      }
    }

    let succeeded = 0;
    let refused = 0;
    for (let i = 0; i < 1000; i++) {
      const currency: Currency = random() < 0.6 ? 'BRL' : 'AG';
      const scale = currency === 'BRL' ? 20_000 : 800;
      const n = random() < 0.7 ? 1 : 2 + Math.floor(random() * 3); // some operations carry several transfers
      const transfers: TransferInput[] = [];
      const next = new Map(model);
      for (let j = 0; j < n; j++) {
        const from = { customer: pick(customers), bucket: pick(['available', 'held'] as const) };
        let to: { customer: number; bucket: Bucket };
        do to = { customer: pick(customers), bucket: pick(['available', 'held'] as const) };
        while (to.customer === from.customer && to.bucket === from.bucket);
        const amount = 1 + Math.floor(random() * scale);
        transfers.push({ debit: from as AccountRef, credit: to as AccountRef, currency, amount, code: 'random' });
        const fk = key(from.customer, from.bucket, currency);
        const tk = key(to.customer, to.bucket, currency);
        next.set(fk, next.get(fk)! - amount);
        next.set(tk, next.get(tk)! + amount);
      }
      // The posting succeeds exactly when no account ends the operation below zero.
      const expectOk = [...next.values()].every((v) => v >= 0);
      let ok = true;
      try {
        await withTransaction(database.db, (tx) => post(tx, { type: 'random', id: i }, transfers));
      } catch (err) {
        if (!(err instanceof InsufficientFundsError)) throw err;
        ok = false;
      }
      expect({ i, ok }).toEqual({ i, ok: expectOk });
      if (ok) {
        model = next;
        succeeded++;
      } else refused++;
    }

    // Both outcomes were exercised.
    expect(succeeded).toBeGreaterThan(300);
    expect(refused).toBeGreaterThan(50);

    const totals = { BRL: 0, AG: 0 };
    for (const c of customers) {
      const b = await getBalances(database.db, c);
      for (const currency of ['BRL', 'AG'] as const) {
        for (const bucket of ['available', 'held'] as const) {
          expect(b[currency][bucket]).toBe(model.get(key(c, bucket, currency)));
          expect(b[currency][bucket]).toBeGreaterThanOrEqual(0);
          totals[currency] += b[currency][bucket];
        }
      }
    }
    expect(totals).toEqual({ BRL: FUND.BRL * 20, AG: FUND.AG * 20 });
    expect(await proofOfReserves(database.db)).toEqual({ vault: BigInt(FUND.AG * 20), owed: BigInt(FUND.AG * 20) });
    expect(await reconcile(database.db)).toEqual({ ok: true, problems: [] });
  });
});
