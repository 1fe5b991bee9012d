import { is, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, Executor } from '@/db/client';
import { int, rows } from '@/db/sql';
import { seededAccounts } from './accounts';

export type Reconciliation = { ok: boolean; problems: string[] };

/** Takes one kind of problem's lines, in Portuguese (at most MAX_PER_CHECK of them are kept, and a count of the rest). */
export type ReconciliationReport = (lines: string[]) => void;
type Report = ReconciliationReport;

/**
 * A check of a feature's records against the ledger (a deposit credited once, an order's hold as its rest needs):
 * read-only, in the reconciliation's transaction; it reports each kind of problem it finds through `report`.
 */
export type ReconciliationCheck = (
  tx: Executor,
  report: ReconciliationReport,
  scope: ReconciliationScope,
) => Promise<void>;

/**
 * What a run looks at: everything (`full`), or what changed since the reconciliation's checkpoint
 * (ledger/reconcile-checkpoint.ts): the transfers after `afterTransferId` and the records of transactions begun at or
 * after `since` (every transaction begun before it had ended when the checkpoint was taken). A check that cannot
 * narrow itself, or is cheap at any size, looks at everything in both.
 */
export type ReconciliationScope = { full: true } | { full: false; afterTransferId: string; since: Date };
export const FULL_SCOPE: ReconciliationScope = { full: true };

/** At most this many lines per kind of problem (a broken database should not print millions). */
const MAX_PER_CHECK = 50;

/** Silver in custody against the silver owed (customers' and the house's available + held, plus unclaimed). */
export async function proofOfReserves(db: Executor): Promise<{ vault: bigint; owed: bigint }> {
  const [r] = await rows<{ vault: string; owed: string }>(
    db,
    sql`select
          coalesce(sum(debits_posted - credits_posted) filter (where code = 'vault'), 0)::text as vault,
          coalesce(sum(credits_posted - debits_posted)
            filter (where code like 'customer:%' or code like 'house:%' or code = 'transfer:unclaimed'), 0)::text as owed
        from ledger_balances where currency = 'AG'`,
  );
  return { vault: BigInt(r?.vault ?? 0), owed: BigInt(r?.owed ?? 0) };
}

const cg = (n: bigint | string) => `${n} cg`;

/** The ledger's own invariants, in the order of the report. */
const LEDGER_CHECKS: ReconciliationCheck[] = [
  totalsBalance,
  balancesMatchTransfers,
  transfersAndHoldsHaveAccounts,
  flooredBalancesNotNegative,
  proofOfReservesHolds,
  heldAccountsMatchHolds,
  holdsMatchTransfers,
  closedOwnersHoldNothing,
  systemAccountsExist,
];

/** The features' checks, by name, in the order they were first registered (the order of the report). */
const featureChecks = new Map<string, ReconciliationCheck>();

/**
 * Adds a feature's check to every reconciliation after the ledger's own invariants (features/index.ts registers them
 * all, in one order, wherever the reconciliation runs: the app, `npm run reconcile`, the tests). A name registered
 * again keeps its place and takes the new check.
 */
export function registerReconciliationCheck(name: string, check: ReconciliationCheck): void {
  featureChecks.set(name, check);
}

/** The names of the features' checks registered, in the order they run. */
export function reconciliationCheckNames(): string[] {
  return [...featureChecks.keys()];
}

/**
 * The ledger's invariants (docs/ledger.md), then every feature's registered check, in Portuguese: run after every API
 * test file, by `npm run reconcile` and from the back office. Read-only. Given the database it runs in one REPEATABLE
 * READ transaction, so every check sees the same moment; given a transaction it uses it.
 */
export async function reconcile(db: Executor, scope: ReconciliationScope = FULL_SCOPE): Promise<Reconciliation> {
  if (!is(db, PgTransaction)) {
    return (db as Db).transaction((tx) => reconcile(tx, scope), {
      isolationLevel: 'repeatable read',
      accessMode: 'read only',
    });
  }
  return runChecks(db, scope);
}

