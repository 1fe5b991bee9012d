import type { Executor } from '@/db/client';
import { post, requireOk } from '@/ledger/index';

/**
 * How a transfer moves grams (LEDGER.md flow 6; docs/silver-transfers.md). Ids:
 * - `silver-transfer:<id>`: sender's available → receiver's available, or → transfer:unclaimed (no account yet)
 * - `silver-transfer:<id>:claim`: transfer:unclaimed → the new customer's available (registered with that e-mail and
 *   CPF, approved)
 * - `silver-transfer:<id>:return`: transfer:unclaimed → the sender's available (cancelled by the sender, or expired)
 * Each id posts once: a retried claim, cancel or expiry cannot move the grams twice.
 */
export const transferLedgerId = (id: number) => `silver-transfer:${id}`;

/** An unclaimed transfer reaches its receiver. */
export async function postClaim(tx: Executor, id: number, receiverId: number, quantityCg: number) {
  requireOk(
    await post(tx, {
      id: `${transferLedgerId(id)}:claim`,
      debit: { system: 'transfer:unclaimed' },
      credit: { customer: receiverId, bucket: 'available' },
      currency: 'AG',
      amount: quantityCg,
      code: 'transfer.claimed',
    }),
    'AG',
  );
}

/** An unclaimed transfer goes back to its sender. */
export async function postReturn(tx: Executor, id: number, senderId: number, quantityCg: number) {
  requireOk(
    await post(tx, {
      id: `${transferLedgerId(id)}:return`,
      debit: { system: 'transfer:unclaimed' },
      credit: { customer: senderId, bucket: 'available' },
      currency: 'AG',
      amount: quantityCg,
      code: 'transfer.returned',
    }),
    'AG',
  );
}
