import { sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { rows } from '@/db/sql';

/**
 * Deposits whose ledger credit is wrong: an approved one not credited once with its amount (transfer 'deposit:<id>')
 * or with what an operator credited of a held payment (credited_cents); any other one credited at all.
 */
export function depositsCreditedWrongly(ex: Executor) {
  return rows<{ id: string; status: string; amount_cents: string; posted_cents: string | null }>(
    ex,
    sql`select d.id::text, d.status, coalesce(d.credited_cents, d.amount_cents)::text as amount_cents,
               t.amount::text as posted_cents
          from deposits d left join ledger_transfers t on t.transfer_id = 'deposit:' || d.id
         where (d.status = 'approved' and (t.amount is null or t.amount <> coalesce(d.credited_cents, d.amount_cents)))
            or (d.status <> 'approved' and t.transfer_id is not null)`,
  );
}

/** Held payments not received once into deposit:suspense with what arrived ('deposit:<id>:received'). */
export function heldPaymentsReceivedWrongly(ex: Executor) {
  return rows<{ id: string; paid_cents: string; received_cents: string | null }>(
    ex,
    sql`select d.id::text, d.paid_cents::text, t.amount::text as received_cents
          from deposits d left join ledger_transfers t on t.transfer_id = 'deposit:' || d.id || ':received'
         where d.paid_cents is not null and (t.amount is null or t.amount <> d.paid_cents)`,
  );
}

/** deposit:suspense's balance and the sum of the payments still held (undefined before the account exists). */
export async function suspenseAndHeld(ex: Executor) {
  const [suspense] = await rows<{ balance_cents: string; held_cents: string }>(
    ex,
    sql`select coalesce((select sum(case when t.credit_account_id = a.id then t.amount else -t.amount end)
                           from ledger_transfers t
                          where t.credit_account_id = a.id or t.debit_account_id = a.id), 0)::text as balance_cents,
               coalesce((select sum(paid_cents) from deposits where status = 'held'), 0)::text as held_cents
          from ledger_accounts a where a.code = 'deposit:suspense'`,
  );
  return suspense;
}

/** Withdrawals whose hold is wrong: a pending one not holding exactly its amount, a decided one still holding. */
export function withdrawalsHeldWrongly(ex: Executor) {
  return rows<{ id: string; status: string; amount_cents: string; state: string | null; held_cents: string | null }>(
    ex,
    sql`select w.id::text, w.status, w.amount_cents::text, h.state, h.amount::text as held_cents
          from withdrawals w left join ledger_holds h on h.hold_id = 'withdrawal:' || w.id
         where h.hold_id is null
            or (w.status = 'pending' and (h.state <> 'held' or h.amount <> w.amount_cents))
            or (w.status <> 'pending' and h.state = 'held')`,
  );
}
