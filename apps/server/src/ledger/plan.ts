import { accountSpec, type Currency, type Holder, holderAccounts } from './accounts';
import { encodeAll, type LedgerCommand } from './execute';

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
