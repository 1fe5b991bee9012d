import type { EventLog } from '@prata/domain';

/**
 * The rows of the history tabs (spec 2 §3). Money in reais and silver in grams, dot-decimal, as the API sends. Only
 * "Demais eventos" has an endpoint yet: the other rows are the spec's, and give way to the endpoint's contract in
 * packages/domain when it is built.
 */

export type DepositRow = {
  id: number;
  amount: number;
  created_at: string;
  status: string;
  rejection_reason: string | null;
  asaas_payment_id: string | null;
};

export type WithdrawalRow = {
  id: number;
  amount: number;
  fee: number;
  status: string;
  rejection_reason: string | null;
  created_at: string;
};

export type SilverWithdrawalRow = {
  id: number;
  status: string;
  created_at: string;
  items: Array<{ quantity_grams: number }>;
  rejection_reason: string | null;
  tracking_code: string | null;
};

export type SilverTransferRow = {
  id: number;
  created_at: string;
  receiver: { email: string } | null;
  receiver_email: string | null;
  quantity_grams: number;
  status: string;
};

export type OrderRow = {
  id: number;
  type: 'buy' | 'sell';
  price_per_gram: number;
  quantity_grams: number;
  total_amount: number;
  transaction_fee: number;
  iof_fee: number;
  created_at: string;
  deleted_at: string | null;
};

/** GET /api/event-logs (packages/domain's contract). */
export type EventLogRow = EventLog;