/** Every check in `tx` (the caller's consistent snapshot), within `scope`. */
export async function runChecks(tx: Executor, scope: ReconciliationScope): Promise<Reconciliation> {
  const problems: string[] = [];
  const report: Report = (lines) => {
    problems.push(...lines.slice(0, MAX_PER_CHECK));
    if (lines.length > MAX_PER_CHECK) problems.push(`... e mais ${lines.length - MAX_PER_CHECK} do mesmo tipo`);
  };
  for (const check of LEDGER_CHECKS) await check(tx, report, scope);
  for (const check of featureChecks.values()) await check(tx, report, scope);
  return { ok: problems.length === 0, problems };
}

/** Per currency, the debits of all accounts equal their credits. */
async function totalsBalance(db: Executor, report: Report): Promise<void> {
  const totals = await rows<{ currency: string; debits: string; credits: string }>(
    db,
    sql`select currency, sum(debits_posted)::text as debits, sum(credits_posted)::text as credits
          from ledger_balances group by currency order by currency`,
  );
  report(
    totals
      .filter((t) => BigInt(t.debits) !== BigInt(t.credits))
      .map((t) => `${t.currency}: a soma dos débitos (${t.debits}) difere da soma dos créditos (${t.credits})`),
  );
}

/**
 * Every account's balance (row + deltas) is the sum of its transfers: of all of them in a full run; from the
 * checkpoint's sums plus the transfers after its horizon otherwise (every balance is still compared: a balance changed
 * without a transfer is found by either run). No delta of an unknown account.
 */
async function balancesMatchTransfers(db: Executor, report: Report, scope: ReconciliationScope): Promise<void> {
  // one pass over the accounts (the ledger_balances view: row + deltas, each side), beside what their transfers sum
  const sums = scope.full
    ? sql`left join (select debit_account_id as id, sum(amount) as s from ledger_transfers group by 1) d on d.id = a.id
          left join (select credit_account_id as id, sum(amount) as s from ledger_transfers group by 1) c on c.id = a.id`
    : sql`left join ledger_reconcile_totals k on k.account_id = a.id
          left join (select id, sum(d) as d, sum(c) as c from (
                       select debit_account_id as id, amount as d, 0 as c from ledger_transfers
                        where id > ${scope.afterTransferId}::bigint
                       union all
                       select credit_account_id, 0, amount from ledger_transfers
                        where id > ${scope.afterTransferId}::bigint) x group by id) r on r.id = a.id`;
  const tdebits = scope.full ? sql`coalesce(d.s, 0)` : sql`coalesce(k.debits, 0) + coalesce(r.d, 0)`;
  const tcredits = scope.full ? sql`coalesce(c.s, 0)` : sql`coalesce(k.credits, 0) + coalesce(r.c, 0)`;
  const drift = await rows<{ code: string; debits: string; credits: string; tdebits: string; tcredits: string }>(
    db,
    sql`select a.code, a.debits_posted::text as debits, a.credits_posted::text as credits,
               (${tdebits})::text as tdebits, (${tcredits})::text as tcredits
          from ledger_balances a
          ${sums}
         where a.debits_posted <> ${tdebits} or a.credits_posted <> ${tcredits}
         order by a.id`,
  );
  report(
    drift.map(
      (r) =>
        `${r.code}: saldo com débitos ${r.debits} e créditos ${r.credits}, mas os lançamentos somam ${r.tdebits} e ${r.tcredits}`,
    ),
  );
  const strays = await rows<{ account_id: string }>(
    db,
    sql`select distinct d.account_id::text as account_id from ledger_balance_deltas d
         where not exists (select 1 from ledger_accounts a where a.id = d.account_id) order by 1`,
  );
  report(strays.map((r) => `ajuste de saldo de uma conta inexistente (id ${r.account_id})`));
}

