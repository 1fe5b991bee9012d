// The payment provider's webhook for orders of bars (through the money feature's payment targets).
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { silverWithdrawals } from '../../db/schema/index';
import { logEvent } from '../../lib/audit';
import type { PaymentTarget, PendingCharge } from '../money/index';
import { releaseHolds, reference, settlePixPayment } from './ledger';
import { enqueuePaidMail, giveBackStockAndCoupon, itemsOf, lockWithdrawal } from './service';

const PREFIX = 'silver-withdrawal';

async function pendingCharge(db: Executor, where: ReturnType<typeof eq>, limit: number): Promise<PendingCharge[]> {
  const rows = await db
    .select()
    .from(silverWithdrawals)
    .where(and(where, eq(silverWithdrawals.status, 'pending'), eq(silverWithdrawals.paymentMethod, 'pix')))
    .orderBy(desc(silverWithdrawals.id))
    .limit(limit);
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
    await tx
      .update(silverWithdrawals)
      .set({ status: 'paid', paidAt: now, updatedAt: now })
      .where(eq(silverWithdrawals.id, row.id));
    if (row.userId) await logEvent(tx, row.userId, `Pix da retirada de prata nº ${row.id} recebido`);
    await enqueuePaidMail(tx, row, (await itemsOf(tx, [row.id])).get(row.id) ?? []);
    return { outcome: 'silver_paid', detail };
  },
  async cancelled(_deps, tx, event) {
    const row = await lockWithdrawal(tx, { paymentId: event.paymentId });
    if (!row) return null;
    if (row.status !== 'pending') return { outcome: 'ignored', detail: `retirada de prata ${row.id}` };
    await releaseHolds(tx, row);
    await giveBackStockAndCoupon(tx, row);
    const now = new Date();
    await tx
      .update(silverWithdrawals)
      .set({ status: 'cancelled', resolvedAt: now, updatedAt: now })
      .where(eq(silverWithdrawals.id, row.id));
    return { outcome: 'cancelled', detail: `retirada de prata ${row.id} cancelada pelo provedor` };
  },
  async findCharge(db, paymentId) {
    const [found] = await pendingCharge(db, eq(silverWithdrawals.asaasPaymentId, paymentId), 1);
    return found ?? null;
  },
  pendingCharges(db, limit) {
    return pendingCharge(db, sql`true` as unknown as ReturnType<typeof eq>, limit);
  },
};
