import { orderCost, type OrderRates } from '@prata/domain';
import type { ReferenceBook } from '../matching/reference';
import type { BatchResult } from './apply-batch';
import { emptyMarket } from './market';
import type { Account, AccountRef, LedgerCommand, MarketState } from './types';

/** Test support for the core (no database): a market with accounts, and a ledger that checks the core's commands. */

/** The market's default rates for customers (migration 0001's market_settings). */
export const CUSTOMER_RATES: OrderRates = { feeRateBps: 50, iofRateBps: 38, minimumFeeCents: 500 };
export const NOW_ISO = '2026-11-28T12:00:00.000Z';

/**
 * What a take must answer by the reference book (ORDER_NOT_OPEN, ORDER_OWN, ORDER_NOT_ALLOWED when a seller's value
 * would not cover the fee and IOF at CUSTOMER_RATES), or null when it goes through: core/place.ts's rules said once
 * for the random tests, with and without a database.
 */
export function expectedTakeRefusal(
  ref: ReferenceBook,
  take: { side: 'buy' | 'sell'; targetOrderId?: number | undefined; quantityCentigrams: number },
  owner: string,
): string | null {
  const target = [...ref.restingOrders('buy'), ...ref.restingOrders('sell')].find(
    (o) => o.id === String(take.targetOrderId),
  );
  if (!target || target.side === take.side) return 'ORDER_NOT_OPEN';
  if (target.owner === owner) return 'ORDER_OWN';
  if (take.side === 'buy') return null;
  const { allowed } = orderCost({
    side: 'sell',
    pricePerGramCents: target.price,
    quantityCentigrams: Math.min(take.quantityCentigrams, target.remaining),
    feeRateBps: CUSTOMER_RATES.feeRateBps,
    iofRateBps: CUSTOMER_RATES.iofRateBps,
  });
  return allowed ? null : 'ORDER_NOT_ALLOWED';
}

/** A market with no orders and these accounts (by owner key: `u<id>` or `house`). */
export function marketWith(accounts: Record<string, Partial<Account>>): MarketState {
  const state = emptyMarket();
  for (const [key, a] of Object.entries(accounts)) {
    state.accounts.set(key, {
      availableCents: a.availableCents ?? 0,
      availableCentigrams: a.availableCentigrams ?? 0,
      tradingLimitCents: a.tradingLimitCents ?? 0,
      tradedCents: a.tradedCents ?? 0,
    });
  }
  return state;
}

type Currency = 'BRL' | 'AG';
const refKey = (ref: AccountRef, currency: Currency) => {
  if ('system' in ref) return `system:${ref.system}:${currency}`;
  if ('house' in ref) return `house:${ref.house}:${currency}`;
  return `u${ref.customer}:${ref.bucket}:${currency}`;
};
const holderKey = (holder: 'house' | { customer: number }, bucket: 'available' | 'held', currency: Currency) =>
  holder === 'house' ? `house:${bucket}:${currency}` : `u${holder.customer}:${bucket}:${currency}`;

/**
 * The ledger's rules as docs/ledger.md states them, in memory: holds move available → held, a capture moves held to
 * its parts (the rest back, or kept under the remainder's id), a release gives the rest back, a transfer moves
 * between accounts. Every batch's commands are applied in order; `check` then finds what the real ledger would refuse
 * (a customer's or the house's available below zero, a capture beyond its hold, a hold closed twice) and whether the
 * holds the batch says it closes were as it says.
 */
export class LedgerSim {
  readonly balances = new Map<string, number>();
  private readonly holds = new Map<string, { key: string; availableKey: string; amount: number }>();

  fund(key: string, currency: Currency, amount: number) {
    this.add(`${key}:available:${currency}`, amount);
    this.add(`system:funding:${currency}`, -amount);
  }

  balance(key: string, bucket: 'available' | 'held', currency: Currency) {
    return this.balances.get(`${key}:${bucket}:${currency}`) ?? 0;
  }

  /** Applies a batch's commands; answers the problems found (none: the ledger would accept the batch as it is). */
  apply(batch: Pick<BatchResult, 'ledgerCommands' | 'closingHolds'>): string[] {
    const problems: string[] = [];
    for (const [id, open] of batch.closingHolds) {
      const known = this.holds.get(id);
      if (known && known.amount !== open.amount)
        problems.push(`hold ${id}: ${known.amount} held, plan says ${open.amount}`);
    }
    for (const cmd of batch.ledgerCommands) this.command(cmd, problems);
    for (const [key, amount] of this.balances) {
      if (!key.startsWith('system:') && amount < 0) problems.push(`${key} below zero: ${amount}`);
    }
    return problems;
  }

  private command(cmd: LedgerCommand, problems: string[]) {
    if (cmd.kind === 'transfer') {
      this.add(refKey(cmd.debit, cmd.currency), -cmd.amount);
      this.add(refKey(cmd.credit, cmd.currency), cmd.amount);
    } else if (cmd.kind === 'hold') {
      const availableKey = holderKey(cmd.holder, 'available', cmd.currency);
      const key = holderKey(cmd.holder, 'held', cmd.currency);
      if (this.holds.has(cmd.id)) problems.push(`hold ${cmd.id} opened twice`);
      this.add(availableKey, -cmd.amount);
      this.add(key, cmd.amount);
      this.holds.set(cmd.id, { key, availableKey, amount: cmd.amount });
    } else {
      const hold = this.holds.get(cmd.holdId);
      if (!hold) {
        problems.push(`${cmd.kind} of ${cmd.holdId}: not open`);
        return;
      }
      this.holds.delete(cmd.holdId);
      let rest = hold.amount;
      if (cmd.kind === 'capture') {
        for (const part of cmd.parts) {
          this.add(refKey(part.to, cmd.currency), part.amount);
          rest -= part.amount;
        }
        if (rest < 0) problems.push(`capture of ${cmd.holdId} beyond its hold by ${-rest}`);
        this.add(hold.key, rest - hold.amount);
        if (cmd.remainderHoldId !== undefined) {
          this.holds.set(cmd.remainderHoldId, { ...hold, amount: rest });
          return;
        }
      }
      // released: the rest back to available
      this.add(hold.key, -rest);
      this.add(hold.availableKey, rest);
    }
  }

  /** What every account of a currency holds together: always 0 (the funding is a system account). */
  total(currency: Currency) {
    let sum = 0;
    for (const [key, amount] of this.balances) if (key.endsWith(`:${currency}`)) sum += amount;
    return sum;
  }

  private add(key: string, amount: number) {
    this.balances.set(key, (this.balances.get(key) ?? 0) + amount);
  }
}
