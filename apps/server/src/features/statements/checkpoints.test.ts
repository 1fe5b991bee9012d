import { randomUUID } from 'node:crypto';
import { addStatementMonths, statementMonthOf, statementMonthRange } from '@prata/domain';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, onPostgres, openSecondPool, skippedOnPglite } from '../../../test/helpers';
import { createLedgerUsers } from '../../../test/ledger-users';
import type { Database } from '@/db/client';
import { rows } from '@/db/sql';
import { int } from '@/db/integers';
import { withTransaction } from '@/db/tx';
import {
  type AccountRef,
  accountSumsBefore,
  backdateForDemo,
  buildAccountMonths,
  capture,
  type DemoWindow,
  hold,
  post,
  release,
  requireOk,
} from '@/ledger/index';
import { randomInt, seededRandom } from '@/lib/seeded-random';
import { monthlyStatement } from './service';

/**
 * The ledger's monthly checkpoints (ledger/checkpoints.ts) only make reads cheaper: a balance, and so a statement,
 * is the same whether the job ran, ran for some months, or never ran. Random histories over several past months are
 * posted through the ledger, then moved to their months (as the demo's history is), and read every way.
 */

const PAST_MONTHS = 6;
const now = new Date();
const currentMonth = statementMonthOf(now);
/** the months of the history, oldest first: PAST_MONTHS closed ones, then the current one */
const months = Array.from({ length: PAST_MONTHS + 1 }, (_, i) => addStatementMonths(currentMonth, i - PAST_MONTHS));

let database: Database;
let customers: number[];
/** one customer moves only in the oldest month: their checkpoints stop there, and later months read past them */
let quiet: number;

const avail = (customer: number): AccountRef => ({ customer, bucket: 'available' });

/**
 * A month of random postings that never take a balance below zero: deposits, holds (an order's), releases, captures
 * (a withdrawal paid from its hold), transfers between customers, payouts.
 */
async function randomMonth(
  random: () => number,
  state: { available: Map<number, number>; holds: Array<{ id: string; c: number; amount: number }> },
  who: number[],
) {
  const db = database.db;
  const bal = (c: number) => state.available.get(c) ?? 0;
  const add = (c: number, delta: number) => state.available.set(c, bal(c) + delta);
  const transfer = async (debit: AccountRef, credit: AccountRef, amount: number, code: string) =>
    requireOk(await post(db, { id: `t:${randomUUID()}`, debit, credit, currency: 'BRL', amount, code }));
  for (let i = 0; i < 12; i++) {
    const c = who[randomInt(random, 0, who.length - 1)]!;
    const kind = randomInt(random, 0, 4);
    const open = state.holds.findIndex((h) => h.c === c);
    if (kind === 0 || bal(c) < 2) {
      const amount = randomInt(random, 1, 50_000);
      await transfer({ system: 'pix:clearing' }, avail(c), amount, 'deposit.pix');
      add(c, amount);
    } else if (kind === 1) {
      const h = { id: `h:${randomUUID()}`, c, amount: randomInt(random, 1, bal(c)) };
      requireOk(
        await hold(db, {
          id: h.id,
          holder: { customer: c },
          currency: 'BRL',
          amount: h.amount,
          reason: 'withdrawal',
          reference: h.id,
        }),
      );
      add(c, -h.amount);
      state.holds.push(h);
    } else if (kind === 2 && open >= 0) {
      const [h] = state.holds.splice(open, 1);
      if (randomInt(random, 0, 1) === 0) {
        requireOk(await release(db, h!.id));
        add(c, h!.amount);
      } else {
        const part = randomInt(random, 1, h!.amount);
        requireOk(
          await capture(db, {
            holdId: h!.id,
            currency: 'BRL',
            parts: [{ to: { system: 'payout:clearing' }, amount: part, code: 'withdrawal' }],
          }),
        );
        add(c, h!.amount - part);
      }
    } else if (kind === 3 && who.length > 1) {
      const other = who.find((o) => o !== c)!;
      const amount = randomInt(random, 1, bal(c));
      await transfer(avail(c), avail(other), amount, 'transfer.sent');
      add(c, -amount);
      add(other, amount);
    } else {
      const amount = randomInt(random, 1, bal(c));
      await transfer(avail(c), { system: 'payout:clearing' }, amount, 'withdrawal');
      add(c, -amount);
    }
  }
}

/** What every account of the customers had before `at`, summed from the transfers alone (no checkpoint). */
async function oracle(at: Date) {
  const found = await rows<{ id: string; debits: string; credits: string }>(
    database.db,
    sql`select a.id::text,
               (select coalesce(sum(amount), 0) from ledger_transfers where debit_account_id = a.id
                  and created_at < ${at.toISOString()}::timestamptz)::text as debits,
               (select coalesce(sum(amount), 0) from ledger_transfers where credit_account_id = a.id
                  and created_at < ${at.toISOString()}::timestamptz)::text as credits
          from ledger_accounts a where a.owner_user_id = any(${`{${customers.join(',')}}`}::bigint[]) order by a.id`,
  );
  return new Map(found.map((r) => [int(r.id), { debits: int(r.debits), credits: int(r.credits) }]));
}

