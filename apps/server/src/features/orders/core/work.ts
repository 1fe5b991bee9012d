import { holderOf, holdId, ownerKey } from './market';
import type { BatchInputs, LedgerCommand, MarketState, OpenHold, OpenOrder, Owner, TradeRow } from './types';

/** What a batch gathers while it applies its operations, in the order they caused it. */
export type BatchWork = {
  state: MarketState;
  inputs: BatchInputs;
  ledgerCommands: LedgerCommand[];
  /** the orders the batch placed or changed, by id (their rows are written) */
  changed: Map<number, OpenOrder>;
  trades: TradeRow[];
  /** centavos traded this year, by customer */
  usage: Map<number, number>;
  /** the ledger commands that captured a taker's own hold, with their trade (settle.ts) */
  takerCaptures: Map<LedgerCommand, number>;
  /** every hold a command closes, as it was then (for the ledger's plan: the ones opened before the batch) */
  closingHolds: Map<string, OpenHold>;
};

export function startWork(state: MarketState, inputs: BatchInputs): BatchWork {
  return {
    state,
    inputs,
    ledgerCommands: [],
    changed: new Map(),
    trades: [],
    usage: new Map(),
    takerCaptures: new Map(),
    closingHolds: new Map(),
  };
}

/** Notes the hold of `o` that a release or capture closes, with what it holds at that moment; answers its id. */
export function closes(work: BatchWork, o: OpenOrder, heldMinorUnits: number): string {
  const id = holdId(o);
  if (!work.closingHolds.has(id)) {
    work.closingHolds.set(id, {
      holder: holderOf(o.owner),
      currency: o.side === 'buy' ? 'BRL' : 'AG',
      amount: heldMinorUnits,
      reason: 'order',
      reference: `order:${o.id}`,
    });
  }
  return id;
}

/** Moves an owner's available balance as the core knows it (owners it does not know are left unknown). */
export function credit(work: BatchWork, owner: Owner, currency: 'BRL' | 'AG', minorUnits: number) {
  const account = work.state.accounts.get(ownerKey(owner));
  if (!account || minorUnits === 0) return;
  if (currency === 'BRL') account.availableCents += minorUnits;
  else account.availableCentigrams += minorUnits;
}