/** Every transfer is between two existing accounts of its currency (the tables have no foreign keys for speed). */
async function transfersAndHoldsHaveAccounts(db: Executor, report: Report, scope: ReconciliationScope): Promise<void> {
  // an incremental run looks at the transfers after the horizon and the holds they touched (accounts are never deleted)
  const recent = scope.full ? sql`true` : sql`t.id > ${scope.afterTransferId}::bigint`;
  const orphans = await rows<{ transfer_id: string }>(
    db,
    sql`select t.transfer_id from ledger_transfers t
          left join ledger_accounts d on d.id = t.debit_account_id and d.currency = t.currency
          left join ledger_accounts c on c.id = t.credit_account_id and c.currency = t.currency
         where (d.id is null or c.id is null) and ${recent} order by t.id`,
  );
  report(orphans.map((r) => `lançamento ${r.transfer_id}: conta inexistente ou de outra moeda`));
  // ... and every hold between its owner's available and held accounts of its currency (no foreign keys either).
  const strayHolds = await rows<{ hold_id: string }>(
    db,
    sql`select h.hold_id from ledger_holds h
          left join ledger_owners o on o.id = h.owner_id
          left join ledger_accounts av on av.id = h.available_account_id and av.owner_id = h.owner_id
                                       and av.currency = h.currency and av.code like '%:available:%'
          left join ledger_accounts hd on hd.id = h.held_account_id and hd.owner_id = h.owner_id
                                       and hd.currency = h.currency and hd.code like '%:held:%'
         where (o.id is null or av.id is null or hd.id is null) and ${touchedHolds(scope)} order by h.hold_id`,
  );
  report(strayHolds.map((r) => `reserva ${r.hold_id}: dono ou contas inexistentes, de outro dono ou de outra moeda`));
}

/** No customer, house or other floored account below zero. */
async function flooredBalancesNotNegative(db: Executor, report: Report): Promise<void> {
  const negative = await rows<{ code: string; balance: string }>(
    db,
    sql`select code, case when credits_must_not_exceed_debits then debits_posted - credits_posted
                          else credits_posted - debits_posted end::text as balance
          from ledger_balances
         where ((debits_must_not_exceed_credits or code like 'customer:%' or code like 'house:%')
                and debits_posted > credits_posted)
            or (credits_must_not_exceed_debits and credits_posted > debits_posted)
         order by id`,
  );
  report(negative.map((r) => `${r.code}: saldo negativo (${r.balance})`));
}

/** Proof of reserves: the silver in custody is the silver owed. */
async function proofOfReservesHolds(db: Executor, report: Report): Promise<void> {
  const { vault, owed } = await proofOfReserves(db);
  if (vault !== owed) {
    report([
      `Prata: o cofre guarda ${cg(vault)}, mas clientes, casa e transferências não resgatadas somam ${cg(owed)}`,
    ]);
  }
}

/** Every held account equals the sum of its open holds. */
async function heldAccountsMatchHolds(db: Executor, report: Report, scope: ReconciliationScope): Promise<void> {
  // incremental: the held accounts that moved since the horizon (one that did not still equals its sums: the balances'
  // check compares every account)
  const moved = scope.full
    ? sql`true`
    : sql`b.id in (select debit_account_id from ledger_transfers where id > ${scope.afterTransferId}::bigint
                   union select credit_account_id from ledger_transfers where id > ${scope.afterTransferId}::bigint)`;
  const held = await rows<{ code: string; balance: string; holds: string }>(
    db,
    sql`select b.code, (b.credits_posted - b.debits_posted)::text as balance, coalesce(h.s, 0)::text as holds
          from ledger_balances b
          left join (select held_account_id as id, sum(amount) as s from ledger_holds where state = 'held'
                      group by 1) h on h.id = b.id
         where (b.code like 'customer:%:held:%' or b.code like 'house:held:%') and ${moved}
           and b.credits_posted - b.debits_posted <> coalesce(h.s, 0)
         order by b.id`,
  );
  report(held.map((r) => `${r.code}: saldo retido ${r.balance}, mas as reservas abertas somam ${r.holds}`));
}