/** The instants a read may ask about: each month's start and a few inside it, and a moment from now. */
function instants(): Date[] {
  const out: Date[] = [];
  for (const m of months) {
    const { from, to } = statementMonthRange(m);
    out.push(
      from,
      new Date(from.getTime() + 1),
      new Date((from.getTime() + to.getTime()) / 2),
      new Date(to.getTime() - 1),
    );
  }
  out.push(new Date(now.getTime() + 60_000));
  return out;
}

async function sumsEverywhere() {
  const ids = [...(await oracle(now)).keys()];
  const out: unknown[] = [];
  for (const at of instants()) {
    const [read, expected] = await Promise.all([accountSumsBefore(database.db, ids, at), oracle(at)]);
    expect(read, at.toISOString()).toEqual(expected);
    out.push([...read.entries()]);
  }
  return out;
}

async function statementsEverywhere() {
  const out: unknown[] = [];
  for (const c of customers) for (const m of months) out.push(await monthlyStatement(database.db, c, m, now));
  return out;
}

beforeAll(async () => {
  database = await createTestDatabase();
  customers = await createLedgerUsers(database.db, 4);
  quiet = customers[3]!;
  const random = seededRandom(38);
  const state = { available: new Map<number, number>(), holds: [] as Array<{ id: string; c: number; amount: number }> };
  const windows: DemoWindow[] = [];
  for (const [i, month] of months.entries()) {
    const who = i === 0 ? customers : customers.filter((c) => c !== quiet);
    const since = new Date();
    await randomMonth(random, state, who);
    const until = new Date();
    await new Promise((r) => setTimeout(r, 5));
    if (month === currentMonth) break;
    // the first movement of every other month at the very instant it starts: a checkpoint's end is exclusive
    const { from } = statementMonthRange(month);
    windows.push({ since, until, at: i % 2 === 0 ? from : new Date(from.getTime() + (i + 1) * 86_400_000) });
  }
  await withTransaction(database.db, (tx) => backdateForDemo(tx, 'test', windows));
});

describe('monthly checkpoints', () => {
  it('give the same balances and statements whether the job ran, ran for some months, or never ran', async () => {
    const noJob = { sums: await sumsEverywhere(), statements: await statementsEverywhere() };
    expect(noJob.statements.length).toBe(customers.length * months.length);

    // the job as it would have run in the middle of the history: only the months closed by then
    const midway = new Date(statementMonthRange(months[3]!).from.getTime() + 86_400_000);
    const first = await buildAccountMonths(database.db, midway);
    expect(first.map((d) => d.toISOString())).toEqual(
      months.slice(0, 3).map((m) => statementMonthRange(m).to.toISOString()),
    );
    expect({ sums: await sumsEverywhere(), statements: await statementsEverywhere() }).toEqual(noJob);

    // then up to now: every closed month, once; a second run finds nothing to do
    const rest = await buildAccountMonths(database.db, now);
    expect(rest.map((d) => d.toISOString())).toEqual(
      months.slice(3, PAST_MONTHS).map((m) => statementMonthRange(m).to.toISOString()),
    );
    expect(await buildAccountMonths(database.db, now)).toEqual([]);
    expect({ sums: await sumsEverywhere(), statements: await statementsEverywhere() }).toEqual(noJob);

    // the quiet customer's accounts have checkpoints only at the end of the month they moved in
    const quietRows = await rows<{ ends_at: Date | string }>(
      database.db,
      sql`select distinct m.ends_at from ledger_account_months m join ledger_accounts a on a.id = m.account_id
           where a.owner_user_id = ${quiet}`,
    );
    expect(quietRows.map((r) => new Date(r.ends_at).toISOString())).toEqual([
      statementMonthRange(months[0]!).to.toISOString(),
    ]);
    // and their later months still open and close on what they had
    const last = (await monthlyStatement(database.db, quiet, months[PAST_MONTHS - 1]!, now)).reais;
    expect(last.movements).toEqual([]);
    expect(last.opening).toBe(last.closing);
  });

  it('are built once across two instances running the job together', async (ctx) => {
    skippedOnPglite('monthly checkpoints: two instances');
    if (!onPostgres) return ctx.skip();
    await database.db.execute(sql`delete from ledger_account_months`);
    await database.db.execute(sql`delete from ledger_checkpoint_months`);
    const second = await openSecondPool(database);
    const [a, b] = await Promise.all([buildAccountMonths(database.db, now), buildAccountMonths(second.db, now)]);
    const built = [...a, ...b].map((d) => d.toISOString()).sort();
    // every closed month built by exactly one of them
    expect(built).toEqual(months.slice(0, PAST_MONTHS).map((m) => statementMonthRange(m).to.toISOString()));
    const [claims] = await rows<{ n: string }>(
      database.db,
      sql`select count(*)::text as n from ledger_checkpoint_months`,
    );
    expect(int(claims!.n)).toBe(PAST_MONTHS);
    await sumsEverywhere();
  });
});
