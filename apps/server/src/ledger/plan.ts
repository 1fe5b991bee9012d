import { accountSpec, type Currency, type Holder, holderAccounts } from './accounts';
import { type EncodedCommand, encodeAll, type LedgerCommand } from './execute';

/**
 * A batch of ledger commands that must all succeed together, worked out here instead of in ledger_commands' PL/pgSQL
 * (docs/ledger.md, "A planned batch"): the transfers each command makes (with the ids ledger_commands gives them:
 * `<hold>#hold`, `#capture.N`, `#release`), the holds it opens and the holds it closes. `ledger_entry`, the ledger's
 * one writer, then locks the owners in the ledger's one order, checks that every hold closed is open and exactly as
 * the caller said, writes everything in set-based statements, and checks every floored balance once, at the end: a
 * batch that would leave one below zero, touch a closed account, or reuse an id writes nothing.
 *
 * What it trades for the speed: all or nothing (no per-command answers, no linked chains, no idempotent replays of
 * old ids), and a balance is checked as the batch leaves it, not after each command (the batch is one transaction:
 * nobody sees the moments between). The order book's matcher is its one caller.
 */

/** A hold opened before the batch, as the caller knows it; ledger_entry checks every field against the row. */
export type OpenHold = { holder: Holder; currency: Currency; amount: number; reason: string; reference: string };

/** A hold as the plan writes it: its accounts by code, currency, amount, why and for what, and how it ended. */
export type HoldRow = {
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

/** A transfer of the plan: its id as ledger_commands would give it, its accounts by code, amount, code, currency. */
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
  /** holds opened before the batch and closed by it: what they must be (accounts, amount, ...), what they become */
  holdsClosed: Array<HoldRow & { state: 'released' | 'captured' }>;
};

const fail = (what: string): never => {
  throw new Error(`ledger plan: ${what}`);
};

/**
 * Works out `commands` (validated as `execute` validates them) into a plan. `open` answers the holds opened before the
 * batch that it releases or captures (asked only for holds the batch did not open). Throws on anything ledger_commands
 * would refuse without reading a balance: an id used twice within the batch, a hold that is not open, a capture beyond
 * its hold.
 */
export function planBatch(commands: LedgerCommand[], open: (holdId: string) => OpenHold | undefined): LedgerPlan {
  const encoded = encodeAll(commands);
  const planner = new Planner(open);
  // the hold and capture commands carry their currency only in the command (the encoding names accounts by code)
  encoded.forEach((e, i) => {
    planner.add(e, (commands[i] as { currency?: Currency }).currency);
  });
  return planner.finish();
}

/** A hold as planBatch follows it through the batch. */
type PlannedHold = Omit<HoldRow, 'id'> & {
  state: 'held' | 'released' | 'captured';
  /** opened by this batch (else: an open hold the caller named) */
  fresh: boolean;
};
type OpenedHold = Omit<PlannedHold, 'state' | 'capturedAmount' | 'remainderHoldId' | 'fresh'>;

/** planBatch's state: the holds it has seen, the transfer ids it has given, the transfers so far. */
class Planner {
  private readonly transfers: PlannedTransfer[] = [];
  private readonly transferIds = new Set<string>();
  private readonly holds = new Map<string, PlannedHold>();

  constructor(private readonly open: (holdId: string) => OpenHold | undefined) {}

  /** One command's transfers and holds. `currency`: the command's (transfers, holds and captures have one). */
  add(e: EncodedCommand, currency: Currency | undefined) {
    switch (e.kind) {
      case 'transfer': {
        const { id, debit_account: debitAccount, credit_account: creditAccount, amount, code } = e;
        this.transfer({ id, debitAccount, creditAccount, amount, code, currency: currency! });
        return;
      }
      case 'hold': {
        const { id, debit_account: availableAccount, credit_account: heldAccount, amount, reason, reference } = e;
        this.opened(id, { availableAccount, heldAccount, currency: currency!, amount, reason, reference });
        this.transfer({
          id: `${id}#hold`,
          debitAccount: availableAccount,
          creditAccount: heldAccount,
          amount,
          code: 'hold',
          currency: currency!,
        });
        return;
      }
      case 'release': {
        const h = this.openHold(e.id);
        this.release(e.id, h, h.amount);
        h.state = 'released';
        return;
      }
      case 'capture':
        this.capture(e, currency);
        return;
      default:
        fail(`unknown command ${String((e as { kind: unknown }).kind)}`);
    }
  }

  /** The plan: every transfer, the holds the batch opened, and the ones opened before it that it closed. */
  finish(): LedgerPlan {
    const plan: LedgerPlan = { transfers: this.transfers, holdsOpened: [], holdsClosed: [] };
    for (const [id, { fresh, state, ...h }] of this.holds) {
      if (fresh) plan.holdsOpened.push({ id, ...h, state });
      else if (state !== 'held') plan.holdsClosed.push({ id, ...h, state });
    }
    return plan;
  }

  /** A capture: its parts out of the held account, then what is left released or kept under a remainder hold. */
  private capture(e: Extract<EncodedCommand, { kind: 'capture' }>, currency: Currency | undefined) {
    const h = this.openHold(e.id);
    if (currency !== h.currency) fail(`capture of ${e.id} in another currency`);
    let capturedAmount = 0;
    e.parts.forEach((p, j) => {
      this.transfer({
        id: `${e.id}#capture.${j + 1}`,
        debitAccount: h.heldAccount,
        creditAccount: p.credit_account,
        amount: p.amount,
        code: p.code,
        currency: h.currency,
      });
      capturedAmount += p.amount;
    });
    const left = h.amount - capturedAmount;
    if (left < 0) fail(`capture of ${e.id} beyond its hold`);
    const remainderHoldId = e.remainder_hold_id !== undefined && left > 0 ? e.remainder_hold_id : null;
    if (remainderHoldId !== null) {
      const { availableAccount, heldAccount, reason, reference } = h;
      this.opened(remainderHoldId, {
        availableAccount,
        heldAccount,
        currency: h.currency,
        amount: left,
        reason,
        reference,
      });
    } else if (left > 0) {
      this.release(e.id, h, left);
    }
    h.state = 'captured';
    h.capturedAmount = capturedAmount;
    h.remainderHoldId = remainderHoldId;
  }

  private transfer(t: PlannedTransfer) {
    if (this.transferIds.has(t.id)) fail(`transfer id ${t.id} twice`);
    this.transferIds.add(t.id);
    this.transfers.push(t);
  }

  /** The `#release` of `amount` of hold `id` back to its available account. */
  private release(id: string, h: PlannedHold, amount: number) {
    this.transfer({
      id: `${id}#release`,
      debitAccount: h.heldAccount,
      creditAccount: h.availableAccount,
      amount,
      code: 'release',
      currency: h.currency,
    });
  }

  private opened(id: string, h: OpenedHold) {
    // an id the database already has is refused there (a unique violation of ledger_holds' key)
    if (this.holds.has(id)) fail(`hold id ${id} twice`);
    this.holds.set(id, { ...h, state: 'held', capturedAmount: null, remainderHoldId: null, fresh: true });
  }

  /** Hold `id` as the batch has left it (asked of the caller when the batch did not open it): open, else it throws. */
  private openHold(id: string): PlannedHold {
    let h = this.holds.get(id);
    if (!h) {
      const o = this.open(id) ?? fail(`hold ${id} is not known`);
      const { available, held } = holderAccounts(o.holder);
      h = {
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
      this.holds.set(id, h);
    }
    if (h.state !== 'held') fail(`hold ${id} is not open`);
    return h;
  }
}
