import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { accountSpec, type Currency, type Holder, holderAccounts } from './accounts';
import { callLedger, encodeAll, type LedgerCommand } from './execute';
import { int, integerArray, type RecordField, recordArray, rows } from '../db/sql';

/**
 * A batch of ledger commands that must all succeed together, worked out here instead of in ledger_execute's PL/pgSQL
 * (docs/ledger.md, "A planned batch"): the transfers each command makes (with the ids ledger_execute gives them:
 * `<hold>#hold`, `#capture.N`, `#release`), the holds it opens and the holds it closes. `ledger_apply_plan` (migration
 * 0021) then locks the owners as ledger_execute does, checks that every hold closed is open and exactly as the caller
 * said, writes everything in set-based statements, and checks every floored balance once, at the end: a batch that
 * would leave one below zero, touch a closed account, or reuse an id writes nothing.
 *
 * What it trades for the speed: all or nothing (no per-command answers, no linked chains, no idempotent replays of
 * old ids), and a balance is checked as the batch leaves it, not after each command (the batch is one transaction:
 * nobody sees the moments between). The order book's matcher is its one caller.
 */

/** A hold opened before the batch, as the caller knows it; ledger_apply_plan checks every field against the row. */
export type OpenHold = { holder: Holder; currency: Currency; amount: number; reason: string; reference: string };

/** A hold as the plan writes it: its accounts by code, currency, amount, why and for what, and how it ended. */
type HoldRow = {
  id: string;
  availableAccount: string;
  heldAccount: string;
  currency: Currency;
  amount: number;
  reason: string;
  reference: string;
  /** what a capture took of it (null unless captured) */
  capturedAmount: number | null;
  /** the hold a capture kept the rest under (null: the rest went back to available) */
  remainderHoldId: string | null;
};

/** A transfer of the plan: its id as ledger_execute would give it, its accounts by code, amount, code, currency. */
export type PlannedTransfer = {
  id: string;
  debitAccount: string;
  creditAccount: string;
  amount: number;
  code: string;
  currency: Currency;
};

export type LedgerPlan = {
  transfers: PlannedTransfer[];
  /** holds opened by the batch, in their state at its end */
  holdsOpened: Array<HoldRow & { state: 'held' | 'released' | 'captured' }>;
  /** holds opened before the batch and closed by it: what they must be (accounts, amount, reason, reference), what
   * they become */
  holdsClosed: Array<HoldRow & { state: 'released' | 'captured' }>;
};

type PlannedHold = Omit<HoldRow, 'id'> & {
  state: 'held' | 'released' | 'captured';
  /** opened by this batch (else: an open hold the caller named) */
  fresh: boolean;
};

const fail = (what: string): never => {
  throw new Error(`ledger plan: ${what}`);
};

/**
 * Works out `commands` (validated as `execute` validates them) into a plan. `open` answers the holds opened before the
 * batch that it releases or captures (asked only for holds the batch did not open). Throws on anything ledger_execute
 * would refuse without reading a balance: an id used twice within the batch, a hold that is not open, a capture beyond
 * its hold.
 */
