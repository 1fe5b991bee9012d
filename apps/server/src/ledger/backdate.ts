import { sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';

/** A demo event's window: what was written between `since` and `until` (both clocks) happened at `at`. */
export type DemoWindow = { since: Date; until: Date; at: Date };

/**
 * Demo seeding only (seed/clock.ts, `npm start`): moves what the ledger wrote in each window (transfers, holds opened
 * or resolved, the accounts and owners of customers created in it) to the window's `at`, keeping their order and
 * spacing, so the statements, the proofs of reserves and the screens read the demo's history at its own dates.
 * Transfers are append-only: their trigger is off for this transaction only, and nothing but the time moves. Refused
 * in production, where history is never rewritten.
 */
export async function backdateForDemo(tx: Tx, env: string, windows: readonly DemoWindow[]): Promise<void> {
  if (env === 'production') throw new Error('ledger: backdating is for the demo, never in production');
  if (windows.length === 0) return;
  for (const w of windows) {
    if (!(w.at < w.since && w.since <= w.until)) throw new RangeError('ledger: a demo window moves back in time');
  }
  const list = sql.join(
    windows.map(
      (w) =>
        sql`(${w.since.toISOString()}::timestamptz, ${w.until.toISOString()}::timestamptz, ${w.at.toISOString()}::timestamptz)`,
    ),
    sql`, `,
  );
  // each column moved on its own: a hold is opened in one event and resolved in another
  const move = (table: string, column: string) => {
    const c = sql.identifier(column);
    return sql`update ${sql.identifier(table)} x set ${c} = w.at + (x.${c} - w.since)
                 from (values ${list}) as w(since, until, at)
                where x.${c} between w.since and w.until`;
  };
  await tx.execute(sql`alter table ledger_transfers disable trigger ledger_transfers_immutable`);
  await tx.execute(move('ledger_transfers', 'created_at'));
  await tx.execute(sql`alter table ledger_transfers enable trigger ledger_transfers_immutable`);
  // the monthly checkpoints summed the transfers where they were: the job builds them again from the moved history
  await tx.execute(sql`delete from ledger_account_months`);
  await tx.execute(sql`delete from ledger_checkpoint_months`);
  await tx.execute(move('ledger_holds', 'created_at'));
  await tx.execute(move('ledger_holds', 'resolved_at'));
  await tx.execute(move('ledger_accounts', 'created_at'));
  await tx.execute(move('ledger_owners', 'created_at'));
  // no account younger than its first transfer: the chart's accounts, opened by the migrations, hold the history too
  await tx.execute(sql`
    update ledger_accounts a set created_at = f.first
      from (select account_id, min(created_at) as first
              from (select debit_account_id as account_id, created_at from ledger_transfers
                    union all select credit_account_id, created_at from ledger_transfers) t
             group by account_id) f
     where f.account_id = a.id and f.first < a.created_at`);
  await tx.execute(sql`
    update ledger_owners o set created_at = a.first
      from (select owner_id, min(created_at) as first from ledger_accounts where owner_id is not null group by owner_id) a
     where a.owner_id = o.id and a.first < o.created_at`);
}
