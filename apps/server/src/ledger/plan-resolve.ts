import { sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { int, integerArray, type RecordField, recordArray, rows } from '@/db/sql';
import type { Currency } from './accounts';
import type { HoldRow, LedgerPlan, PlannedTransfer } from './plan';

// A plan (plan.ts) made ready for ledger_entry (db/functions/ledger_entry.sql, the ledger's one writer): its accounts by id, as the caller knows them, and from them the
// locks and where each balance is written; then the function's arguments (docs/ledger.md, "A planned batch").

const fail = (what: string): never => {
  throw new Error(`ledger plan: ${what}`);
};

/** An owner's lock mode: '-' none, 'k' key share, 'n' no key update (ordered: '-' < 'k' < 'n', the stronger wins). */
type LockMode = '-' | 'k' | 'n';

/**
 * What a plan needs of an account, all of it fixed when the account is opened (its id, code, currency, owner, and the
 * mode the ledger's lock rule gives its owner when the account is debited and when it is credited, as the database's
 * `ledger_lock_mode_debit` and `ledger_lock_mode_credit` answer it): read once per process and kept, so a batch's call
 * names accounts by id and ledger_entry does not look them up by code again. The function still checks each id against its code and owner
 * (a primary-key lookup), so knowledge that is no longer true (a database recreated under a running process) writes
 * nothing (ACCOUNTS_NOT_AS_KNOWN); the caller then forgets what it knew (`clear`) and tries again.
 */
export type AccountFacts = {
  id: number;
  code: string;
  currency: Currency;
  owner: number | null;
  lockWhenDebited: LockMode;
  lockWhenCredited: LockMode;
};

/** The most accounts kept; beyond it the cache starts again (a customer's four accounts are one read away). */
const FACTS_MAX = 100_000;

export class AccountFactsCache {
  private readonly known = new Map<string, AccountFacts>();

  clear() {
    this.known.clear();
  }

  /** The facts of every account `plan` names: what is not known yet is read, in one statement. */
  load(ex: Executor, plan: LedgerPlan): Promise<(code: string) => AccountFacts> {
    const codes: string[] = [];
    for (const t of plan.transfers) codes.push(t.debitAccount, t.creditAccount);
    for (const h of plan.holdsOpened) codes.push(h.availableAccount, h.heldAccount);
    for (const h of plan.holdsClosed) codes.push(h.availableAccount, h.heldAccount);
    return this.loadCodes(ex, codes);
  }

  /** The facts of the accounts `codes` name: what is not known yet is read, in one statement. */
  async loadCodes(ex: Executor, codes: Iterable<string>): Promise<(code: string) => AccountFacts> {
    const missing = new Set<string>();
    for (const code of codes) if (!this.known.has(code)) missing.add(code);
    if (missing.size > 0) {
      if (this.known.size + missing.size > FACTS_MAX) this.known.clear();
      const found = await rows<{
        id: string;
        code: string;
        currency: Currency;
        owner_id: string | null;
        debited: LockMode;
        credited: LockMode;
      }>(
        ex,
        sql`select a.id::text, a.code, a.currency, a.owner_id::text,
                   ledger_lock_mode_debit(a.debits_must_not_exceed_credits)::text as debited,
                   ledger_lock_mode_credit(a.credits_must_not_exceed_debits, o.user_id is not null)::text as credited
              from ledger_accounts a left join ledger_owners o on o.id = a.owner_id
             where a.code = any(${sql.param([...missing])}::text[])`,
      );
      for (const r of found) {
        this.known.set(r.code, {
          id: int(r.id),
          code: r.code,
          currency: r.currency,
          owner: r.owner_id === null ? null : int(r.owner_id),
          lockWhenDebited: r.debited,
          lockWhenCredited: r.credited,
        });
      }
    }
    return (code) => this.known.get(code) ?? fail(`unknown account ${code}`);
  }
}

/** The SQLSTATE ledger_entry raises when an account is not what the caller knows of it (clear, and try again). */
export const ACCOUNTS_NOT_AS_KNOWN = 'PR002';

/** Accounts (by id) with the debits and credits the batch posts to each, in three lists of one length. */

/** A hold of a resolved plan: its accounts by id. */
type ResolvedHold<State> = Omit<HoldRow, 'availableAccount' | 'heldAccount'> & {
  state: State;
  availableAccountId: number;
  heldAccountId: number;
};

/** A plan with its accounts named by id, and the locks and balance totals worked out from them. */
export type ResolvedPlan = {
  transfers: Array<
    Omit<PlannedTransfer, 'debitAccount' | 'creditAccount'> & { debitAccountId: number; creditAccountId: number }
  >;
  /** holds opened, with their owner */
  holdsOpened: Array<ResolvedHold<LedgerPlan['holdsOpened'][number]['state']> & { ownerId: number }>;
  holdsClosed: Array<ResolvedHold<LedgerPlan['holdsClosed'][number]['state']>>;
  /** every account named: checked against the database (id, code, owner) */
  accounts: Array<{ id: number; code: string; ownerId: number | null }>;
  /** owners locked for no key update (a floored balance of theirs goes down) */
  ownersLockedNoKeyUpdate: number[];
  /** owners locked for key share (a customer credited), the others */
  ownersLockedKeyShare: number[];
};

/**
 * `plan` with its accounts by id (`facts`), checked before any SQL: every leg in its accounts'
 * currency (else a bug: it throws), each hold between two accounts of one owner, the debits and credits on each
 * account, and from them the locks (locksOf).
 */
export function resolvePlan(plan: LedgerPlan, facts: (code: string) => AccountFacts): ResolvedPlan {
  const nets = new Map<string, Net>();
  const net = (code: string, currency: Currency): Net => {
    let n = nets.get(code);
    if (!n) {
      n = { f: facts(code), debits: 0, credits: 0 };
      nets.set(code, n);
    }
    if (n.f.currency !== currency) fail(`${code} is not in ${currency}`);
    return n;
  };
  const transfers = plan.transfers.map(({ debitAccount, creditAccount, ...t }) => {
    const debit = net(debitAccount, t.currency);
    const credit = net(creditAccount, t.currency);
    debit.debits += t.amount;
    credit.credits += t.amount;
    return { ...t, debitAccountId: debit.f.id, creditAccountId: credit.f.id };
  });
  const holdAccounts = (h: { availableAccount: string; heldAccount: string; currency: Currency }) => {
    const available = net(h.availableAccount, h.currency).f;
    const held = net(h.heldAccount, h.currency).f;
    if (available.owner === null || available.owner !== held.owner) {
      fail(`a hold between ${h.availableAccount} and ${h.heldAccount}`);
    }
    return { ownerId: available.owner!, availableAccountId: available.id, heldAccountId: held.id };
  };
  const holdsOpened = plan.holdsOpened.map(({ availableAccount, heldAccount, ...h }) => ({
    ...h,
    ...holdAccounts({ availableAccount, heldAccount, currency: h.currency }),
  }));
  const holdsClosed = plan.holdsClosed.map(({ availableAccount, heldAccount, ...h }) => {
    const { availableAccountId, heldAccountId } = holdAccounts({ availableAccount, heldAccount, currency: h.currency });
    return { ...h, availableAccountId, heldAccountId };
  });

  return { transfers, holdsOpened, holdsClosed, ...locksOf([...nets.values()]) };
}

/** An account of a plan with the debits and credits the batch posts to it. */
type Net = { f: AccountFacts; debits: number; credits: number };

/**
 * Which owners are locked how, on the gross legs: each account's mode as debited and as credited (the database's rule,
 * read with its facts), the stronger of them per owner. The database derives the totals, and where each is written,
 * from the transfers and these locks.
 */
function locksOf(nets: Net[]): Omit<ResolvedPlan, 'transfers' | 'holdsOpened' | 'holdsClosed'> {
  // '-' < 'k' < 'n' as characters, as the database's greatest() of modes
  const stronger = (a: LockMode, b: LockMode): LockMode => (a > b ? a : b);
  const modes = new Map<number, LockMode>();
  for (const n of nets) {
    if (n.f.owner === null) continue;
    let mode = modes.get(n.f.owner) ?? '-';
    if (n.debits > 0) mode = stronger(mode, n.f.lockWhenDebited);
    if (n.credits > 0) mode = stronger(mode, n.f.lockWhenCredited);
    modes.set(n.f.owner, mode);
  }
  const owners = (mode: LockMode) =>
    [...modes]
      .filter(([, m]) => m === mode)
      .map(([owner]) => owner)
      .sort((a, b) => a - b);
  return {
    accounts: nets.map((n) => ({ id: n.f.id, code: n.f.code, ownerId: n.f.owner })),
    ownersLockedNoKeyUpdate: owners('n'),
    ownersLockedKeyShare: owners('k'),
  };
}

/**
 * ledger_entry's six arguments (db/functions/ledger_entry.sql), from the one of `first` on: the plan's rows
 * as arrays of records (migration 0023's types: their fields are positional), its lists of numbers as bigint[]. The
 * values for them come from planArguments.
 */
export function planArgumentsSql(first: number): string {
  const types = ['ledger_plan_transfer[]', 'ledger_plan_hold[]', 'ledger_plan_hold[]', 'ledger_plan_account[]'];
  while (types.length < PLAN_ARGUMENTS) types.push('bigint[]');
  return types.map((type, i) => `$${first + i}::${type}`).join(', ');
}
const PLAN_ARGUMENTS = 6;

/** A hold as ledger_plan_hold's fields, in the type's order: its owner when the plan opens it (null: it closes one). */
const holdFields = (h: ResolvedHold<string>, ownerId: number | null): RecordField[] => [
  h.id,
  ownerId,
  h.availableAccountId,
  h.heldAccountId,
  h.currency,
  h.amount,
  h.reason,
  h.reference,
  h.state,
  h.capturedAmount,
  h.remainderHoldId,
];

/** The values of planArgumentsSql's arguments; null: no plan (the batch moves nothing in the ledger), six nulls. */
export function planArguments(plan: ResolvedPlan | null): Array<string | null> {
  if (plan === null) return new Array<null>(PLAN_ARGUMENTS).fill(null);
  return [
    // ledger_plan_transfer: (id, debit account, credit account, amount, code, currency)
    recordArray(plan.transfers.map((t) => [t.id, t.debitAccountId, t.creditAccountId, t.amount, t.code, t.currency])),
    recordArray(plan.holdsOpened.map((h) => holdFields(h, h.ownerId))),
    recordArray(plan.holdsClosed.map((h) => holdFields(h, null))),
    // ledger_plan_account: (id, code, owner)
    recordArray(plan.accounts.map((a) => [a.id, a.code, a.ownerId])),
    ...[plan.ownersLockedNoKeyUpdate, plan.ownersLockedKeyShare].map(integerArray),
  ];
}
