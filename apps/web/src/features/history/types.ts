import type { Deposit, EventLog, Order, SilverTransfer, SilverWithdrawal, Withdrawal } from '@prata/domain';

/**
 * The rows of the history tabs (spec 2 §3). Money in reais and silver in grams, dot-decimal, as the API sends. The
 * tabs with an endpoint take its contract from packages/domain; the others are the spec's, and give way to the
 * endpoint's contract when it is built.
 */

/** GET /api/deposits (packages/domain's contract). */
export type DepositRow = Deposit;

/** GET /api/withdrawals (packages/domain's contract). */
export type WithdrawalRow = Withdrawal;

/** GET /api/silver-withdrawals (packages/domain's contract): purchases of bars and withdrawals from custody. */
export type SilverWithdrawalRow = SilverWithdrawal;

/** GET /api/silver-transfers (packages/domain's contract): sent and received, with `direction`. */
export type SilverTransferRow = SilverTransfer;

/** GET /api/orders/completed and GET /api/orders/deleted (packages/domain's contract). */
export type OrderRow = Order;

/** GET /api/event-logs (packages/domain's contract). */
export type EventLogRow = EventLog;
