// The payment provider's webhook for orders of bars (through the money feature's payment targets).
import type { Executor } from '@/db/client';
import { logEvent } from '@/lib/audit';
import type { PaymentTarget, PendingCharge } from '@/features/money/index';
import { releaseHolds, reference, settlePixPayment } from './ledger';
import { itemsOfWithdrawals, lockWithdrawal, pendingPixOrders, updateWithdrawal } from './repository/index';
import { enqueuePaidMail, giveBackStockAndCoupon } from './service';

const PREFIX = 'silver-withdrawal';

async function pendingCharge(db: Executor, limit: number, paymentId?: string): Promise<PendingCharge[]> {
  const rows = await pendingPixOrders(db, limit, paymentId);
  return rows
    .filter((r) => r.asaasPaymentId)
    .map((r) => ({
      paymentId: r.asaasPaymentId!,
      reference: reference(r.id),
      amountCents: r.totalCents,
      id: r.id,
      email: r.buyer.email,
      createdAt: r.createdAt,
    }));
}

export const silverPaymentTarget: PaymentTarget = {
  prefix: PREFIX,
  async received(_deps, tx, event) {
    const row = await lockWithdrawal(tx, { paymentId: event.paymentId });
    if (!row) return null;
    const detail = `retirada de prata ${row.id}`;
    if (row.totalCents !== event.amountCents) {
      return {
        outcome: 'amount_mismatch',
        detail: `${detail}: esperado ${row.totalCents}, recebido ${event.amountCents} centavos`,
      };
    }
    if (row.status !== 'pending') {
      // paid before (a second event), or paid after it was cancelled or expired: money to give back, never applied
      const late = row.status === 'cancelled' || row.status === 'expired' || row.status === 'rejected';
      return { outcome: late ? 'late_payment' : 'duplicate', detail };
    }
    await settlePixPayment(tx, row);
    const now = new Date();
    await updateWithdrawal(tx, row.id, { status: 'paid', paidAt: now, updatedAt: now });
    if (row.userId) await logEvent(tx, row.userId, `Pix da retirada de prata nº ${row.id} recebido`);
    await enqueuePaidMail(tx, row, (await itemsOfWithdrawals(tx, [row.id])).get(row.id) ?? []);
    return { outcome: 'silver_paid', detail };
  },
  async cancelled(_deps, tx, event) {
    const row = await lockWithdrawal(tx, { paymentId: event.paymentId });
    if (!row) return null;
    if (row.status !== 'pending') return { outcome: 'ignored', detail: `retirada de prata ${row.id}` };
    await releaseHolds(tx, row);
    await giveBackStockAndCoupon(tx, row);
    const now = new Date();
    await updateWithdrawal(tx, row.id, { status: 'cancelled', resolvedAt: now, updatedAt: now });
    return { outcome: 'cancelled', detail: `retirada de prata ${row.id} cancelada pelo provedor` };
  },
  async findCharge(db, paymentId) {
    const [found] = await pendingCharge(db, 1, paymentId);
    return found ?? null;
  },
  pendingCharges(db, limit) {
    return pendingCharge(db, limit);
  },
};
