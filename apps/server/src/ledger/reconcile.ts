import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { seededAccounts } from './accounts';
import { rows } from './sql';

export type Reconciliation = { ok: boolean; problems: string[] };

/** Silver in custody against the silver owed (customers' and the house's available + held, plus unclaimed). */
export async function proofOfReserves(db: Executor): Promise<{ vault: bigint; owed: bigint }> {
  const [r] = await rows<{ vault: string; owed: string }>(
    db,
    sql`select
          coalesce(sum(debits_posted - credits_posted) filter (where code = 'vault'), 0)::text as vault,
          coalesce(sum(credits_posted - debits_posted)
            filter (where code like 'customer:%' or code like 'house:%' or code = 'transfer:unclaimed'), 0)::text as owed
        from ledger_accounts where currency = 'AG'`,
  );
  return { vault: BigInt(r?.vault ?? 0), owed: BigInt(r?.owed ?? 0) };
}

/**
 * The ledger's invariants (LEDGER.md): run after every API test file and by operators on demand. Read-only; on a
 * busy database run it in a REPEATABLE READ transaction so all its queries see one snapshot.
 */
export async function reconcile(db: Executor): Promise<Reconciliation> {
  const problems: string[] = [];

  // 1. Per currency, the debits of all accounts equal their credits.
  const totals = await rows<{ currency: string; debits: string; credits: string }>(
    db,
    sql`select currency, sum(debits_posted)::text as debits, sum(credits_posted)::text as credits
          from ledger_accounts group by currency order by currency`,
  );
  for (const t of totals) {
    if (BigInt(t.debits) !== BigInt(t.credits)) {
      problems.push(`${t.currency}: debits ${t.debits} != credits ${t.credits}`);
    }
  }

  // 2. Every account's posted totals are the sums of its transfers.
  const drift = await rows<{ code: string; debits: string; credits: string; tdebits: string; tcredits: string }>(
    db,
    sql`select a.code, a.debits_posted::text as debits, a.credits_posted::text as credits,
               coalesce(d.s, 0)::text as tdebits, coalesce(c.s, 0)::text as tcredits
          from ledger_accounts a
          left join (select debit_account_id as id, sum(amount) as s from ledger_transfers group by 1) d on d.id = a.id
          left join (select credit_account_id as id, sum(amount) as s from ledger_transfers group by 1) c on c.id = a.id
         where a.debits_posted <> coalesce(d.s, 0) or a.credits_posted <> coalesce(c.s, 0)
         order by a.id`,
  );
  for (const r of drift) {
    problems.push(
      `${r.code}: posted debits ${r.debits} / credits ${r.credits}, transfers sum to ${r.tdebits} / ${r.tcredits}`,
    );
  }

  // 3. No customer or house account (nor any other flagged account) below zero.
  const negative = await rows<{ code: string; debits: string; credits: string }>(
    db,
    sql`select code, debits_posted::text as debits, credits_posted::text as credits from ledger_accounts
         where ((debits_must_not_exceed_credits or code like 'customer:%' or code like 'house:%')
                and debits_posted > credits_posted)
            or (credits_must_not_exceed_debits and credits_posted > debits_posted)
         order by id`,
  );
  for (const r of negative) problems.push(`${r.code}: below zero (debits ${r.debits}, credits ${r.credits})`);

  // 4. Proof of reserves.
  const { vault, owed } = await proofOfReserves(db);
  if (vault !== owed) problems.push(`AG: vault holds ${vault} but customers, house and unclaimed are owed ${owed}`);

  // 5. The chart's system accounts exist, as seeded.
  const present = new Set(
    (await rows<{ code: string }>(db, sql`select code from ledger_accounts where owner_user_id is null`)).map(
      (r) => r.code,
    ),
  );
  for (const spec of seededAccounts()) {
    if (!present.has(spec.code)) problems.push(`${spec.code}: system account missing`);
  }

  return { ok: problems.length === 0, problems };
}
