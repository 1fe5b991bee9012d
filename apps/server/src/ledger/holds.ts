import { sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { int, rows } from '@/db/sql';
import type { Currency } from './accounts';

type HoldState = 'held' | 'released' | 'captured';

export type Hold = {
  id: string;
  /** 'customer:42' or 'house' */
  owner: string;
  currency: Currency;
  amount: number;
  reason: string;
  reference: string;
  state: HoldState;
  /** a captured hold: how much went to its destinations */
  capturedAmount: number | null;
  remainderHoldId: string | null;
  createdAt: Date;
  resolvedAt: Date | null;
};

type Row = {
  hold_id: string;
  owner: string;
  currency: Currency;
  amount: string;
  reason: string;
  reference: string;
  state: HoldState;
  captured_amount: string | null;
  remainder_hold_id: string | null;
  created_at: string | Date;
  resolved_at: string | Date | null;
};

const toHold = (r: Row): Hold => ({
  id: r.hold_id,
  owner: r.owner,
  currency: r.currency,
  amount: int(r.amount),
  reason: r.reason,
  reference: r.reference,
  state: r.state,
  capturedAmount: r.captured_amount === null ? null : int(r.captured_amount),
  remainderHoldId: r.remainder_hold_id,
  createdAt: new Date(r.created_at),
  resolvedAt: r.resolved_at === null ? null : new Date(r.resolved_at),
});

const SELECT = sql`select h.hold_id, o.code as owner, h.currency, h.amount::text as amount, h.reason, h.reference,
                          h.state, h.captured_amount::text as captured_amount, h.remainder_hold_id, h.created_at,
                          h.resolved_at
                     from ledger_holds h join ledger_owners o on o.id = h.owner_id`;

/** A hold as stored, or null. */
export async function getHold(ex: Executor, holdId: string): Promise<Hold | null> {
  const [r] = await rows<Row>(ex, sql`${SELECT} where h.hold_id = ${holdId}`);
  return r ? toHold(r) : null;
}

/** A customer's open holds, oldest first (at most `limit`). */
export async function openHolds(ex: Executor, userId: number, limit = 100): Promise<Hold[]> {
  const found = await rows<Row>(
    ex,
    sql`${SELECT} where o.user_id = ${userId} and h.state = 'held' order by h.created_at, h.hold_id limit ${limit}`,
  );
  return found.map(toHold);
}