export function planBatch(commands: LedgerCommand[], open: (holdId: string) => OpenHold | undefined): LedgerPlan {
  const encoded = encodeAll(commands);
  const holds = new Map<string, PlannedHold>();
  const transferIds = new Set<string>();
  const plan: LedgerPlan = { transfers: [], holdsOpened: [], holdsClosed: [] };
  const transfer = (t: PlannedTransfer) => {
    if (transferIds.has(t.id)) fail(`transfer id ${t.id} twice`);
    transferIds.add(t.id);
    plan.transfers.push(t);
  };
  const find = (id: string): PlannedHold => {
    const known = holds.get(id);
    if (known) return known;
    const o = open(id) ?? fail(`hold ${id} is not known`);
    const { available, held } = holderAccounts(o.holder);
    const h: PlannedHold = {
      availableAccount: accountSpec(available, o.currency).code,
      heldAccount: accountSpec(held, o.currency).code,
      currency: o.currency,
      amount: o.amount,
      reason: o.reason,
      reference: o.reference,
      state: 'held',
      capturedAmount: null,
      remainderHoldId: null,
      fresh: false,
    };
    holds.set(id, h);
    return h;
  };
  type Opened = Omit<PlannedHold, 'state' | 'capturedAmount' | 'remainderHoldId' | 'fresh'>;
  const opened = (id: string, h: Opened) => {
    // an id the database already has is refused there (a unique violation of ledger_holds' key)
    if (holds.has(id)) fail(`hold id ${id} twice`);
    holds.set(id, { ...h, state: 'held', capturedAmount: null, remainderHoldId: null, fresh: true });
  };
  const release = (id: string, h: PlannedHold, amount: number) =>
    transfer({
      id: `${id}#release`,
      debitAccount: h.heldAccount,
      creditAccount: h.availableAccount,
      amount,
      code: 'release',
      currency: h.currency,
    });

  encoded.forEach((e, i) => {
    const cmd = commands[i]!;
    switch (e.kind) {
      case 'transfer':
      case 'hold': {
        const currency = (cmd as { currency: Currency }).currency;
        const { id, debit_account: debitAccount, credit_account: creditAccount, amount } = e;
        if (e.kind === 'hold') {
          opened(id, {
            availableAccount: debitAccount,
            heldAccount: creditAccount,
            currency,
            amount,
            reason: e.reason,
            reference: e.reference,
          });
          transfer({ id: `${id}#hold`, debitAccount, creditAccount, amount, code: 'hold', currency });
        } else {
          transfer({ id, debitAccount, creditAccount, amount, code: e.code, currency });
        }
        break;
      }
      case 'release': {
        const h = find(e.id);
        if (h.state !== 'held') fail(`hold ${e.id} is not open`);
        release(e.id, h, h.amount);
        h.state = 'released';
        break;
      }
      case 'capture': {
        const id = e.id;
        const h = find(id);
        if (h.state !== 'held') fail(`hold ${id} is not open`);
        if ((cmd as { currency: Currency }).currency !== h.currency) fail(`capture of ${id} in another currency`);
        let capturedAmount = 0;
        e.parts.forEach((p, j) => {
          transfer({
            id: `${id}#capture.${j + 1}`,
            debitAccount: h.heldAccount,
            creditAccount: p.credit_account,
            amount: p.amount,
            code: p.code,
            currency: h.currency,
          });
          capturedAmount += p.amount;
        });
        const left = h.amount - capturedAmount;
        if (left < 0) fail(`capture of ${id} beyond its hold`);
        const remainderHoldId = e.remainder_hold_id !== undefined && left > 0 ? e.remainder_hold_id : null;
        if (remainderHoldId !== null) {
          const { availableAccount, heldAccount, currency, reason, reference } = h;
          opened(remainderHoldId, { availableAccount, heldAccount, currency, amount: left, reason, reference });
        } else if (left > 0) {
          release(id, h, left);
        }
        h.state = 'captured';
        h.capturedAmount = capturedAmount;
        h.remainderHoldId = remainderHoldId;
        break;
      }
      default:
        fail(`unknown command ${String((e as { kind: unknown }).kind)}`);
    }
  });
  for (const [id, { fresh, state, ...h }] of holds) {
    if (fresh) plan.holdsOpened.push({ id, ...h, state });
    else if (state !== 'held') plan.holdsClosed.push({ id, ...h, state });
  }
  return plan;
}

// ------------------------------------------------------------------ the accounts, as the caller knows them

/**
 * What a plan needs of an account, all of it fixed when the account is opened (its id, code, currency, owner, whether
 * that owner is a customer, its floor): read once per process and kept, so a batch's call names accounts by id and
 * ledger_apply_plan does not look them up by code again. The function still checks each id against its code and owner
 * (a primary-key lookup), so knowledge that is no longer true (a database recreated under a running process) writes
 * nothing (ACCOUNTS_NOT_AS_KNOWN); the caller then forgets what it knew (`clear`) and tries again.
 */
export type AccountFacts = {
  id: number;
  code: string;
  currency: Currency;
  owner: number | null;
  customer: boolean;
  floor: 'debits' | 'credits' | null;
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
        customer: boolean;
        dfloor: boolean;
        cfloor: boolean;
      }>(
        ex,
        sql`select a.id::text, a.code, a.currency, a.owner_id::text, o.user_id is not null as customer,
                   a.debits_must_not_exceed_credits as dfloor, a.credits_must_not_exceed_debits as cfloor
              from ledger_accounts a left join ledger_owners o on o.id = a.owner_id
             where a.code = any(${sql.param([...missing])}::text[])`,
      );
      for (const r of found) {
        this.known.set(r.code, {
          id: int(r.id),
          code: r.code,
          currency: r.currency,
          owner: r.owner_id === null ? null : int(r.owner_id),
          customer: r.customer,
          floor: r.dfloor ? 'debits' : r.cfloor ? 'credits' : null,
        });
      }
    }
    return (code) => this.known.get(code) ?? fail(`unknown account ${code}`);
  }
}

/** The SQLSTATE ledger_apply_plan raises when an account is not what the caller knows of it (clear, and try again). */
export const ACCOUNTS_NOT_AS_KNOWN = 'PR002';

/** Accounts (by id) with the debits and credits the batch posts to each, in three lists of one length. */
export type AccountTotals = { accountIds: number[]; debits: number[]; credits: number[] };

/** A hold of a resolved plan: its accounts by id. */
type ResolvedHold<State> = Omit<HoldRow, 'availableAccount' | 'heldAccount'> & {
  state: State;
  availableAccountId: number;
  heldAccountId: number;
};