/** Each hold's transfers match its record: in by '<id>#hold' (unless it is another hold's remainder), out by '<id>#release' and '<id>#capture.N' as its state says. */
async function holdsMatchTransfers(db: Executor, report: Report, scope: ReconciliationScope): Promise<void> {
  // A hold is resolved (released, or captured in one or more legs) in one transaction: a hold touched after the
  // horizon has all its releases and captures after it, and its '#hold' is found by its id.
  const moves = scope.full
    ? sql`select split_part(transfer_id, '#', 1) as hold_id,
                 sum(amount) filter (where split_part(transfer_id, '#', 2) = 'hold') as put,
                 sum(amount) filter (where split_part(transfer_id, '#', 2) = 'release') as released,
                 sum(amount) filter (where split_part(transfer_id, '#', 2) like 'capture.%') as captured
            from ledger_transfers where strpos(transfer_id, '#') > 0 group by 1`
    : sql`select r.hold_id,
                 (select p.amount from ledger_transfers p where p.transfer_id = r.hold_id || '#hold') as put,
                 sum(r.amount) filter (where r.kind = 'release') as released,
                 sum(r.amount) filter (where r.kind like 'capture.%') as captured
            from (select split_part(transfer_id, '#', 1) as hold_id, split_part(transfer_id, '#', 2) as kind, amount
                    from ledger_transfers t where ${touchedHolds(scope, 'transfers')}) r
           group by r.hold_id`;
  const holds = await rows<{ hold_id: string; problem: string }>(
    db,
    sql`with moves as (${moves}),
        h as (
          select h.hold_id, h.amount, h.state, h.captured_amount, h.created_at,
                 r.amount as remainder, p.hold_id is not null as is_remainder,
                 coalesce(m.put, 0) as put, coalesce(m.released, 0) as released, coalesce(m.captured, 0) as captured
            from ledger_holds h
            left join moves m on m.hold_id = h.hold_id
            left join ledger_holds r on r.hold_id = h.remainder_hold_id
            left join ledger_holds p on p.remainder_hold_id = h.hold_id
           where ${touchedHolds(scope)}),
        checked as (
          select hold_id, created_at, case
                   when not is_remainder and put <> amount then 'reservado ' || put || ' em vez de ' || amount
                   when is_remainder and put <> 0 then 'sobra de outra reserva, mas com lançamento de reserva'
                   when state = 'held' and released + captured <> 0 then 'aberta, mas já movimentada'
                   when state = 'released' and (released <> amount or captured <> 0)
                     then 'liberada, mas os lançamentos não conferem'
                   when state = 'captured' and (captured <> captured_amount
                        or released + captured + coalesce(remainder, 0) <> amount)
                     then 'usada, mas os lançamentos não conferem'
                 end as problem
            from h)
        select hold_id, problem from checked where problem is not null
         order by created_at, hold_id`,
  );
  report(holds.map((r) => `reserva ${r.hold_id}: ${r.problem}`));
}

/** A closed customer holds nothing. */
async function closedOwnersHoldNothing(db: Executor, report: Report): Promise<void> {
  const closed = await rows<{ code: string; balance: string; open: string }>(
    db,
    sql`select o.code,
               coalesce((select sum(abs(b.credits_posted - b.debits_posted)) from ledger_balances b
                          where b.owner_id = o.id), 0)::text as balance,
               (select count(*) from ledger_holds h where h.owner_id = o.id and h.state = 'held')::text as open
          from ledger_owners o where o.closed_at is not null`,
  );
  report(
    closed
      .filter((r) => int(r.balance) !== 0 || int(r.open) !== 0)
      .map((r) => `${r.code}: conta encerrada com saldo (${r.balance}) ou reservas abertas (${r.open})`),
  );
}

/** The chart's system accounts exist, as seeded. */
async function systemAccountsExist(db: Executor, report: Report): Promise<void> {
  const present = new Set(
    (await rows<{ code: string }>(db, sql`select code from ledger_accounts where owner_user_id is null`)).map(
      (r) => r.code,
    ),
  );
  report(
    seededAccounts()
      .filter((s) => !present.has(s.code))
      .map((s) => `conta de sistema ausente: ${s.code}`),
  );
}

/**
 * The holds an incremental run looks at (`h.hold_id in ...`): those with a transfer after the horizon and the
 * remainders their captures opened; with 'transfers', the condition on `t` that picks those transfers.
 */
function touchedHolds(scope: ReconciliationScope, of: 'holds' | 'transfers' = 'holds') {
  if (scope.full) return sql`true`;
  const after = sql`t.id > ${scope.afterTransferId}::bigint and strpos(t.transfer_id, '#') > 0`;
  if (of === 'transfers') return after;
  return sql`h.hold_id in (
    select split_part(t.transfer_id, '#', 1) from ledger_transfers t where ${after}
    union
    select x.remainder_hold_id from ledger_holds x
     where x.remainder_hold_id is not null
       and x.hold_id in (select split_part(t.transfer_id, '#', 1) from ledger_transfers t where ${after}))`;
}
