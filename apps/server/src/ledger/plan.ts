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
  av: string;
  hd: string;
  cur: Currency;
  a: number;
  reason: string;
  ref: string;
  captured: number | null;
  rest: string | null;
};

export type LedgerPlan = {
  /** transfers: id, debit and credit account codes, amount, code, currency */
  t: Array<{ id: string; d: string; c: string; a: number; code: string; cur: Currency }>;
  /** holds opened by the batch, in their state at its end */
  hn: Array<HoldRow & { state: 'held' | 'released' | 'captured' }>;
  /** holds opened before the batch and closed by it: what they must be (av, hd, a, reason, ref), what they become */
  hu: Array<HoldRow & { state: 'released' | 'captured' }>;
};

type PlannedHold = {
  av: string;
  hd: string;
  cur: Currency;
  amount: number;
  reason: string;
  ref: string;
  state: 'held' | 'released' | 'captured';
  captured: number | null;
  rest: string | null;
  /** opened by this batch (else: an open hold the caller named) */
  fresh: boolean;
};

/** A command as `encode` writes it (validated): only the fields of its kind are there. */
type Encoded = {
  k: 't' | 'h' | 'r' | 'c';
  id: string;
  d: string;
  c: string;
  a: number;
  code: string;
  reason: string;
  ref: string;
  parts: Array<{ c: string; a: number; code: string }>;
  rest?: string;
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
  const plan: LedgerPlan = { t: [], hn: [], hu: [] };
  const transfer = (id: string, d: string, c: string, a: number, code: string, cur: Currency) => {
    if (transferIds.has(id)) fail(`transfer id ${id} twice`);
    transferIds.add(id);
    plan.t.push({ id, d, c, a, code, cur });
  };
  const find = (id: string): PlannedHold => {
    const known = holds.get(id);
    if (known) return known;
    const o = open(id) ?? fail(`hold ${id} is not known`);
    const { available, held } = holderAccounts(o.holder);
    const h: PlannedHold = {
      av: accountSpec(available, o.currency).code,
      hd: accountSpec(held, o.currency).code,
      cur: o.currency,
      amount: o.amount,
      reason: o.reason,
      ref: o.reference,
      state: 'held',
      captured: null,
      rest: null,
      fresh: false,
    };
    holds.set(id, h);
    return h;
  };
  const opened = (id: string, h: Omit<PlannedHold, 'state' | 'captured' | 'rest' | 'fresh'>) => {
    // an id the database already has is refused there (a unique violation of ledger_holds' key)
    if (holds.has(id)) fail(`hold id ${id} twice`);
    holds.set(id, { ...h, state: 'held', captured: null, rest: null, fresh: true });
  };

  (encoded as unknown as Encoded[]).forEach((e, i) => {
    const id = e.id;
    const cmd = commands[i]!;
    switch (e.k) {
      case 't':
      case 'h': {
        const cur = (cmd as { currency: Currency }).currency;
        if (e.k === 'h') opened(id, { av: e.d, hd: e.c, cur, amount: e.a, reason: e.reason, ref: e.ref });
        transfer(e.k === 'h' ? `${id}#hold` : id, e.d, e.c, e.a, e.k === 'h' ? 'hold' : e.code, cur);
        break;
      }
      case 'r': {
        const h = find(id);
        if (h.state !== 'held') fail(`hold ${id} is not open`);
        transfer(`${id}#release`, h.hd, h.av, h.amount, 'release', h.cur);
        h.state = 'released';
        break;
      }
      case 'c': {
        const h = find(id);
        if (h.state !== 'held') fail(`hold ${id} is not open`);
        if ((cmd as { currency: Currency }).currency !== h.cur) fail(`capture of ${id} in another currency`);
        let sum = 0;
        e.parts.forEach((p, j) => {
          transfer(`${id}#capture.${j + 1}`, h.hd, p.c, p.a, p.code, h.cur);
          sum += p.a;
        });
        const rem = h.amount - sum;
        if (rem < 0) fail(`capture of ${id} beyond its hold`);
        const rest = e.rest !== undefined && rem > 0 ? e.rest : null;
        if (rest !== null) opened(rest, { av: h.av, hd: h.hd, cur: h.cur, amount: rem, reason: h.reason, ref: h.ref });
        else if (rem > 0) transfer(`${id}#release`, h.hd, h.av, rem, 'release', h.cur);
        h.state = 'captured';
        h.captured = sum;
        h.rest = rest;
        break;
      }
      default:
        fail(`unknown command ${String(e.k)}`);
    }
  });
  for (const [id, h] of holds) {
    const row = {
      id,
      av: h.av,
      hd: h.hd,
      cur: h.cur,
      a: h.amount,
      reason: h.reason,
      ref: h.ref,
      captured: h.captured,
      rest: h.rest,
    };
    if (h.fresh) plan.hn.push({ ...row, state: h.state });
    else if (h.state !== 'held') plan.hu.push({ ...row, state: h.state });
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
    for (const t of plan.t) codes.push(t.d, t.c);
    for (const h of plan.hn) codes.push(h.av, h.hd);
    for (const h of plan.hu) codes.push(h.av, h.hd);
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

/** A plan with its accounts named by id, and what ledger_apply_plan's first step used to work out from them. */
export type ResolvedPlan = {
  t: Array<{ id: string; d: number; c: number; a: number; code: string; cur: Currency }>;
  hn: Array<Omit<LedgerPlan['hn'][number], 'av' | 'hd'> & { o: number; av: number; hd: number }>;
  hu: Array<Omit<LedgerPlan['hu'][number], 'av' | 'hd'> & { av: number; hd: number }>;
  /** every account named: checked against the database (id, code, owner) */
  acc: Array<{ id: number; code: string; owner: number | null }>;
  /** owners locked for no key update (a floored balance of theirs goes down), and for key share (a customer credited) */
  n: number[];
  k: number[];
  /** balances written in place (their owner locked for no key update): account, debits, credits */
  ip: number[];
  ipd: number[];
  ipc: number[];
  /** balances written as a delta row */
  dl: number[];
  dld: number[];
  dlc: number[];
  /** floored balances the batch lowers, checked as it leaves them */
  g: number[];
  gd: number[];
  gc: number[];
};

/**
 * `plan` with its accounts by id (`facts`), and what the database's first step did before: every leg in its accounts'
 * currency (else a bug: it throws), each hold between two accounts of one owner, the debits and credits on each
 * account, which owners are locked how (ledger_execute's step 3, on the gross legs), which balances are written in
 * place and which are checked.
 */
export function resolvePlan(plan: LedgerPlan, facts: (code: string) => AccountFacts): ResolvedPlan {
  type Net = { f: AccountFacts; dr: number; cr: number };
  const nets = new Map<string, Net>();
  const net = (code: string, cur: Currency): Net => {
    let n = nets.get(code);
    if (!n) {
      n = { f: facts(code), dr: 0, cr: 0 };
      nets.set(code, n);
    }
    if (n.f.currency !== cur) fail(`${code} is not in ${cur}`);
    return n;
  };
  const t = plan.t.map((x) => {
    const d = net(x.d, x.cur);
    const c = net(x.c, x.cur);
    d.dr += x.a;
    c.cr += x.a;
    return { id: x.id, d: d.f.id, c: c.f.id, a: x.a, code: x.code, cur: x.cur };
  });
  const holdAccounts = (h: { av: string; hd: string; cur: Currency }) => {
    const av = net(h.av, h.cur).f;
    const hd = net(h.hd, h.cur).f;
    if (av.owner === null || av.owner !== hd.owner) fail(`a hold between ${h.av} and ${h.hd}`);
    return { av, hd };
  };
  const hn = plan.hn.map((h) => {
    const { av, hd } = holdAccounts(h);
    return { ...h, o: av.owner!, av: av.id, hd: hd.id };
  });
  const hu = plan.hu.map((h) => {
    const { av, hd } = holdAccounts(h);
    return { ...h, av: av.id, hd: hd.id };
  });

  const lowers = (n: Net) => (n.f.floor === 'debits' && n.dr > 0) || (n.f.floor === 'credits' && n.cr > 0);
  const noKeyUpdate = new Set<number>();
  const keyShare = new Set<number>();
  for (const n of nets.values()) {
    if (n.f.owner === null) continue;
    if (lowers(n)) noKeyUpdate.add(n.f.owner);
    if (n.f.customer && n.cr > 0) keyShare.add(n.f.owner);
  }
  const r: ResolvedPlan = {
    t,
    hn,
    hu,
    acc: [],
    n: [...noKeyUpdate].sort((a, b) => a - b),
    k: [...keyShare].filter((o) => !noKeyUpdate.has(o)).sort((a, b) => a - b),
    ip: [],
    ipd: [],
    ipc: [],
    dl: [],
    dld: [],
    dlc: [],
    g: [],
    gd: [],
    gc: [],
  };
  for (const n of nets.values()) {
    r.acc.push({ id: n.f.id, code: n.f.code, owner: n.f.owner });
    if (n.dr > 0 || n.cr > 0) {
      const inPlace = n.f.owner !== null && noKeyUpdate.has(n.f.owner);
      (inPlace ? r.ip : r.dl).push(n.f.id);
      (inPlace ? r.ipd : r.dld).push(n.dr);
      (inPlace ? r.ipc : r.dlc).push(n.cr);
    }
    if (lowers(n)) {
      r.g.push(n.f.id);
      r.gd.push(n.dr);
      r.gc.push(n.cr);
    }
  }
  return r;
}

/**
 * ledger_apply_plan's fifteen arguments (migration 0023), from the one of `first` on: the plan's rows as arrays of
 * records, its lists of numbers as bigint[]. The values for them come from planArguments.
 */
export function planArgumentsSql(first: number): string {
  const types = ['ledger_plan_transfer[]', 'ledger_plan_hold[]', 'ledger_plan_hold[]', 'ledger_plan_account[]'];
  while (types.length < PLAN_ARGUMENTS) types.push('bigint[]');
  return types.map((type, i) => `$${first + i}::${type}`).join(', ');
}
const PLAN_ARGUMENTS = 15;

/** A hold as ledger_plan_hold's fields: its owner when the plan opens it (null when it closes one). */
const holdFields = (
  h: ResolvedPlan['hn'][number] | ResolvedPlan['hu'][number],
  owner: number | null,
): RecordField[] => [h.id, owner, h.av, h.hd, h.cur, h.a, h.reason, h.ref, h.state, h.captured, h.rest];

/** The values of planArgumentsSql's arguments; null: no plan (the batch moves nothing in the ledger), fifteen nulls. */
export function planArguments(plan: ResolvedPlan | null): Array<string | null> {
  if (plan === null) return new Array<null>(PLAN_ARGUMENTS).fill(null);
  return [
    recordArray(plan.t.map((x) => [x.id, x.d, x.c, x.a, x.code, x.cur])),
    recordArray(plan.hn.map((h) => holdFields(h, h.o))),
    recordArray(plan.hu.map((h) => holdFields(h, null))),
    recordArray(plan.acc.map((a) => [a.id, a.code, a.owner])),
    ...[plan.n, plan.k, plan.ip, plan.ipd, plan.ipc, plan.dl, plan.dld, plan.dlc, plan.g, plan.gd, plan.gc].map(
      integerArray,
    ),
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