/** A plan with its accounts named by id, and what ledger_apply_plan's first step used to work out from them. */
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
  /** balances written in place (their owner locked for no key update) */
  balancesInPlace: AccountTotals;
  /** balances written as a delta row */
  balanceDeltas: AccountTotals;
  /** floored balances the batch lowers, checked as it leaves them */
  flooredChecks: AccountTotals;
};

const noTotals = (): AccountTotals => ({ accountIds: [], debits: [], credits: [] });

/**
 * `plan` with its accounts by id (`facts`), and what the database's first step did before: every leg in its accounts'
 * currency (else a bug: it throws), each hold between two accounts of one owner, the debits and credits on each
 * account, which owners are locked how (ledger_execute's step 3, on the gross legs), which balances are written in
 * place and which are checked.
 */
export function resolvePlan(plan: LedgerPlan, facts: (code: string) => AccountFacts): ResolvedPlan {
  type Net = { f: AccountFacts; debits: number; credits: number };
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

  const lowers = (n: Net) => (n.f.floor === 'debits' && n.debits > 0) || (n.f.floor === 'credits' && n.credits > 0);
  const noKeyUpdate = new Set<number>();
  const keyShare = new Set<number>();
  for (const n of nets.values()) {
    if (n.f.owner === null) continue;
    if (lowers(n)) noKeyUpdate.add(n.f.owner);
    if (n.f.customer && n.credits > 0) keyShare.add(n.f.owner);
  }
  const r: ResolvedPlan = {
    transfers,
    holdsOpened,
    holdsClosed,
    accounts: [],
    ownersLockedNoKeyUpdate: [...noKeyUpdate].sort((a, b) => a - b),
    ownersLockedKeyShare: [...keyShare].filter((o) => !noKeyUpdate.has(o)).sort((a, b) => a - b),
    balancesInPlace: noTotals(),
    balanceDeltas: noTotals(),
    flooredChecks: noTotals(),
  };
  const add = (totals: AccountTotals, n: Net) => {
    totals.accountIds.push(n.f.id);
    totals.debits.push(n.debits);
    totals.credits.push(n.credits);
  };
  for (const n of nets.values()) {
    r.accounts.push({ id: n.f.id, code: n.f.code, ownerId: n.f.owner });
    if (n.debits > 0 || n.credits > 0) {
      const inPlace = n.f.owner !== null && noKeyUpdate.has(n.f.owner);
      add(inPlace ? r.balancesInPlace : r.balanceDeltas, n);
    }
    if (lowers(n)) add(r.flooredChecks, n);
  }
  return r;
}

/**
 * ledger_apply_plan's fifteen arguments (functions/ledger_apply_plan.sql), from the one of `first` on: the plan's rows
 * as arrays of records (migration 0023's types: their fields are positional), its lists of numbers as bigint[]. The
 * values for them come from planArguments.
 */
export function planArgumentsSql(first: number): string {
  const types = ['ledger_plan_transfer[]', 'ledger_plan_hold[]', 'ledger_plan_hold[]', 'ledger_plan_account[]'];
  while (types.length < PLAN_ARGUMENTS) types.push('bigint[]');
  return types.map((type, i) => `$${first + i}::${type}`).join(', ');
}
const PLAN_ARGUMENTS = 15;

/** A hold as ledger_plan_hold's fields, in the type's order: its owner when the plan opens it (null when it closes one). */
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

const totalsFields = (t: AccountTotals) => [t.accountIds, t.debits, t.credits];

/** The values of planArgumentsSql's arguments; null: no plan (the batch moves nothing in the ledger), fifteen nulls. */
export function planArguments(plan: ResolvedPlan | null): Array<string | null> {
  if (plan === null) return new Array<null>(PLAN_ARGUMENTS).fill(null);
  return [
    // ledger_plan_transfer: (id, debit account, credit account, amount, code, currency)
    recordArray(plan.transfers.map((t) => [t.id, t.debitAccountId, t.creditAccountId, t.amount, t.code, t.currency])),
    recordArray(plan.holdsOpened.map((h) => holdFields(h, h.ownerId))),
    recordArray(plan.holdsClosed.map((h) => holdFields(h, null))),
    // ledger_plan_account: (id, code, owner)
    recordArray(plan.accounts.map((a) => [a.id, a.code, a.ownerId])),
    ...[
      plan.ownersLockedNoKeyUpdate,
      plan.ownersLockedKeyShare,
      ...totalsFields(plan.balancesInPlace),
      ...totalsFields(plan.balanceDeltas),
      ...totalsFields(plan.flooredChecks),
    ].map(integerArray),
  ];
}

/** A plan applied on `ex` (inside the caller's transaction): the accounts' facts read where not known, then the call. */
export async function applyPlan(ex: Executor, plan: LedgerPlan, cache: AccountFactsCache): Promise<void> {
  const resolved = resolvePlan(plan, await cache.load(ex, plan));
  await callLedger(
    ex,
    `select ledger_apply_plan(${planArgumentsSql(1)}) as r`,
    'ledger_apply_plan',
    planArguments(resolved),
  );
}
